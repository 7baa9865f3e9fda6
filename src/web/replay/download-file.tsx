/**
 * A finished game's replay file, saved to the player's device: the file `mythos games export`
 * writes (tRPC `replays.file`), which /replay opens and checks in any browser and `mythos verify`
 * re-runs. Asked for only when the button is pressed: it is the whole game, as large as the
 * record the replay was built from.
 */
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { trpc } from '../lib/trpc.js';

/** The name the file is saved under: the game's, as `mythos games export` names it, with the site's. */
export const replayFileName = (gameID: string) => `mythos-${gameID}.json`;

export function DownloadReplayFile({ gameID }: { gameID: string }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await utils.replays.file.fetch({ gameID }, { staleTime: Infinity, retry: false });
      const url = URL.createObjectURL(new Blob([JSON.stringify(file)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = replayFileName(gameID);
      link.click();
      // The click has handed the file to the browser's download by the time the next task runs.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="subtle" color="gold" size="compact-sm" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
        Download the replay file
      </Button>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Group>
  );
}
