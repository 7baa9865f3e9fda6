/**
 * A replay stepped forward onto a clash rolls its dice, and the players' names arriving while they
 * roll (the users query answering a moment after the step, as on a slow connection) leave them
 * rolling: a new table is a new step, but new names are not. They stopped the dice mid-roll, and
 * the browser test that steps onto a clash saw settled dice on a loaded machine.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { playAction, type Action, type Game } from '../../../src/engine/index.js';
import { rebuild, type GameRecord, type ReplayLogEntry } from '../../../src/engine/replay.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { LoadedReplay } from '../../../src/web/replay/replay-screen.js';
import { replayOfRecord, type Replay } from '../../../src/web/replay/use-replay.js';
import { theme } from '../../../src/web/theme.js';
import { ANN_AND_BOB, ANN, BOB, newGame } from '../support/screen-state.js';
import { newGameRecord } from '../support/recorded-games.js';
import { stubbed } from '../support/trpc-stub.js';

// The dice's chunk (clash-dice-view.tsx) is here before the clash, as the screen has it: it loads
// them once a clash may be near.
beforeAll(async () => {
  await loadClashDice();
});

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer (the chart waits), which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

/** A two-seat game's record up to its first clash: both seats bid nothing on the first card (a fixed seed). */
function clashReplay(): Replay {
  const start = Date.now();
  const first = newGame(11, start);
  const record: GameRecord = newGameRecord(first, start);
  const log: ReplayLogEntry[] = [];
  let game: Game = rebuild(record).steps[0]!.game;
  for (const userID of [ANN, BOB]) {
    const action: Action = { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } };
    log.push({ kind: 'action', sequenceID: game.sequenceID + 1, userID, action, at: start, standIn: null });
    const played = playAction(game, userID, action, start);
    if (!played.ok) throw new Error(played.message);
    game = played.game;
  }
  if (!game.events.some((e) => e.type === 'CONFLICT_RESULTS')) throw new Error('no clash');
  const full = { ...record, log, events: game.events, final: { gameEndTimestamp: null } };
  return replayOfRecord(full);
}

const replay = clashReplay();
const page = () => (
  <MantineProvider theme={theme}>
    <MemoryRouter initialEntries={['/game/g/replay?step=1']}>
      <LoadedReplay replay={replay} backTo={null} />
    </MemoryRouter>
  </MantineProvider>
);

beforeEach(() => {
  // The dice's steps are timers planned from performance.now(): both stand still.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  stubbed.users = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

test('the names arriving while a clash rolls leave its dice rolling', () => {
  expect(replay.moments).toHaveLength(3);
  const { rerender } = render(page());
  fireEvent.click(screen.getByRole('button', { name: 'Next step (Right)' }));
  const overlay = screen.getByRole('region', { name: 'Clashes' });
  expect(within(overlay).getByRole('table', { name: 'Dice' })).toBeTruthy();
  expect(overlay.querySelector('[data-clash-stage]')!.getAttribute('data-clash-stage')).toBe('initial');
  expect(within(overlay).queryByText('Ann')).toBeNull();

  stubbed.users = ANN_AND_BOB;
  act(() => rerender(page()));
  const still = screen.getByRole('region', { name: 'Clashes' });
  expect(still.querySelector('[data-clash-stage]')!.getAttribute('data-clash-stage')).toBe('initial');
  // The names show on the rolling dice.
  expect(within(still).getByText('Ann')).toBeTruthy();
  act(() => void vi.advanceTimersByTime(1_000));
  expect(screen.getByRole('region', { name: 'Clashes' }).querySelector('[data-clash-stage]')!.getAttribute('data-clash-stage')).toBe('rolling');
});
