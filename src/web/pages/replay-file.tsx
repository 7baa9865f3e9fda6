/**
 * /replay: a replay file (a replay's download, or `mythos games export`) opened in this browser, never uploaded: picked
 * or dropped, read here, checked by the engine's shape checks (src/engine/replay-file.ts), turned
 * into the record the game replay rebuilds (src/engine/replay-record.ts) and shown in the same
 * replay screen, with the same fair-dice line and the same winner (who forfeited is the file's
 * `forfeits`, or in an older file its actions' stand-in reasons). A running game's file
 * (--unfinished) steps through but cannot be verified yet. The dice line checks the file against
 * itself only; beside it, a file that names its game is compared with this site's record of that
 * game (site-record-line.tsx).
 */
import { Suspense, useCallback, useState, type DragEvent } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Alert, Button, FileButton, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { IconFileUpload } from '@tabler/icons-react';
import { checkReplay, ReplayFileError } from '../../engine/replay-file.js';
import { recordOfReplayFile } from '../../engine/replay-record.js';
import { forfeitsInFile } from '../../shared/forfeit.js';
import { fileOddsKey } from '../odds/chart-store.js';
import { LoadedReplay } from '../replay/replay-screen.js';
import type { OpenedFile } from '../replay/site-record.js';
import { replayOfRecord, type Replay } from '../replay/use-replay.js';
import replayClasses from '../replay/replay.module.css';
import classes from '../replay/replay-file.module.css';

// Loaded once a file is opened: the comparison and its words (about 1.3 KB gzip) are no part of the page's first load.
const SiteRecordLine = retryingLazy(() => import('../replay/site-record-line.js').then((m) => ({ default: m.SiteRecordLine })));

/** A replay file is a few MB at most (a long 8-seat game); anything far bigger is not one. */
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * A file shown: its replay, the game it names (`setup.id`: a file this site exported), what is
 * compared with the site's record of it, and the key its odds are worked out under (its own: the
 * game it names may be any game of this site, and its chart must never pass for that game's).
 */
type Shown = { replay: Replay; gameID: string | undefined; file: OpenedFile; name: string; oddsKey: string };
type Opened = Shown | { error: string; name: string } | null;

async function open(file: File): Promise<Opened> {
  const name = file.name;
  if (file.size > MAX_BYTES) return { name, error: `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB: a replay file is at most 20 MB.` };
  let doc: unknown;
  try {
    doc = JSON.parse(await file.text());
  } catch (error) {
    return { name, error: `This is not a replay file: it is not valid JSON (${(error as Error).message}).` };
  }
  try {
    const file = checkReplay(doc);
    // Who forfeited: the file's `forfeits`, else its actions' stand-in reasons, which the rebuilt record leaves out.
    const replay = replayOfRecord(recordOfReplayFile(file), forfeitsInFile(file));
    return { name, replay, gameID: file.setup.id, file: { record: replay.record, actions: file.actions, forfeits: replay.forfeits }, oddsKey: fileOddsKey() };
  } catch (error) {
    if (error instanceof ReplayFileError) return { name, error: `This is not a replay file: ${error.message}.` };
    // A file made by hand can hold what no saved game does, past what the shape checks look at (an
    // event that is null, values nested thousands deep): the engine's error, thrown out of this
    // promise, left the page as it was, saying nothing.
    return { name, error: `This replay file cannot be shown: it holds what no saved game does (${error instanceof Error ? error.message : String(error)}).` };
  }
}

export function Page() {
  const [opened, setOpened] = useState<Opened>(null);
  const [dragging, setDragging] = useState(false);
  const [, setParams] = useSearchParams();
  // A file opens at its first step: the step in the address is the file before's (`?step=N`, the
  // replay's), and a file opened after another was stepped to its end opened on its own last
  // step, its winner shown before its first turn.
  const take = useCallback(
    (file: File | null) => {
      if (!file) return;
      void open(file).then((next) => {
        setOpened(next);
        setParams(
          (p) => {
            if (!p.has('step')) return p;
            const out = new URLSearchParams(p);
            out.delete('step');
            return out;
          },
          { replace: true },
        );
      });
    },
    [setParams],
  );
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0] ?? null);
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };

  return (
    <Stack gap="md" onDrop={onDrop} onDragOver={onDragOver} onDragLeave={() => setDragging(false)} mih="60vh">
      <section className={`${replayClasses.controls} ${classes.opener}`} data-dragging={dragging ? 'true' : 'false'} aria-labelledby="replay-file-title">
        <h1 id="replay-file-title" className={classes.title}>
          Open a replay file
        </h1>
        <p className={classes.hint}>
          A finished game's file (<b>Download the replay file</b> on its replay, or <code>mythos games export</code>): step through it and check its dice in this browser. The file is read here, never uploaded.
        </p>
        <div className={classes.row}>
          <FileButton onChange={take} accept="application/json,.json">
            {(props) => (
              <Button {...props} color="gold" leftSection={<IconFileUpload size={18} aria-hidden />}>
                Choose a file
              </Button>
            )}
          </FileButton>
          <span className={classes.hint}>{opened ? `Opened: ${opened.name}` : 'or drop it on this page'}</span>
        </div>
      </section>
      {opened && 'error' in opened ? (
        <Alert color="red" title="This file cannot be shown" role="alert">
          {opened.error}
        </Alert>
      ) : null}
      {opened && 'replay' in opened ? (
        <LoadedReplay
          key={opened.name + opened.replay.record.id}
          replay={opened.replay}
          backTo={null}
          oddsKey={opened.oddsKey}
          besideDice={
            <Suspense fallback={null}>
              <SiteRecordLine gameID={opened.gameID} file={opened.file} />
            </Suspense>
          }
        />
      ) : null}
    </Stack>
  );
}
