/**
 * /game/{id}/replay rendered in happy-dom as its route renders it, the record served by the tRPC
 * stub (`stubbed.answers['replays.get']`), and beside it the address the page keeps (`?step=N`).
 * The test file replaces the tRPC client, the sounds and the odds worker with `vi.mock`.
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { rebuild } from '../../../src/engine/replay.js';
import { Page as ReplayPage } from '../../../src/web/pages/replay.js';
import { momentsOf } from '../../../src/web/replay/moments.js';
import { theme } from '../../../src/web/theme.js';
import { botPlayedRecord } from './recorded-games.js';
import { ShownAddress, shownAddress } from './shown-path.js';

/** A finished game's record whose dice verify, its steps as the replay shows them, and the last step's number. */
export function playedReplay() {
  const record = botPlayedRecord();
  const moments = momentsOf(rebuild(record));
  return { record, moments, last: moments.length - 1 };
}

/**
 * Renders the replay of `gameID` at `step` (none: the address has no step). Mantine's own
 * transitions are done at once (its 'test' environment): a dropdown opening waited on frames
 * happy-dom does not draw, and its options stayed out of sight.
 */
export function openReplay(gameID: string, step: number | null = null): void {
  render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter initialEntries={[`/game/${gameID}/replay${step === null ? '' : `?step=${step}`}`]}>
        <Routes>
          <Route
            path="/game/:gameID/replay"
            element={
              <>
                <ReplayPage />
                <ShownAddress />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The replay's screen (its marks: the step shown, the eyes, reveal all, whether the dice hold the panel). */
export const replayScreen = (): HTMLElement => document.querySelector<HTMLElement>('.replay-screen')!;

/** The step the screen shows. */
export const shownStep = (): number => Number(replayScreen().getAttribute('data-replay-step'));

/** The step the address says. */
export const addressStep = (): string | null => new URL(shownAddress(), 'http://site').searchParams.get('step');
