/** The card-play definitions (src/engine/card-play.ts) shared by the gallery's counters and `mythos balance`. */
import { describe, expect, test } from 'vitest';
import { addCardPlayCounts, cardPlayCounts, cardPlayFigures, emptyCardPlayCounts, meanEstimate, MIN_GAMES, rateEstimate, t975, wilson, type CardPlayRecord } from '../../src/engine/card-play.js';

// Two seats: seat 0 won. Card 10 offered (dealt twice) and gained by seat 0; card 11 offered, not
// gained; card 1 (basic) gained twice by seat 1; leaders 100 and 101.
const record: CardPlayRecord = {
  offered: [10, 11, 10],
  gains: [
    [0, 10],
    [1, 1],
    [1, 1],
  ],
  leaders: [100, 101],
  favor: [
    [0, 10, 'gain', 2],
    [0, 10, 'prophecy', 3],
    [1, 1, 'triggers', 4],
    [1, 101, 'triggers', 1],
  ],
  winShares: [1, 0],
};

describe('card play counts of one game', () => {
  const counts = cardPlayCounts(record);
  test('offered once per game however often dealt; picked when offered and gained', () => {
    expect(counts.get(10)).toMatchObject({ offered: 1, picked: 1, gainedGames: 1, gains: 1, winShare: 1, favor: 5, favorSquares: 25, favorBySource: { gain: 2, triggers: 0, prophecy: 3 } });
    expect(counts.get(11)).toMatchObject({ offered: 1, picked: 0, gainedGames: 0, gains: 0 });
  });
  test('a card gained k times by a seat credits each gain with 1/k of its favor', () => {
    // Favor 4 over two gains: 2 each, so the squares sum to 2*2 + 2*2 = 8.
    expect(counts.get(1)).toMatchObject({ offered: 0, picked: 0, gainedGames: 1, gains: 2, winShare: 0, favor: 4, favorSquares: 8 });
  });
  test('leaders count one gain for the seat that started with them', () => {
    expect(counts.get(100)).toMatchObject({ gains: 1, winShare: 1, favor: 0 });
    expect(counts.get(101)).toMatchObject({ gains: 1, winShare: 0, favor: 1, favorSquares: 1 });
  });
  test('ties share the win', () => {
    const tied = cardPlayCounts({ ...record, winShares: [0.5, 0.5] });
    expect(tied.get(1)!.winShare).toBe(1);
    expect(tied.get(10)!.winShare).toBe(0.5);
  });
  test('counts add up over games', () => {
    const total = addCardPlayCounts(addCardPlayCounts(emptyCardPlayCounts(), counts.get(10)!), counts.get(10)!);
    expect(total).toMatchObject({ offered: 2, picked: 2, gains: 2, favor: 10, favorSquares: 50, favorBySource: { gain: 4, prophecy: 6 } });
  });
});

describe('estimates', () => {
  test('Wilson interval of a proportion (known values)', () => {
    const [low, high] = wilson(5, 10);
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 0)).toEqual([0, 0]);
    expect(rateEstimate(3, 4)).toMatchObject({ value: 0.75, n: 4 });
    expect(rateEstimate(0, 0)).toBeNull();
  });
  test('t interval of a mean from sums and squares', () => {
    // Values 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), t(4) = 2.776.
    const e = meanEstimate(15, 55, 5)!;
    expect(e.value).toBe(3);
    expect(e.high - e.value).toBeCloseTo(2.776 * Math.sqrt(2.5 / 5), 6);
    expect(e.value - e.low).toBeCloseTo(e.high - e.value, 9);
    expect(t975(1000)).toBeCloseTo(1.96, 2);
    expect(meanEstimate(0, 0, 0)).toBeNull();
  });
  test('figures need MIN_GAMES games: offered ones for the pick rate, gained ones for the rest', () => {
    const base = { ...emptyCardPlayCounts(), offered: MIN_GAMES - 1, picked: 2, gainedGames: MIN_GAMES - 1, gains: 8, winShare: 4, favor: 8, favorSquares: 8 };
    expect(cardPlayFigures(base)).toEqual({ pickRate: null, gainersWinRate: null, favorPerGain: null });
    const enough = cardPlayFigures({ ...base, offered: MIN_GAMES, gainedGames: MIN_GAMES });
    expect(enough.pickRate).toMatchObject({ value: 2 / MIN_GAMES, n: MIN_GAMES });
    expect(enough.gainersWinRate).toMatchObject({ value: 0.5, n: 8 });
    expect(enough.favorPerGain).toMatchObject({ value: 1, low: 1, high: 1, n: 8 });
  });
});
