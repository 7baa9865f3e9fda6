/** The presentation layer's other pure logic: the timer, names, contrast, sounds, counters, animation plans. */
import { describe, expect, test } from 'vitest';
import { SEAT_COLORS, type EventPayloads, type EventType, type GameEvent } from '../../src/engine/index.js';
import {
  assertKnownStyle,
  CARD_DEAL_MS,
  CARD_FLY_MS,
  CARD_REMOVE_MS,
  DELAY_STEP_MS,
  MAX_REPLAYED_EVENTS,
  newRowDealtAt,
  planAnimations,
  planLength,
  RESOURCE_FLY_MS,
  units,
} from '../../src/shared/animation-plan.js';
import { standings, viewerPlace, timePie } from '../../src/web/game/presentation/end-stats.js';
import { ordinal } from '../../src/web/history/game-result.js';
import { forfeitsIn } from '../../src/shared/forfeit.js';
import { contrast, formatDuration, textOn, TIMER_REFRESH_MS } from '../../src/web/game/presentation/format.js';
import { nameColor, readableOn } from '../../src/web/lib/contrast.js';
import { SITE } from '../../src/web/lib/palette.js';
import { soundCue, SOUND_VOLUME } from '../../src/web/game/presentation/sound-cues.js';
import { TICK_MS, tickValues } from '../../src/web/game/presentation/ticking.js';

function ev<T extends EventType>(type: T, payload: EventPayloads[T]): GameEvent {
  return { type, payload, turn: 1, age: 1, phase: 'RESOLUTION', timestamp: 0 } as GameEvent;
}

describe('timer', () => {
  test('h:mm:ss, refreshed every 216 ms', () => {
    expect(TIMER_REFRESH_MS).toBe(216);
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(999)).toBe('0:00:00');
    expect(formatDuration(61_000)).toBe('0:01:01');
    expect(formatDuration(3_600_000 + 23 * 60_000 + 9_500)).toBe('1:23:09');
    expect(formatDuration(30 * 3_600_000)).toBe('30:00:00');
    expect(formatDuration(-5_000)).toBe('0:00:00');
  });
});

