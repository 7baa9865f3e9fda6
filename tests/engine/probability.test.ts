/** The exact clash win probability (ties re-rolled among the tied). */
import { describe, expect, it } from 'vitest';
import { clashWinProbabilities, diceSumDistribution } from '../../src/engine/index.js';

describe('clash win probability', () => {
  it('the dice sum distribution of two dice', () => {
    const dist = diceSumDistribution(2);
    expect(dist[7]).toBeCloseTo(6 / 36, 12);
    expect(dist[2]).toBeCloseTo(1 / 36, 12);
    expect(dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('equal bids are a fair fight, for 2 and 3 players', () => {
    for (const age of [1, 2, 3]) {
      expect(clashWinProbabilities(age, [2, 2]).map((p) => p.toFixed(12))).toEqual(['0.500000000000', '0.500000000000']);
      for (const p of clashWinProbabilities(age, [0, 0, 0])) expect(p).toBeCloseTo(1 / 3, 12);
    }
  });

  it('one more military in age 1 wins 21 times in 31', () => {
    // P(d1 + 1 > d2) = 21/36; a tie (5/36) is re-rolled: 21/36 / (1 - 5/36) = 21/31.
    const [a, b] = clashWinProbabilities(1, [1, 0]);
    expect(a).toBeCloseTo(21 / 31, 12);
    expect(b).toBeCloseTo(10 / 31, 12);
  });

  it('a lead of 6 or more in age 1 cannot lose', () => {
    const [a, b] = clashWinProbabilities(1, [6, 0]);
    expect(a).toBeCloseTo(1, 12);
    expect(b).toBe(0);
  });

  it('probabilities always sum to 1', () => {
    for (const bonuses of [[0, 3, 5], [1, 1, 2, 7], [4, 0, 0, 0, 2], [0, 1, 2, 3, 4, 5, 6, 7]]) {
      for (const age of [1, 2, 3]) {
        const sum = clashWinProbabilities(age, bonuses).reduce((a, b) => a + b, 0);
        expect(sum).toBeCloseTo(1, 10);
      }
    }
  });
});
