/**
 * The game's seeded PRNG (xoroshiro128+ from pure-rand). Its state lives in the game, so a game is
 * a function of its setup, seed and actions. A step takes a generator from the state, draws, and
 * writes the state back.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

export type Rng = ReturnType<typeof xoroshiro128plus>;

export function seedState(seed: number): number[] {
  return [...xoroshiro128plus(seed | 0).getState()];
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
