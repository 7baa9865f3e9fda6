/**
 * A turn timer's time in words and on the seat's clock, from a quick table's 30 s to a server set
 * for slow play (TURN_TIMER_SECONDS of a day: the slow pace said "2880 min" and its clock "2880:00").
 */
import { describe, expect, test } from 'vitest';
import { formatClock } from '../../../src/web/game/clock.js';
import { decisionTime } from '../../../src/web/lobby/pace-words.js';

describe('the time for each decision, in words', () => {
  test.each([
    [30, '30 s'],
    [90, '90 s'],
    [100, '100 s'],
    [120, '2 min'],
    [180, '3 min'],
    [3_600, '60 min'],
    [5_400, '90 min'],
    [7_200, '2 h'],
    [28_800, '8 h'],
    [86_400, '24 h'],
    [172_800, '2 days'],
    [1_209_600, '14 days'],
    [90_000, '25 h'],
    [86_460, '1441 min'],
    [86_401, '86401 s'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(decisionTime(seconds)).toBe(words);
  });
});

describe("the seat's clock", () => {
  test.each([
    [9_000, '0:09'],
    [8_001, '0:09'],
    [65_000, '1:05'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [3_661_000, '1:01:01'],
    [172_799_000, '47:59:59'],
  ])('%i ms shows %s', (ms, shown) => {
    expect(formatClock(ms)).toBe(shown);
  });
});
