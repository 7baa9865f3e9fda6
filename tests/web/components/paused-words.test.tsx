/**
 * What a spectator reads when a game stands still: every person at the table has it hidden or
 * closed and nothing (a running clock, a stand-in) will move it. Without these words the screen
 * looked frozen.
 */
import { describe, expect, test } from 'vitest';
import { pausedWords } from '../../../src/web/game/clock.js';
import type { SeatView } from '../../../src/web/game/model.js';

const seat = (userID: string, over: Partial<SeatView> = {}): SeatView => ({ userID, presence: 'here', deadline: null, standIn: null, left: false, ...over });
const state = (seats: SeatView[], ended = false) => ({
  seatsByUserID: Object.fromEntries(seats.map((s) => [s.userID, s])),
  game: { gameEndTimestamp: ended ? 1 : null },
});

describe("a spectator's word that the game is paused", () => {
  test('says the players are away when all of them hid the game and no clock runs', () => {
    expect(pausedWords(state([seat('a', { presence: 'away' }), seat('b', { presence: 'gone' })]))).toBe(
      'Paused: its players are away. It goes on when they come back.',
    );
  });

  test('says bots finish it when no player has it open at all', () => {
    expect(pausedWords(state([seat('a', { presence: 'gone' }), seat('b', { presence: 'gone' })]))).toBe(
      'Paused: no player has the game open. Bots finish it if no one comes back.',
    );
  });

  test('says nothing while anything moves the game', () => {
    // One person is here.
    expect(pausedWords(state([seat('a'), seat('b', { presence: 'away' })]))).toBeNull();
    // A clock runs: a stand-in chooses when it runs out.
    expect(pausedWords(state([seat('a', { presence: 'away', deadline: 5 }), seat('b', { presence: 'gone' })]))).toBeNull();
    // A stand-in already plays one of them.
    expect(pausedWords(state([seat('a', { presence: 'away', standIn: 'turn timer' }), seat('b', { presence: 'gone' })]))).toBeNull();
    // Those who left are played by bots to the end; only the rest can hold the game.
    expect(pausedWords(state([seat('a', { presence: 'gone', left: true })]))).toBeNull();
    // A game of bots alone has no seats of people; an ended game is not paused.
    expect(pausedWords(state([]))).toBeNull();
    expect(pausedWords(state([seat('a', { presence: 'gone' })], true))).toBeNull();
  });
});
