/**
 * The rating model (src/server/ratings/model.ts) against openskill's published worked examples,
 * and its properties: the order seats are listed in changes nothing, and a win never lowers a rating.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { botSkill, displayRating, INITIAL_SKILL, isProvisional, rateGame, type RatedSeat, type Skill } from '../../src/server/ratings/model.js';

/** A seat of a new player; one that forfeited was played mostly by the stand-in (the Advanced Bot). */
const fresh = (favor: number, forfeited = false): RatedSeat => {
  const seat = { skill: { ...INITIAL_SKILL }, favor, fixed: false };
  return forfeited ? { ...seat, forfeited: true, playedAs: botSkill('basic_bot'), standIn: true } : { ...seat, forfeited: false };
};
const rounded = (skills: Skill[]) => skills.map((s) => [+s.mu.toFixed(3), +s.sigma.toFixed(3)]);

describe('openskill worked examples (its README, to the 3 decimals it prints)', () => {
  test('four new players finishing 4th, 1st, 3rd, 2nd', () => {
    // README "Artificial Ranking": rank [4, 1, 3, 2]; here the same order from favor.
    expect(rounded(rateGame([fresh(10), fresh(40), fresh(20), fresh(30)]))).toEqual([
      [20.962, 8.084],
      [27.795, 8.264],
      [24.689, 8.084],
      [26.553, 8.18],
    ]);
  });

  test('ties by score share a place: scores 37, 19, 37, 42', () => {
    expect(rounded(rateGame([fresh(37), fresh(19), fresh(37), fresh(42)]))).toEqual([
      [24.689, 8.18],
      [22.826, 8.18],
      [24.689, 8.18],
      [27.795, 8.264],
    ]);
  });
});

describe('rateGame', () => {
  test('a player who left counts last, below a stayed player with less favor', () => {
    // Their own update is a last place's, as if they had scored least: how the others fare
    // beside them depends on the stand-in bot's fixed rating, theirs does not.
    const [left] = rateGame([fresh(50, true), fresh(5), fresh(30), fresh(20)]);
    const [scoredLeast] = rateGame([fresh(1), fresh(5), fresh(30), fresh(20)]);
    expect(left).toEqual(scoredLeast);
    expect(rounded([left!])).toEqual([[20.962, 8.084]]);
  });

  test('the others are rated against the stand-in that played a seat whose player left: empty seats hand nobody a win', () => {
    // Seven throwaway accounts joined and left at once; their seats, played by the stand-in,
    // scored more than the one who stayed. Ranked last for the one who stayed too, they had
    // handed that player seven wins: +78 points a game for the least favor at the table.
    const stayed = fresh(58);
    const after = rateGame([stayed, ...[75, 113, 112, 90, 88, 95, 101].map((favor) => fresh(favor, true))]);
    expect(after[0]!.mu).toBeLessThan(stayed.skill.mu);
    // The leavers themselves still lose, whatever their seats scored.
    for (const left of after.slice(1)) expect(left.mu).toBeLessThan(INITIAL_SKILL.mu);
    // Beating the stand-in that finished a leaver's seat is a win over that bot: as if the seat
    // had been the bot's from the start.
    const [winner, quitter] = rateGame([fresh(60), fresh(40, true)]);
    const [againstBot] = rateGame([fresh(60), { skill: botSkill('basic_bot'), favor: 40, forfeited: false, fixed: true }]);
    expect(winner).toEqual(againstBot);
    expect(quitter!.mu).toBeLessThan(INITIAL_SKILL.mu);
    // A seat its player played to the last turn and then left is rated as theirs: a second
    // account that played badly and left at the end made its opponent a winner over the 2500 bot.
    const lateLeaver: RatedSeat = { skill: { ...INITIAL_SKILL }, favor: 20, fixed: false, forfeited: true, playedAs: { ...INITIAL_SKILL }, standIn: false };
    const [overTheirOwn] = rateGame([fresh(60), lateLeaver]);
    const [overAPerson] = rateGame([fresh(60), fresh(20)]);
    expect(overTheirOwn).toEqual(overAPerson);
    expect(overTheirOwn!.mu - INITIAL_SKILL.mu).toBeLessThan(winner!.mu - INITIAL_SKILL.mu);
  });

  test("a bot's rating is held fixed and still weighs in: losing to the Advanced Bot costs less than losing to the Easy Bot", () => {
    const bot = (kind: 'easy_bot' | 'basic_bot'): RatedSeat => ({ skill: botSkill(kind), favor: 40, forfeited: false, fixed: true });
    const [strong, loserToStrong] = rateGame([bot('basic_bot'), fresh(10)]);
    const [, loserToEasy] = rateGame([bot('easy_bot'), fresh(10)]);
    expect(strong).toEqual(botSkill('basic_bot'));
    expect(loserToStrong!.mu).toBeGreaterThan(loserToEasy!.mu);
  });

  test('shown as 1500 and provisional at first; provisional while sigma is 5 or more, for at most 15 games', () => {
    expect(displayRating(INITIAL_SKILL)).toBe(1500);
    expect(isProvisional(INITIAL_SKILL, 0)).toBe(true);
    expect(isProvisional({ mu: 25, sigma: 5 }, 14)).toBe(true);
    expect(isProvisional({ mu: 25, sigma: 5 }, 15)).toBe(false);
    expect(isProvisional({ mu: 25, sigma: 4.99 }, 1)).toBe(false);
    expect(displayRating({ mu: 26, sigma: 3 })).toBe(1534);
  });
});

const skill = fc.record({ mu: fc.double({ min: 0, max: 50, noNaN: true }), sigma: fc.double({ min: 1, max: 8.4, noNaN: true }) });
const seat = fc
  .record({ skill, favor: fc.integer({ min: 0, max: 60 }), forfeited: fc.boolean() })
  .map(({ forfeited, ...rest }): RatedSeat => (forfeited ? { ...rest, fixed: false, forfeited, playedAs: botSkill('basic_bot'), standIn: true } : { ...rest, fixed: false, forfeited }));
const table = fc.array(seat, { minLength: 2, maxLength: 8 });

describe('properties', () => {
  test('the order the seats are listed in does not change anyone’s new rating', () => {
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 1_000 }), (seats, shift) => {
        const n = seats.length;
        const order = seats.map((_, i) => (i * shift + shift) % n);
        if (new Set(order).size !== n) return; // not a permutation for this shift
        const direct = rateGame(seats);
        const shuffled = rateGame(order.map((i) => seats[i]!));
        order.forEach((from, i) => {
          expect(shuffled[i]!.mu).toBeCloseTo(direct[from]!.mu, 9);
          expect(shuffled[i]!.sigma).toBeCloseTo(direct[from]!.sigma, 9);
        });
      }),
      { numRuns: 300 },
    );
  });

  test('a win (alone at the top, stayed to the end) never lowers a rating', () => {
    fc.assert(
      fc.property(table, (seats) => {
        const top = Math.max(...seats.map((s) => s.favor));
        const winner: RatedSeat = { skill: seats[0]!.skill, favor: top + 1, fixed: false, forfeited: false };
        const after = rateGame([winner, ...seats.slice(1)]);
        expect(after[0]!.mu).toBeGreaterThanOrEqual(winner.skill.mu);
        expect(displayRating(after[0]!)).toBeGreaterThanOrEqual(displayRating(winner.skill));
      }),
      { numRuns: 300 },
    );
  });
});
