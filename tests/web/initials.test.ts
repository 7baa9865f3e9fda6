/** What an avatar without a picture shows (src/web/lib/initials.ts), in letters as a reader sees them. */
import { describe, expect, test, vi } from 'vitest';
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

describe('the cost of reading letters', () => {
  // An `Intl.Segmenter` costs 30-80 ms to construct in Chromium, in the task that loads the page:
  // the module makes one only for a name that needs it, never on import.
  test('a plain name reads its letters without a segmenter; the first name that needs one makes it, once', async () => {
    vi.resetModules();
    const Real = Intl.Segmenter;
    let made = 0;
    const replace = (value: typeof Intl.Segmenter) => Object.defineProperty(Intl, 'Segmenter', { value, configurable: true, writable: true });
    replace(
      class extends Real {
        constructor(...args: ConstructorParameters<typeof Real>) {
          super(...args);
          made += 1;
        }
      },
    );
    try {
      const fresh = await import('../../src/web/lib/initials.js');
      expect(made).toBe(0);
      expect([fresh.initialsOf('Ada Tester'), fresh.initialsOf('Annd'), fresh.firstLetterOf('  bo b ')]).toEqual(['AT', 'AN', 'B']);
      expect(made).toBe(0);
      expect([fresh.initialsOf('Zoé Ada'), fresh.firstLetterOf('👍🏽 thumbs')]).toEqual(['ZA', '👍🏽']);
      expect(made).toBe(1);
    } finally {
      replace(Real);
    }
  });
});
