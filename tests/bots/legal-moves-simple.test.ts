/**
 * random_card and easy_bot only make legal moves: 250 seeded games (1,000 under `npm run test:deep`)
 * with both at the table, 2 to 8 players, random options and modules, the real card set. In a
 * third of the games they take every seat between them.
 */
import { describe, expect, it } from 'vitest';
import type { BotType } from '../../src/engine/index.js';
import { runs } from '../support/test-depth.js';
import { playMany } from './random-setup.js';

const GAMES = runs(250, 1000);

describe('simple bots only make legal moves', () => {
  it(`random_card and easy_bot, ${GAMES} games`, () => {
    const pair: BotType[] = ['random_card', 'easy_bot'];
    const first = (seed: number): BotType[] => (seed % 3 === 0 ? Array.from({ length: 8 }, (_, i) => pair[(i + seed) % 2]!) : seed % 2 ? pair : pair.slice().reverse());
    const seats = playMany(first, ['valid_move', 'random_card', 'easy_bot'], GAMES);
    expect(seats.random_card).toBeGreaterThan(GAMES);
    expect(seats.easy_bot).toBeGreaterThan(GAMES);
  });
});
