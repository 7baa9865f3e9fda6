/**
 * basic_bot only makes legal moves: 250 seeded games (1,000 under `npm run test:deep`), 2 to 8 players, random options and
 * modules, the real card set. Its rival model costs more with every seat, so it fills three seats
 * in one game in ten and shares the table with cheaper bots in the rest.
 */
import { describe, expect, it } from 'vitest';
import type { BotType } from '../../src/engine/index.js';
import { runs } from '../support/test-depth.js';
import { playMany } from './random-setup.js';

const GAMES = runs(250, 1000);

describe('basic_bot only makes legal moves', () => {
  it(`${GAMES} games`, () => {
    const first = (seed: number): BotType[] => Array.from({ length: seed % 10 === 0 ? 3 : 1 }, () => 'basic_bot');
    expect(playMany(first, ['valid_move', 'random_card', 'easy_bot'], GAMES).basic_bot).toBeGreaterThan(GAMES);
  });
});
