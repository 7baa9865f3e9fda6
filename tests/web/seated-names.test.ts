/** The lobby list's line of who sits at a table (src/web/lobby/seated-names.ts). */
import { describe, expect, test } from 'vitest';
import { seatedNames } from '../../src/web/lobby/seated-names.js';

describe("the lobby list's seated names", () => {
  test('in seat order, a person who left marked so', () => {
    expect(seatedNames([{ name: 'Ann' }, { name: 'Easy Bot 1' }])).toBe('Ann, Easy Bot 1');
    // Bob left mid-game: a bot finishes his seat, and the row no longer reads as if he were there.
    expect(seatedNames([{ name: 'Ann', left: false }, { name: 'Bob', left: true }, { name: 'Easy Bot 1', left: false }])).toBe('Ann, Bob (left), Easy Bot 1');
  });
});
