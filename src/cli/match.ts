/**
 * A match: the same seats, options and modules played game after game. Game i of a match is a
 * pure function of (match, i): its seats are the match's seats rotated by i, its seed is
 * `baseSeed + i` and its bot seed is derived from that seed. So results never depend on how the
 * games are spread over worker threads.
 */
import type { BotGameSetup, SeatSetup } from '../bots/harness.js';
import { DEFAULT_OPTIONS, type GameOptions, type ModuleKey } from '../engine/index.js';
import { definitionsFrom } from './card-dir.js';
import type { SeatSpec } from './seat-spec.js';

export interface Match {
  /** Who sits where in game 0: built-in kinds, bot modules, programs. */
  seats: SeatSpec[];
  options: Partial<GameOptions>;
  modules: ModuleKey[];
  baseSeed: number;
  /** A copy of data/ to play with instead of the game's own card files (--cards), or null. */
  cardsDir: string | null;
  /** How long a program bot may think about one decision. */
  botTimeoutMs: number;
  /** The Expert Bot's budget per bid (--think-iterations, --think-ms), or null for its own. */
  expertBudget: ExpertBudget | null;
}

/** A budget for the Expert Bot's search: sampled worlds (reproducible), milliseconds (machine-bound), or both. */
export interface ExpertBudget {
  iterations?: number;
  thinkMs?: number;
}

/** The clock of a simulated game: it starts at 0 and each action is one second later. */
export const SIM_START = 0;
export const SIM_STEP_MILLIS = 1_000;

/** The largest seed the engine uses as is (it takes seeds as 32-bit integers). */
export const MAX_SEED = 2 ** 31 - 1;

/** The match that simulation flags describe. */
export function matchOf(flags: Pick<Match, 'seats' | 'options' | 'modules' | 'cardsDir' | 'botTimeoutMs' | 'expertBudget'> & { seed: number }): Match {
  const { seats, options, modules, cardsDir, botTimeoutMs, expertBudget, seed } = flags;
  return { seats, options, modules, baseSeed: seed, cardsDir, botTimeoutMs, expertBudget };
}

/** Seat j of game i holds the seat at (j + i) mod n: every bot takes every seat in turn. */
export function seatsForGame<T>(match: { seats: readonly T[] }, index: number): T[] {
  const n = match.seats.length;
  return match.seats.map((_, j) => match.seats[(j + index) % n]!);
}

export function seedForGame(match: Match, index: number): number {
  return match.baseSeed + index;
}

/**
 * The bot seed of a game, a hash of its seed. Kept below 2^24 so the harness's per-decision seed
 * `(botSeed * 31 + seat) * 1_000_003 + sequenceID` stays an exact integer (below 2^53).
 */
export function botSeedFor(seed: number): number {
  let h = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) & 0xffffff;
}

/** Seat user ids: p1, p2, ... in seat order; outside bots sit as players without a bot kind. */
export function seatSetups(seats: readonly SeatSpec[]): SeatSetup[] {
  return seats.map((spec, j) => ({ userID: `p${j + 1}`, botType: spec.kind === 'builtin' ? spec.botType : null }));
}

export function gameSetup(match: Match, index: number): BotGameSetup {
  return {
    seats: seatSetups(seatsForGame(match, index)),
    options: { ...DEFAULT_OPTIONS, ...match.options },
    modules: match.modules,
    definitions: definitionsFrom(match.cardsDir),
  };
}

/** The options as the engine will see them before modules add theirs. */
export function resolvedOptions(match: Match): GameOptions {
  return { ...DEFAULT_OPTIONS, ...match.options };
}
