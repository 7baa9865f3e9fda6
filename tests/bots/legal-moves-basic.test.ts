/**
 * basic_bot only makes legal moves: 1,000 seeded games, 2 to 8 players, random options and
 * modules, the real card set. Its rival model costs more with every seat, so it fills three seats
 * in one game in ten and shares the table with cheaper bots in the rest.
 */
import { describe, expect, it } from 'vitest';
import type { BotType } from '../../src/engine/index.js';
import { playMany } from './random-setup.js';

describe('basic_bot only makes legal moves', () => {
  it('1,000 games', () => {
    const first = (seed: number): BotType[] => Array.from({ length: seed % 10 === 0 ? 3 : 1 }, () => 'basic_bot');
    expect(playMany(first, ['valid_move', 'random_card', 'easy_bot'], 1000).basic_bot).toBeGreaterThan(1000);
  });
});
