/**
 * Whole games for the component tests that need one: played to the end by bots' choices, or
 * made into the record the replay rebuilds (src/engine/replay.ts), before any step is logged.
 */
import { botDecision } from '../../../src/bots/harness.js';
import type { Game } from '../../../src/engine/index.js';
import type { GameRecord } from '../../../src/engine/replay.js';
import { act, newGame } from './screen-state.js';

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
