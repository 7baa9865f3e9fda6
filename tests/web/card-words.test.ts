/** Cards in words: every ability of every card reads as English, articles included. */
import { describe, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { abilitiesOf, abilityText } from '../../src/web/cards/describe.js';

describe('ability sentences', () => {
  const sentences = GAME_DEFINITIONS.cardDefs.flatMap((card) => abilitiesOf(card).map(abilityText));

  test("'an' before a vowel, 'a' before a consonant", () => {
    expect(sentences.length).toBeGreaterThan(50);
    expect(sentences.filter((s) => /\ba [AEIOU]/i.test(s) || /\ban [^AEIOU\W]/i.test(s))).toEqual([]);
    expect(sentences).toContain('When you draft an Event: 1 gold');
    expect(sentences.some((s) => s.startsWith('When you draft a Building: '))).toBe(true);
  });

  test('a condition says "hold" once: Victory Parade\'s favor once you hold 2 Clash tokens', () => {
    const parade = GAME_DEFINITIONS.cardDefs.find((card) => card.name === 'Victory Parade')!;
    expect(abilitiesOf(parade).map(abilityText)).toContain('When gained: 3 favor once you hold 2 Clash tokens');
    expect(sentences.filter((s) => /\bhold\b.*\bheld\b/.test(s))).toEqual([]);
    // Counted on its own, a token is still one held.
    expect(sentences.some((s) => / per (\d+ )?Clash tokens? held\b/.test(s))).toBe(true);
  });
});
