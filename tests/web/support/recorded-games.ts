/**
 * Whole games for the component tests that need one: played to the end by bots' choices, or
 * made into the record the replay rebuilds (src/engine/replay.ts), before any step is logged.
 */
import { botDecision } from '../../../src/bots/harness.js';
import { playAction, type Game } from '../../../src/engine/index.js';
import { rebuild, snapshotOf, type GameRecord, type ReplayLogEntry } from '../../../src/engine/replay.js';
import { replayOf, type ReplayAction, type ReplayFile } from '../../../src/engine/replay-file.js';
import { act, ANN, BOB, newGame } from './screen-state.js';

/** A two-seat game played to its end by Easy Bots' choices for both seats. */
export function botFinishedGame(): Game {
  let game = newGame();
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    game = act(game, game.players[seat]!.userID, botDecision(game, seat, 7, 'easy_bot')!);
  }
  if (game.gameEndTimestamp === null) throw new Error('the game did not end');
  return game;
}

/** The record of a new game (`newGame`'s) that started at `start`, its seats people's, nothing yet logged. */
export function newGameRecord(first: Game, start: number): GameRecord {
  return {
    id: first.id,
    seats: first.players.map((p) => ({ userID: p.userID, botType: null })),
    options: first.options,
    modules: [],
    generator: 'chacha20',
    start,
    cardsByID: first.cardsByID,
    tributeCardsByID: first.tributeCardsByID,
    seedCommitment: first.seedCommitment,
    seed: first.seed,
    serverSecretCommitment: null,
    serverSecret: null,
    seedContributions: null,
    log: [],
    events: [],
    final: {},
    // Who forfeited, not said: a test that needs it says it as the server would.
    forfeits: null,
  };
}

/**
 * The record `replays.get` serves of a two-seat game played to its end by Easy Bots' choices: Ann a
 * person, Bob an Easy Bot, an action every 4 s from an hour ago; its event log and final state as
 * stored, so its dice verify.
 */
export function botPlayedRecord(seed = 11): GameRecord {
  const start = Date.now() - 3_600_000;
  const empty: GameRecord = {
    ...newGameRecord(newGame(seed, start), start),
    seats: [
      { userID: ANN, botType: null },
      { userID: BOB, botType: 'easy_bot' },
    ],
  };
  const log: ReplayLogEntry[] = [];
  let game = rebuild(empty).steps[0]!.game;
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    const userID = game.players[seat]!.userID;
    const action = botDecision(game, seat, 7, 'easy_bot')!;
    const at = start + 4_000 * (i + 1);
    const played = playAction(game, userID, action, at);
    if (!played.ok) throw new Error(played.message);
    log.push({ kind: 'action', sequenceID: game.sequenceID + 1, userID, action, at, standIn: null });
    game = played.game;
  }
  if (game.gameEndTimestamp === null) throw new Error('the game did not end');
  return { ...empty, log, events: game.events, final: snapshotOf(game) };
}

/** A two-seat game from `seed` (`newGame`'s), started at `start`, played to its end by Easy Bots' choices: its replay file. */
export function botGameFile(seed = 11, start = Date.now()): ReplayFile {
  const record = newGameRecord(newGame(seed, start), start);
  const actions: ReplayAction[] = [];
  let game = rebuild(record).steps[0]!.game;
  for (let i = 0; i < 10_000 && game.gameEndTimestamp === null; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    const userID = game.players[seat]!.userID;
    const action = botDecision(game, seat, 7, 'easy_bot')!;
    const played = playAction(game, userID, action, start);
    if (!played.ok) throw new Error(played.message);
    actions.push({ userID, action, now: start });
    game = played.game;
  }
  if (game.gameEndTimestamp === null) throw new Error('the game did not end');
  return replayOf({ id: record.id, seats: record.seats, options: record.options, modules: [] }, record.seed, record.start, actions, game);
}
