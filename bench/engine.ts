/**
 * Engine throughput: full 4-player games per second on one core, every seat a seeded random
 * legal mover (valid_move), the raw engine path (createGame, applyAction, advance) with no view
 * and no I/O. The same game shape as BENCHMARKS.md's boardgame.io yardstick.
 */
import { validMove } from '../src/bots/valid-move.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';
import { advance, applyAction, createGame, rngFromState, seedState, type Game } from '../src/engine/index.js';

export interface EngineResult {
  games: number;
  moves: number;
  seconds: number;
  gamesPerSecond: number;
  movesPerSecond: number;
  microsPerMove: number;
}

const PLAYERS = ['p1', 'p2', 'p3', 'p4'].map((userID) => ({ userID }));

export function playGame(seed: number): number {
  const rng = rngFromState(seedState(seed ^ 0x5eed));
  let now = 0;
  let game: Game = advance(createGame({ players: PLAYERS, definitions: GAME_DEFINITIONS }, seed, now), now).game;
  let moves = 0;
  while (game.gameEndTimestamp === null) {
    for (const player of game.players) {
      const action = validMove(game, player.userID, rng);
      if (!action) continue;
      now += 1;
      const result = applyAction(game, player.userID, action, now);
      if (!result.ok) throw new Error(result.message);
      game = advance(result.game, now).game;
      moves++;
    }
  }
  return moves;
}

export function benchEngine(seconds: number, firstSeed = 1): EngineResult {
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));
  let games = 0;
  let moves = 0;
  while (process.hrtime.bigint() < deadline) {
    moves += playGame(firstSeed + games);
    games++;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  return {
    games,
    moves,
    seconds: elapsed,
    gamesPerSecond: games / elapsed,
    movesPerSecond: moves / elapsed,
    microsPerMove: (elapsed * 1e6) / moves,
  };
}
