/**
 * basic_bot2 only makes legal moves, in play and in its own rollouts (which throw on a refused
 * action): 12 seeded games (30 under `npm run test:deep`), 2 to 8 players, random options and modules. Fewer games than the other
 * bots, as each of its bids plays out the turn a few dozen times.
 */
import { describe, expect, it } from 'vitest';
import type { BotType } from '../../src/engine/index.js';
import { runs } from '../support/test-depth.js';
import { playMany } from './random-setup.js';

const GAMES = runs(12, 30);

describe('basic_bot2 only makes legal moves', () => {
  it(`${GAMES} games`, () => {
    const first = (seed: number): BotType[] => (seed % 5 === 0 ? ['basic_bot2', 'basic_bot2'] : ['basic_bot2']);
    expect(playMany(first, ['basic_bot', 'easy_bot', 'valid_move', 'random_card'], GAMES, 1001).basic_bot2).toBeGreaterThanOrEqual(GAMES);
  });
});
