/**
 * The game's seeded PRNG. Its state lives in the game, so a game is a function of its setup,
 * seed and actions. A step takes a generator from the state, draws, and writes the state back.
 *
 * The state says which generator made it: ChaCha20 for every new game, xoroshiro128+ for games
 * made before save version 4, which keep replaying with it. Both feed pure-rand's uniformInt,
 * which rejects out-of-range words instead of taking a modulus, so every die face is equally
 * likely.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { ChaChaRng, type ChaChaState } from './rng-chacha.js';
import { seedState, xoroshiroFromState, type XoroshiroState } from './rng-xoroshiro.js';
import type { Seed } from './seed.js';

export { mixSeed, seedState } from './rng-xoroshiro.js';
export type { ChaChaState } from './rng-chacha.js';
export type { XoroshiroState } from './rng-xoroshiro.js';

export type RngState = ChaChaState | XoroshiroState;
export type RngKind = RngState['kind'];
export const RNG_KINDS = ['chacha20', 'xoroshiro128+'] as const satisfies readonly RngKind[];

/** A generator that can say where it stands, to be stored in a game. */
export interface Rng extends RandomGenerator {
  clone(): Rng;
  state(): RngState;
}

/** A ChaCha20 stream keyed by a 256-bit seed, from its start. */
export function chachaState(seed: Seed): ChaChaState {
  return { kind: 'chacha20', key: seed, block: 0, word: 0 };
}

/** A xoroshiro128+ generator from an integer seed (bots' private draws, old games). */
export function xoroshiroState(seed: number): XoroshiroState {
  return { kind: 'xoroshiro128+', state: seedState(seed) };
}

export function rngFromState(state: RngState): Rng {
  return state.kind === 'chacha20' ? ChaChaRng.fromState(state) : xoroshiro(xoroshiroFromState(state.state));
}

function xoroshiro(inner: RandomGenerator): Rng {
  return {
    next: () => inner.next(),
    clone: () => xoroshiro(inner.clone()),
    getState: () => inner.getState(),
    state: () => ({ kind: 'xoroshiro128+', state: [...inner.getState()] }),
  };
}

export function stateOf(rng: Rng): RngState {
  return rng.state();
}

export function randomInt(rng: Rng, from: number, to: number): number {
  return uniformInt(rng, from, to);
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const swap = out[i]!;
    out[i] = out[j]!;
    out[j] = swap;
  }
  return out;
}

export function rollDice(count: number, rng: Rng): number[] {
  const dice: number[] = [];
  for (let i = 0; i < count; i++) dice.push(uniformInt(rng, 1, 6));
  return dice;
}
