/**
 * The first generator, xoroshiro128+ (pure-rand), seeded from a 32-bit integer. Fast, but its
 * state follows from a few outputs and its seeds can be searched, so new games use ChaCha20
 * (`rng-chacha.ts`). It stays for what was made with it: saves and replays from before save
 * version 4 keep replaying with it, and bots use it for their private what-if games.
 */
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

export interface XoroshiroState {
  kind: 'xoroshiro128+';
  state: number[];
}

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

/** The generator's state for a seed, as games made before version 4 started. */
export function seedState(seed: number): number[] {
  const rng = xoroshiro128plus(mixSeed(seed));
  // Drop the first outputs too: they still echo the seed's bits.
  for (let i = 0; i < 4; i++) rng.next();
  return [...rng.getState()];
}

export function xoroshiroFromState(state: readonly number[]): RandomGenerator {
  return xoroshiro128plusFromState(state);
}
