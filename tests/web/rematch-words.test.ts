/** The rematch offer in words: its bots named only when the game had some. */
import { describe, expect, test } from 'vitest';
import { rematchOfferText } from '../../src/web/game/presentation/end-rematch.js';

describe('the rematch offer', () => {
  test('names the same bots after a game with bots, and only the settings after one of people alone', () => {
    expect(rematchOfferText('Eve', true)).toBe('Eve offers a rematch: same settings, same bots.');
    expect(rematchOfferText('Eve', false)).toBe('Eve offers a rematch: same settings.');
  });
});
