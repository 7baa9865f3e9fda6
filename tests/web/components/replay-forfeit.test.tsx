/**
 * A replay stepped to the end of a game one player left crowns the same winner as the game's own
 * end and "Your games": never the seat a bot played to the top after its player left (the server
 * records that seat's loss and gives the win to the best of the others; docs/rules.md,
 * src/shared/forfeit.ts). The replay read the engine's winners alone: its line said "Lea won!"
 * and starred her seat, while her list of games said she lost. Who left is in the record itself,
 * and in a replay file opened at /replay, in its actions' stand-in reasons: that page said
 * "Lea won!" still, as the record it rebuilds keeps no stand-in marks.
 *
 * A player who left after their last decision (the other still deciding) has no stand-in's action
 * at all: the replay, and the file at /replay, crowned them while the server recorded their loss.
 * The record and the file say who forfeited as the server recorded it (`forfeits`).
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { botDecision } from '../../../src/bots/harness.js';
import { playAction, type Game } from '../../../src/engine/index.js';
import { rebuild, type GameRecord, type ReplayLogEntry } from '../../../src/engine/replay.js';
import { replayOf } from '../../../src/engine/replay-file.js';
import { openOnReplayPage } from '../support/replay-file-page.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { LoadedReplay } from '../../../src/web/replay/replay-screen.js';
import { replayOfRecord } from '../../../src/web/replay/use-replay.js';
import { theme } from '../../../src/web/theme.js';
import { newGame } from '../support/screen-state.js';
import { newGameRecord } from '../support/recorded-games.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

afterEach(cleanup);

/**
 * A two-seat game played to its end by Easy Bots' choices for both seats, recorded; the seat with
 * the most favor left after its first decision, so a stand-in made every later one of its, or
 * after its last, while the other still had one to make (the first seed from 11 that ends so).
 * Its record as `replays.get` serves it (the log marks each stand-in's action; `forfeits` says who
 * left) and its final state.
 */
function leftGame(after: 'first decision' | 'last decision'): { record: GameRecord; final: Game } {
  for (let seed = 11; seed < 61; seed++) {
    const left = playedGame(seed, after);
    if (left) return left;
  }
  throw new Error(`no seed from 11 to 60 ends with its winner leaving after their ${after}`);
}

function playedGame(seed: number, after: 'first decision' | 'last decision'): { record: GameRecord; final: Game } | null {
  const start = Date.now();
  const first = newGame(seed, start);
  const record: GameRecord = newGameRecord(first, start);
  const played: { userID: string; action: NonNullable<ReturnType<typeof botDecision>>; sequenceID: number }[] = [];
  let game: Game = rebuild(record).steps[0]!.game;
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    const userID = game.players[seat]!.userID;
    const action = botDecision(game, seat, 7, 'easy_bot')!;
    const next = playAction(game, userID, action, start);
    if (!next.ok) throw new Error(next.message);
    played.push({ userID, action, sequenceID: game.sequenceID + 1 });
    game = next.game;
  }
  if (game.gameEndTimestamp === null || game.winnerIDs.length !== 1) return null;
  const leaver = game.winnerIDs[0]!;
  // Leaving after one's last decision leaves the other one to make at least.
  if (after === 'last decision' && played.at(-1)!.userID === leaver) return null;
  const firstOfLeaver = played.findIndex((p) => p.userID === leaver);
  const standIn = (userID: string, i: number) => (after === 'first decision' && userID === leaver && i > firstOfLeaver ? 'left' : null);
  const log: ReplayLogEntry[] = played.map(({ userID, action, sequenceID }, i) => ({ kind: 'action', sequenceID, userID, action, at: start, standIn: standIn(userID, i) }));
  return { record: { ...record, log, events: game.events, final: { gameEndTimestamp: game.gameEndTimestamp }, forfeits: { [leaver]: 'left' } }, final: game };
}

/** The game's players named: the one who left (the engine's winner) Lea, the other Otto; Otto's id. */
function nameThePlayers(final: Game): string {
  const leaver = final.winnerIDs[0]!;
  const other = final.players.find((p) => p.userID !== leaver)!.userID;
  stubbed.users = [
    { id: leaver, name: 'Lea', profilePictureURL: null },
    { id: other, name: 'Otto', profilePictureURL: null },
  ];
  return other;
}

describe.each(['first decision', 'last decision'] as const)('a player who left after their %s', (after) => {
  test('the end of the game crowns the best of the others', () => {
    const replay = replayOfRecord(leftGame(after).record);
    const otto = nameThePlayers(replay.moments.at(-1)!.game);
    render(
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[`/game/g/replay?step=${replay.moments.length - 1}`]}>
          <LoadedReplay replay={replay} backTo={null} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(document.querySelector('[data-replay-step]')!.getAttribute('data-game-ended')).toBe('true');
    expect(screen.getByTestId('winner-banner').textContent).toBe(' Otto won!');
    expect(new Set([...document.querySelectorAll('[data-won]')].map((summary) => summary.getAttribute('data-player-id')))).toEqual(new Set([otto]));
  });

  test("the game's replay file opened at /replay crowns the best of the others too, and its dice verify", async () => {
    const { record, final } = leftGame(after);
    const otto = nameThePlayers(final);
    // The file as the server exports it: each action a stand-in took says why beside it, and who forfeited is said.
    const actions = record.log.flatMap((e) => (e.kind === 'action' ? [{ userID: e.userID, action: e.action, now: e.at, ...(e.standIn ? { standIn: e.standIn } : {}) }] : []));
    const file = { ...replayOf({ id: record.id, seats: record.seats, options: record.options, modules: [] }, record.seed, record.start, actions, final), forfeits: record.forfeits };
    expect(actions.some((a) => a.standIn === 'left')).toBe(after === 'first decision');
    await openOnReplayPage(JSON.stringify(file), 'left.json');
    expect((await screen.findByTestId('fair-dice')).getAttribute('data-verified')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'End' });
    expect(document.querySelector('[data-replay-step]')!.getAttribute('data-game-ended')).toBe('true');
    expect(screen.getByTestId('winner-banner').textContent).toBe(' Otto won!');
    // The star beside the favor: Otto's summaries alone.
    expect(new Set([...document.querySelectorAll('[data-won]')].map((summary) => summary.getAttribute('data-player-id')))).toEqual(new Set([otto]));
  });
});