describe('names and colours', () => {
  test('time pie', () => {
    const state = {
      usersByID: { a: { id: 'a', name: 'Ada', profilePictureURL: null }, b: { id: 'b', name: 'Bo', profilePictureURL: null } },
      game: {
        players: [{ userID: 'a', color: '#d9480f', counters: { favor: 10 } }, { userID: 'b', color: '#1971c2', counters: { favor: 10 } }],
        winnerIDs: ['a', 'b'],
        totalThinkingMillisByPlayerID: { a: 12_600, b: 400 },
      },
    } as never;
    expect(timePie(state).series).toEqual([13, 0]);
  });

  test('standings: most favor first, equal favor shares a rank, the tie-break winner first among equals', () => {
    const sources = (cards: number, tributes: number) => ({ cards, tributes, prophecies: 1, resources: 0 });
    const state = {
      usersByID: { a: { id: 'a', name: 'Ada', profilePictureURL: null }, b: { id: 'b', name: 'Bo', profilePictureURL: null }, c: { id: 'c', name: 'Cy', profilePictureURL: null } },
      game: {
        players: [
          { userID: 'a', color: '#d9480f', counters: { favor: 9 }, favorSources: sources(5, 3) },
          { userID: 'b', color: '#1971c2', counters: { favor: 12 }, favorSources: sources(8, 3) },
          { userID: 'c', color: '#2f9e44', counters: { favor: 12 }, favorSources: sources(2, 9) },
        ],
        winnerIDs: ['c'],
        totalThinkingMillisByPlayerID: {},
      },
    } as never;
    expect(standings(state).map((r) => [r.rank, r.name, r.winner, r.favor, r.cards, r.tributes])).toEqual([
      [1, 'Cy', true, 12, 2, 9],
      [1, 'Bo', false, 12, 8, 3],
      [3, 'Ada', false, 9, 5, 3],
    ]);
    // The viewer's own line: a winner won; the tie-break's loser comes after the winner, not 1st.
    const rows = standings(state);
    expect([viewerPlace(rows, 'c'), viewerPlace(rows, 'b'), viewerPlace(rows, 'a'), viewerPlace(rows, null)]).toEqual([
      'You won!',
      'You finished 2nd of 3.',
      'You finished 3rd of 3.',
      null,
    ]);
    // A winner whose game counted as a loss (they left, or a stand-in bot made most of their
    // choices) is told so, not that they won; so is any other such player.
    expect([viewerPlace(rows, 'c', 'stood in'), viewerPlace(rows, 'c', 'left'), viewerPlace(rows, 'a', 'stood in'), viewerPlace(rows, null, 'left')]).toEqual([
      'A bot made most of your choices, so the game counts as a loss.',
      'You left the game, so it counts as a loss.',
      'A bot made most of your choices, so the game counts as a loss.',
      null,
    ]);
    // Which is which, read from a record that does not say (an older replay file's): a stand-in that took a decision because its
    // player left; more than half of a seat's decisions a stand-in's (half is not more than half).
    const entry = (userID: string, standIn: string | null) => ({ kind: 'action', userID, standIn });
    const log = [entry('a', null), entry('a', 'left'), entry('b', 'no one connected'), entry('b', 'turn timer'), entry('b', null), entry('c', 'turn timer'), entry('c', null), { kind: 'chat', userID: 'c' }];
    expect(forfeitsIn({ log })).toEqual(new Map([['a', 'left'], ['b', 'stood in']]));
    // A tie for the win: each winner shares it, and the next is 3rd.
    const { game } = state as { game: object };
    const tied = standings({ ...(state as object), game: { ...game, winnerIDs: ['b', 'c'] } } as never);
    expect([viewerPlace(tied, 'b'), viewerPlace(tied, 'c'), viewerPlace(tied, 'a')]).toEqual(['You shared the win!', 'You shared the win!', 'You finished 3rd of 3.']);
    // A winner who forfeited wins nothing: the next best of the others wins, and the one who
    // forfeited comes last, whatever their favor; with the two at the top gone, Ada wins alone.
    const leftC = standings(state, new Map([['c', 'left']]));
    expect(leftC.map((r) => [r.rank, r.name, r.winner, r.forfeit])).toEqual([
      [1, 'Bo', true, null],
      [2, 'Ada', false, null],
      [3, 'Cy', false, 'left'],
    ]);
    expect([leftC.filter((r) => r.winner).map((r) => r.name).join(), viewerPlace(leftC, 'b'), viewerPlace(leftC, 'a'), viewerPlace(leftC, 'c', 'left')]).toEqual(['Bo', 'You won!', 'You finished 2nd of 3.', 'You left the game, so it counts as a loss.']);
    const twoGone = standings(state, new Map([['c', 'left'], ['b', 'stood in']]));
    expect(twoGone.map((r) => [r.rank, r.name, r.winner])).toEqual([
      [1, 'Ada', true],
      [2, 'Bo', false],
      [2, 'Cy', false],
    ]);
    expect(standings(state, new Map([['a', 'left'], ['b', 'left'], ['c', 'stood in']])).filter((r) => r.winner)).toEqual([]);
    expect([1, 2, 3, 4, 8, 11, 12, 13, 21, 22, 23, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '8th', '11th', '12th', '13th', '21st', '22nd', '23rd', '111th']);
  });

  test('every seat colour gets a name text colour readable on it (WCAG AA), the lobby\'s seat numbers too', () => {
    for (const color of SEAT_COLORS) expect(contrast(color, textOn(color))).toBeGreaterThanOrEqual(4.5);
    // The lobby's discs prefer the night's ink to black: seat 1's orange took white at 4.3:1.
    for (const color of SEAT_COLORS) expect(contrast(color, textOn(color, SITE.night))).toBeGreaterThanOrEqual(4.5);
  });

  test("a name in its seat colour on the night sky reads (WCAG AA), in the seat's own hue", () => {
    // Axe cannot check text over the starfield (a background image): it is checked here.
    const readable = SEAT_COLORS.map(nameColor);
    expect(readable).toEqual(SEAT_COLORS.map((color) => readableOn(color, SITE.nightLit)));
    for (const text of readable) {
      expect(contrast(text, SITE.nightLit)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, SITE.night)).toBeGreaterThanOrEqual(4.5);
    }
    // A colour that already reads is kept; the others are tints of themselves, not white.
    expect(readable[SEAT_COLORS.indexOf('#f08c00')]).toBe('#f08c00');
    expect(readable[SEAT_COLORS.indexOf('#1971c2')]).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(readable).size).toBe(SEAT_COLORS.length);
    expect(readable).not.toContain('#ffffff');
    expect(readable[SEAT_COLORS.indexOf('#1971c2')]).not.toBe('#1971c2');
  });
});

describe('sounds', () => {
  const at = { age: 1 as const, turn: 2, phase: 'PLANNING' as const, turnsPerAge: 5, gameEndTimestamp: null };
  test('gong on a new age, horn on an age\'s last turn, chime on a new phase, nothing on load', () => {
    expect(SOUND_VOLUME).toBe(0.3);
    expect(soundCue(null, at)).toBeNull();
    expect(soundCue(at, at)).toBeNull();
    expect(soundCue(at, { ...at, phase: 'WAR' })).toBe('chime');
    expect(soundCue({ ...at, turn: 4 }, { ...at, turn: 5, phase: 'SETUP' })).toBe('horn');
    expect(soundCue({ ...at, turn: 3 }, { ...at, turn: 4, phase: 'SETUP' })).toBe('chime');
    expect(soundCue({ ...at, turn: 5 }, { ...at, age: 2, turn: 1 })).toBe('gong');
  });
});

