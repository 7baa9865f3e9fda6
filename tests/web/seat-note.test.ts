/** The lobby list's note for a viewer with a seat (src/web/lobby/seat-note.ts). */
import { describe, expect, test } from 'vitest';
import { seatNote } from '../../src/web/lobby/seat-note.js';

describe("the lobby list's seat note", () => {
  test('seated in an open lobby, playing, left, and after the game', () => {
    expect(seatNote('open', {})).toBe('you are seated');
    expect(seatNote('playing', { left: false })).toBe('you are playing');
    expect(seatNote('playing', { left: true })).toBe('you left this game');
    // A finished game's row said "you are seated" beside its FINISHED badge.
    expect(seatNote('finished', { left: false })).toBe('you played');
    expect(seatNote('finished', { left: true })).toBe('you left this game');
  });
});
