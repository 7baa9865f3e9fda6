/**
 * Engine throughput: full 4-player games per second on one core, every seat a seeded random
 * legal mover (valid_move), the raw engine path (createGame, applyAction, advance) with no view
 * and no I/O. The same game shape as the boardgame.io yardstick.
 */
import { playRawGame } from '../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';

export interface EngineResult {
  games: number;
  moves: number;
  seconds: number;
  gamesPerSecond: number;
  movesPerSecond: number;
  microsPerMove: number;
}

export function playGame(seed: number): number {
  return playRawGame(GAME_DEFINITIONS, 4, seed, seed ^ 0x5eed);
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
