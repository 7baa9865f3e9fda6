/**
 * The game's seeded PRNG (xoroshiro128+ from pure-rand). Its state lives in the game, so a game is
 * a function of its setup, seed and actions. A step takes a generator from the state, draws, and
 * writes the state back.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

export type Rng = ReturnType<typeof xoroshiro128plus>;

/**
 * Scrambles a seed (murmur3's finaliser). xoroshiro128+ seeded directly from a small integer
 * starts with outputs that are simple functions of it, so neighbouring seeds (a tournament's
 * seed + i) would deal alike; scrambled, they do not.
 */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h | 0;
}

export function seedState(seed: number): number[] {
  const rng = xoroshiro128plus(mixSeed(seed));
  // Drop the first outputs too: they still echo the seed's bits.
  for (let i = 0; i < 4; i++) rng.next();
  return [...rng.getState()];
}

export function rngFromState(state: readonly number[]): Rng {
  return xoroshiro128plusFromState(state);
}

export function stateOf(rng: Rng): number[] {
  return [...rng.getState()];
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
