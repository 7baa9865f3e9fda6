/**
 * /replay says, beside the fair-dice line, whether the file is the game this site recorded. The
 * dice line checks a file against itself only: a file made by hand from another play of the game
 * (one action changed, or someone said to have forfeited) verified as well as the site's own
 * export, and its forfeits crowned whom they liked. A file naming its game (`setup.id`) is now
 * compared with the site's record of it (`replays.get`), the first difference named; a game this
 * site does not have, or a file naming none (a tournament's), is said to be checked against
 * itself only.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { botDecision } from '../../../src/bots/harness.js';
import { playAction, type Action, type Game, type StandInReason } from '../../../src/engine/index.js';
import { rebuild, snapshotOf, type GameRecord, type ReplayLogEntry } from '../../../src/engine/replay.js';
import { replayOf, type ReplayAction, type ReplayFile } from '../../../src/engine/replay-file.js';
import { openOnReplayPage } from '../support/replay-file-page.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { ANN, newGame } from '../support/screen-state.js';
import { newGameRecord } from '../support/recorded-games.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

afterEach(() => {
  cleanup();
  stubbed.answers = {};
  stubbed.refusals = {};
});

const start = Date.now();
const first = newGame(11, start);
const GAME = first.id;
/** The action the site's game and the hand-made file part at: the first bid's, on another card of the row. */
const CHANGED = 0;
const otherCard = (index: number) => (index === 0 ? 1 : 0);
const TIMER: StandInReason = 'turn timer';

/**
 * The two-seat game played to its end by Easy Bots' choices for both seats, each action a second
 * after the one before, the third taken by a stand-in when the turn timer ran out; with `change`,
 * another play of it, whose first bid is on another card of the row and whose later choices follow.
 */
function played(change: boolean): { actions: ReplayAction[]; final: Game } {
  const actions: ReplayAction[] = [];
  let game = rebuild(newGameRecord(first, start)).steps[0]!.game;
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    const userID = game.players[seat]!.userID;
    const chosen: Action = botDecision(game, seat, 7, 'easy_bot')!;
    const action: Action = change && i === CHANGED && chosen.type === 'BID' ? { type: 'BID', bid: { ...chosen.bid, tradeRowIndex: otherCard(chosen.bid.tradeRowIndex) } } : chosen;
    const now = start + 1000 * (i + 1);
    const next = playAction(game, userID, action, now);
    if (!next.ok) throw new Error(next.message);
    actions.push({ userID, action, now, ...(i === 2 ? { standIn: TIMER } : {}) });
    game = next.game;
  }
  if (game.gameEndTimestamp === null) throw new Error('the game did not end');
  return { actions, final: game };
}

const site = played(false);
const changed = played(true);

/**
 * The site's record of the game, as `replays.get` serves it: its log holds a chat message sent
 * before the first action too (a step of the stored game, which a file leaves out), each action
 * under its step, with its stand-in mark; nobody forfeited.
 */
function siteRecord(): GameRecord {
  const chat: ReplayLogEntry = { kind: 'chat', sequenceID: first.sequenceID + 1, userID: ANN, text: 'good luck', at: start + 500 };
  let game = rebuild(newGameRecord(first, start)).steps[0]!.game;
  const log: ReplayLogEntry[] = [chat];
  for (const a of site.actions) {
    log.push({ kind: 'action', sequenceID: game.sequenceID + 2, userID: a.userID, action: a.action, at: a.now, standIn: a.standIn ?? null });
    const next = playAction(game, a.userID, a.action, a.now);
    if (!next.ok) throw new Error(next.message);
    game = next.game;
  }
  return { ...newGameRecord(first, start), log, events: site.final.events, final: snapshotOf(site.final), forfeits: {} };
}

/** The file of a play, as the site exports it: naming the game, each stand-in's reason beside its action, who forfeited said. */
function fileOf({ actions, final }: { actions: ReplayAction[]; final: Game }, forfeits: ReplayFile['forfeits'] = {}): ReplayFile {
  const record = newGameRecord(first, start);
  return { ...replayOf({ id: GAME, seats: record.seats, options: record.options, modules: [] }, record.seed, start, actions, final), forfeits };
}

/** /replay with `file` opened: its fair-dice line's verdict, and the line beside it once it has its words. */
async function opened(file: ReplayFile): Promise<{ verified: string | null; match: string | null; words: string }> {
  await openOnReplayPage(JSON.stringify(file));
  const dice = await screen.findByTestId('fair-dice', {}, { timeout: 10_000 });
  const line = await screen.findByTestId('site-record');
  return { verified: dice.getAttribute('data-verified'), match: line.getAttribute('data-match'), words: line.textContent! };
}

