/** The rematch offer in words: its bots named only when the game had some; and its declines, as its lobby tells them. */
import { describe, expect, test } from 'vitest';
import { rematchOfferText } from '../../src/web/game/presentation/end-rematch.js';
import { rematchDeclinedText } from '../../src/web/lobby/rematch-declines.js';

describe('the rematch offer', () => {
  test('names the same bots after a game with bots, and only the settings after one of people alone', () => {
    expect(rematchOfferText('Eve', true)).toBe('Eve offers a rematch: same settings, same bots.');
    expect(rematchOfferText('Eve', false)).toBe('Eve offers a rematch: same settings.');
  });
});

describe("the rematch lobby's declines", () => {
  const rematch = (names: string[], everyoneDeclined: boolean) => ({ gameID: 'g_1', declined: names.map((name, i) => ({ id: `u_${i}`, name })), everyoneDeclined });

  test('names who declined, and says everyone once all of several did', () => {
    expect(rematchDeclinedText(null)).toBeNull();
    expect(rematchDeclinedText(rematch([], false))).toBeNull();
    expect(rematchDeclinedText(rematch(['Bob'], false))).toBe('Bob declined the rematch.');
    // The only other person: their name says more than "everyone".
    expect(rematchDeclinedText(rematch(['Bob'], true))).toBe('Bob declined the rematch.');
    expect(rematchDeclinedText(rematch(['Bob', 'Cat'], false))).toBe('Bob and Cat declined the rematch.');
    expect(rematchDeclinedText(rematch(['Bob', 'Cat', 'Dan'], false))).toBe('Bob, Cat and Dan declined the rematch.');
    expect(rematchDeclinedText(rematch(['Bob', 'Cat'], true))).toBe('Everyone declined the rematch.');
  });
});