describe('ticking counters', () => {
  test('one unit per tick, at least 50 ms apart; big jumps in at most 20 ticks', () => {
    expect(TICK_MS).toBeGreaterThanOrEqual(50);
    expect(tickValues(3, 3)).toEqual([]);
    expect(tickValues(3, 6)).toEqual([4, 5, 6]);
    expect(tickValues(6, 4)).toEqual([5, 4]);
    const big = tickValues(0, 57);
    expect(big.length).toBeLessThanOrEqual(20);
    expect(big.at(-1)).toBe(57);
  });
});

describe('animation plans', () => {
  const gain = (userID: string, cardID: number) =>
    ev('GAIN_CARD', { userID, cardID, cost: { gold: 0 }, gold: 0, military: 0, favor: 0, prophecyFavor: 0, triggeredCards: [] });

  test("the documented durations (docs/decisions.md), 0.1 s apart, a stage after the one before", () => {
    const plan = planAnimations([gain('a', 1), gain('b', 2), ev('DEAL_CARD', { cardID: 3 }), ev('DEAL_CARD', { cardID: 4 }), ev('DISCARD_TRIBUTE', { cardID: 9 })]);
    expect(plan.map((s) => [s.kind, s.delay, s.duration])).toEqual([
      ['card-fly', 0, CARD_FLY_MS],
      ['card-fly', DELAY_STEP_MS, CARD_FLY_MS],
      ['card-deal', DELAY_STEP_MS + CARD_FLY_MS, CARD_DEAL_MS],
      ['card-deal', 2 * DELAY_STEP_MS + CARD_FLY_MS, CARD_DEAL_MS],
      ['card-remove', 2 * DELAY_STEP_MS + CARD_FLY_MS + CARD_DEAL_MS, CARD_REMOVE_MS],
    ]);
    expect(CARD_FLY_MS).toBe(400);
    expect(CARD_DEAL_MS).toBe(600);
    expect(CARD_REMOVE_MS).toBe(600);
    expect(planLength(plan)).toBe(2 * DELAY_STEP_MS + CARD_FLY_MS + CARD_DEAL_MS + CARD_REMOVE_MS);
  });

  test('resources fly one unit at a time, 0.4 s each, 0.1 s apart per player', () => {
    const plan = planAnimations([ev('PRODUCTION', { userID: 'a', gold: 2, military: 1 }), ev('PRODUCTION', { userID: 'b', gold: 1, military: 0 })]);
    expect(plan.map((s) => (s.kind === 'resource-fly' ? [s.toPlayerID, s.resource, s.delay, s.duration] : null))).toEqual([
      ['a', 'gold', 0, RESOURCE_FLY_MS],
      ['a', 'gold', 100, RESOURCE_FLY_MS],
      ['a', 'military', 200, RESOURCE_FLY_MS],
      ['b', 'gold', 0, RESOURCE_FLY_MS],
    ]);
    expect(RESOURCE_FLY_MS).toBe(400);
    expect(units(3)).toEqual([1, 1, 1]);
    expect(units(20)).toEqual([1, 1, 1, 1, 1, 1, 1, 13]);
    expect(units(0)).toEqual([]);
  });

  test("a row dealt wholly anew holds the bid until its last card lands; a turn's new cards beside those left, and tributes, hold nothing", () => {
    const deal = (cardID: number) => ev('DEAL_CARD', { cardID });
    // A new age: the last turn's gain flies, then the tribute row and the trade row are dealt.
    const plan = planAnimations([gain('a', 1), ev('DEAL_TRIBUTE', { cardID: 7 }), deal(3), deal(4), ev('PRODUCTION', { userID: 'a', gold: 1, military: 0 })]);
    expect(newRowDealtAt(plan, [3, 4])).toBe(CARD_FLY_MS + 2 * DELAY_STEP_MS + CARD_DEAL_MS);
    expect(newRowDealtAt(plan, [3, 4])).toBeLessThan(planLength(plan));
    // Card 2 stayed on the row from the turn before: it can be bid on while 3 and 4 come.
    expect(newRowDealtAt(plan, [2, 3, 4])).toBe(0);
    // Nothing dealt onto the trade row (the tribute row alone).
    expect(newRowDealtAt(planAnimations([ev('DEAL_TRIBUTE', { cardID: 7 })]), [2])).toBe(0);
  });

  test('events with nothing to show play nothing; a long catch-up is not replayed', () => {
    expect(planAnimations([ev('SET_UP_PHASE', { phase: 'WAR' }), ev('CHAT', { userID: 'a', text: 'x' })])).toEqual([]);
    expect(planAnimations(Array.from({ length: MAX_REPLAYED_EVENTS + 1 }, (_, i) => ev('DEAL_CARD', { cardID: i })))).toEqual([]);
  });

  test("an unknown animation kind is the 'unknown style' assertion", () => {
    expect(() => assertKnownStyle('wobble')).toThrow('unknown style');
    expect(() => assertKnownStyle('card-fly')).not.toThrow();
  });
});
