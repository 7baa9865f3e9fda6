/** What an avatar without a picture shows (src/web/lib/initials.ts), in letters as a reader sees them. */
import { describe, expect, test } from 'vitest';
import { firstLetterOf, initialsOf } from '../../src/web/lib/initials.js';

describe('initials', () => {
  test("the first two words' first letters, or a one-word name's first two", () => {
    expect(initialsOf('Ada Tester')).toBe('AT');
    expect(initialsOf('Advanced 2')).toBe('A2');
    expect(initialsOf('Annd')).toBe('AN');
    expect(initialsOf('  easy   bot 1 ')).toBe('EB');
  });

  test('an emoji, a flag or a letter with its accent is one letter, never half of one', () => {
    expect(initialsOf('😀😀😀')).toBe('😀😀');
    expect(initialsOf('🇫🇷 Zoé')).toBe('🇫🇷Z');
    expect(initialsOf('e\u0301lise')).toBe('E\u0301L');
    expect(firstLetterOf('👍🏽 thumbs')).toBe('👍🏽');
    expect(firstLetterOf('ada')).toBe('A');
  });
});