const ITSELF_ONLY = 'so nothing shows the file is a game played here. A file made by hand verifies too, whatever its seed and whoever it says forfeited.';

describe("a file naming a game of this site, compared with the site's record", () => {
  test('the same game: the same seed, setup, actions with their stand-in marks, and forfeits (the chat step aside)', { timeout: 30_000 }, async () => {
    stubbed.answers['replays.get'] = siteRecord();
    expect(await opened(fileOf(site))).toEqual({
      verified: 'true',
      match: 'same',
      words:
        `Played on this site: game ${GAME} as this site recorded it has the same seed commitment and seed, setup and card set, ` +
        `the same ${site.actions.length} actions in the same order with the same stand-in marks, and the same forfeits as this file.`,
    });
  });

  test('another play of it, one action changed: its dice verify, and the action is named', { timeout: 30_000 }, async () => {
    stubbed.answers['replays.get'] = siteRecord();
    const said = site.actions[CHANGED]!;
    if (said.action.type !== 'BID') throw new Error('the first action is not a bid');
    const index = said.action.bid.tradeRowIndex;
    expect(await opened(fileOf(changed))).toEqual({
      verified: 'true',
      match: 'differs',
      words:
        `Not game ${GAME} as this site recorded it. An action differs: action ${CHANGED} (BID by seat ${first.players.findIndex((p) => p.userID === said.userID) + 1}, ${said.userID}) ` +
        `at action ${CHANGED}.action.bid.tradeRowIndex: the site recorded ${index}, the file says ${otherCard(index)}.`,
    });
  });

  test('a stand-in mark taken out: named', { timeout: 30_000 }, async () => {
    stubbed.answers['replays.get'] = siteRecord();
    const unmarked = { ...site, actions: site.actions.map(({ standIn: _standIn, ...a }) => a) };
    const said = site.actions[2]!;
    expect((await opened(fileOf(unmarked))).words).toBe(
      `Not game ${GAME} as this site recorded it. An action differs: action 2 (${said.action.type} by seat ${first.players.findIndex((p) => p.userID === said.userID) + 1}, ${said.userID}) ` +
        'at action 2.standIn: the site recorded "turn timer", the file says null.',
    );
  });

  test('a file saying someone forfeited whom the site did not record: its dice verify, and the forfeit is named', { timeout: 30_000 }, async () => {
    stubbed.answers['replays.get'] = siteRecord();
    expect(await opened(fileOf(site, { [ANN]: 'left' }))).toEqual({
      verified: 'true',
      match: 'differs',
      words: `Not game ${GAME} as this site recorded it. Who forfeited differs for seat 1, ${ANN}: the site recorded no forfeit, the file says "left".`,
    });
  });

  test('a game this site does not have: checked against itself only', { timeout: 30_000 }, async () => {
    stubbed.refusals['replays.get'] = { message: `Game ${GAME} not found.`, data: { code: 'NOT_FOUND' } };
    expect(await opened(fileOf(site))).toEqual({ verified: 'true', match: 'itself', words: `Checked against itself only: this site has no game ${GAME}, ${ITSELF_ONLY}` });
  });

  test("a record the site does not give (too many replays asked for): checked against itself only, and the site's words", { timeout: 30_000 }, async () => {
    const tooMany = 'Too many replays for your address: each counts as 5 of the 60 requests allowed in 10 seconds. Wait a moment.';
    stubbed.refusals['replays.get'] = { message: tooMany, data: { code: 'TOO_MANY_REQUESTS' } };
    expect((await opened(fileOf(site))).words).toBe(`Checked against itself only: this site's record of game ${GAME} could not be read. ${tooMany}`);
  });
});

test("a file naming no game (a tournament's): checked against itself only, whatever game of this site it would match", { timeout: 30_000 }, async () => {
  stubbed.answers['replays.get'] = siteRecord();
  const { setup, ...file } = fileOf(site);
  const { id: _id, ...unnamed } = setup;
  expect(await opened({ ...file, setup: unnamed })).toEqual({
    verified: 'true',
    match: 'itself',
    words: `Checked against itself only: the file names no game of this site (a tournament's file names none), so nothing shows it is a game played here. A file made by hand verifies too, whatever its seed and whoever it says forfeited.`,
  });
});
