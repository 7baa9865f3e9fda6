/**
 * The game screen's pure core, without a browser: updates applied only when newer and spliced at
 * fromEvent, patches applied only on their base step (a gap asks for a refetch), and the action panel's client rules.
 */
import { describe, expect, test } from 'vitest';
import type { JsonValue } from '../../src/engine/json-patch.js';
import type { WirePatch, WireTable, WireUpdate } from '../../src/server/services/game-views.js';
import { applyUpdate, type LiveGame } from '../../src/web/game/live.js';
import { bidToSend, CLIENT_MESSAGES, enterStep, rerollSubmitLabel, stepKeyOf, typedBid } from '../../src/web/game/selection.js';
import type { GameScreenState } from '../../src/web/game/model.js';
import type { GameEvent } from '../../src/engine/index.js';

const event = (turn: number): GameEvent => ({ type: 'SET_UP_TURN', turn, age: 1, phase: 'SETUP', timestamp: turn, payload: { turn } });

function update(sequenceID: number, fromEvent: number, turns: number[]): WireUpdate {
  return { sequenceID, fromEvent, events: turns.map(event), game: { sequenceID } as unknown as WireUpdate['game'], away: [], seats: [], serverTime: 0 };
}

describe('applying updates', () => {
  test('the first update is taken whole; newer ones are spliced at fromEvent', () => {
    const first = applyUpdate(null, update(2, 0, [1, 2]));
    expect(first.kind).toBe('applied');
    const live = (first as { live: LiveGame }).live;
    const next = applyUpdate(live, update(3, 2, [3]));
    expect(next.kind === 'applied' && next.live.events.map((e) => e.turn)).toEqual([1, 2, 3]);
    // A resent tail (fromEvent before the end) replaces what follows it.
    const again = applyUpdate(live, update(4, 1, [9]));
    expect(again.kind === 'applied' && again.live.events.map((e) => e.turn)).toEqual([1, 9]);
  });

  test('an older or equal sequenceID is ignored', () => {
    const live = (applyUpdate(null, update(5, 0, [1])) as { live: LiveGame }).live;
    expect(applyUpdate(live, update(5, 1, [2])).kind).toBe('stale');
    expect(applyUpdate(live, update(4, 0, [1])).kind).toBe('stale');
  });

  test('the step held, sent again with a table read later, brings that table alone', () => {
    // The page's fetch read the table before its own tab was counted (gone); the subscription's
    // first update, of the same step, was read after (here).
    const gone = { userID: 'bob', presence: 'gone' as const, deadline: null, standIn: null, left: false };
    const fetched = (applyUpdate(null, { ...update(5, 0, [1]), seats: [gone], serverTime: 1_000 }, 1_000) as { live: LiveGame }).live;
    const here = { ...gone, presence: 'here' as const };
    const first = applyUpdate(fetched, { ...update(5, 0, [9]), seats: [here], serverTime: 1_200 }, 1_100);
    expect(first.kind === 'applied' && first.live).toEqual({ ...fetched, seats: [here], clockOffsetMs: 100, tableTime: 1_200 });
    // The other way round, the fetch answered last with the older table: kept out.
    const live = (first as { live: LiveGame }).live;
    expect(applyUpdate(live, { ...update(5, 0, [1]), seats: [gone], serverTime: 1_000 }).kind).toBe('stale');
  });

  test('a patch applies to the step it names as its base, with the server\'s json-patch; the held state is not changed', () => {
    const live = (applyUpdate(null, update(2, 0, [1])) as { live: LiveGame }).live;
    const patch: WirePatch = {
      sequenceID: 3,
      baseSequenceID: 2,
      patch: [
        { op: 'replace', path: '/game/sequenceID', value: 3 },
        { op: 'add', path: '/events/1', value: event(2) as unknown as JsonValue },
      ],
      away: [{ userID: 'bob', reason: 'turn timer' }],
      seats: [],
      serverTime: 0,
    };
    const next = applyUpdate(live, patch);
    expect(next.kind === 'applied' && next.live.events.map((e) => e.turn)).toEqual([1, 2]);
    expect(next.kind === 'applied' && [next.live.sequenceID, next.live.game.sequenceID, next.live.away]).toEqual([3, 3, patch.away]);
    expect(live.events.map((e) => e.turn)).toEqual([1]);
    expect(applyUpdate(live, { ...patch, sequenceID: 2 }).kind).toBe('stale');
  });

  test('a change of the table alone replaces the table (and the clock offset) and keeps the game; an older one is stale', () => {
    const live = (applyUpdate(null, update(4, 0, [1]), 1_000) as { live: LiveGame }).live;
    const seat = { userID: 'bob', presence: 'away' as const, deadline: 90_000, standIn: null, left: false };
    const table: WireTable = { sequenceID: 4, table: true, away: [], seats: [seat], serverTime: 5_000 };
    const next = applyUpdate(live, table, 2_000);
    expect(next.kind === 'applied' && next.live).toEqual({ ...live, seats: [seat], clockOffsetMs: 3_000, tableTime: 5_000 });
    expect(applyUpdate(live, { ...table, sequenceID: 3 }).kind).toBe('stale');
    expect(applyUpdate(null, table).kind).toBe('stale');
  });

  test('a patch on a step the screen does not hold, or one that does not fit, is a gap: the caller resyncs', () => {
    const live = (applyUpdate(null, update(2, 0, [1])) as { live: LiveGame }).live;
    const on = (baseSequenceID: number, path = '/game/sequenceID'): WirePatch => ({ sequenceID: 5, baseSequenceID, patch: [{ op: 'replace', path, value: 5 }], away: [], seats: [], serverTime: 0 });
    expect(applyUpdate(live, on(4)).kind).toBe('gap');
    expect(applyUpdate(live, on(1)).kind).toBe('gap');
    expect(applyUpdate(null, on(2)).kind).toBe('gap');
    expect(applyUpdate(live, on(2, '/game/nothing/here')).kind).toBe('gap');
    expect(applyUpdate(live, on(2)).kind).toBe('applied');
  });

  test('a hole in the log is a gap, and a whole log (after a reconnect) replaces all', () => {
    const live = (applyUpdate(null, update(2, 0, [1])) as { live: LiveGame }).live;
    expect(applyUpdate(live, update(4, 3, [4])).kind).toBe('gap');
    expect(applyUpdate(null, update(4, 3, [4])).kind).toBe('gap');
    const whole = applyUpdate(live, update(9, 0, [1, 2, 3]));
    expect(whole.kind === 'applied' && whole.live.events.length).toBe(3);
  });
});

function screen(game: Partial<GameScreenState['game']>, me = 'a'): GameScreenState {
  const base = {
    age: 1,
    turn: 2,
    phase: 'PLANNING',
    rerollRound: 0,
    tableIDs: [101, 102, 103],
    winnersByTradeRowIndex: {},
    players: [{ userID: 'a', selectedCard: 102 }],
  };
  return { game: { ...base, ...game } as unknown as GameScreenState['game'], events: [], cardsByID: {}, tributeCardsByID: {}, me, usersByID: {}, awayByUserID: {}, seatsByUserID: {}, clockOffsetMs: 0 };
}

describe('client behaviour', () => {
  test('entering planning clears the card and sets the bid to its minimum', () => {
    const s = enterStep(screen({}), { type: 'BID', tradeRowIndexes: [0, 1, 2], minMilitary: 1, maxMilitary: 4 });
    expect(s).toMatchObject({ cardID: null, bid: 1, reroll: null });
  });

  test('entering resolution restores the won card, else clears', () => {
    const won = enterStep(screen({ phase: 'RESOLUTION', winnersByTradeRowIndex: { 1: 'a' } }), null);
    expect(won.cardID).toBe(102);
    const lost = enterStep(screen({ phase: 'RESOLUTION', winnersByTradeRowIndex: { 1: 'b' } }), null);
    expect(lost.cardID).toBeNull();
  });

  test('each reroll round is a step of its own, so the choice resets', () => {
    expect(stepKeyOf(screen({ phase: 'WAR', rerollRound: 0 }))).not.toBe(stepKeyOf(screen({ phase: 'WAR', rerollRound: 1 })));
    expect(enterStep(screen({ phase: 'WAR', rerollRound: 1 }), null).reroll).toBeNull();
  });

  test('the bid is clamped between the minimum and the maximum; empty is the minimum', () => {
    const decision = { type: 'BID' as const, tradeRowIndexes: [0], minMilitary: 1, maxMilitary: 3 };
    const at = (bid: number | null) => bidToSend({ stepKey: '', cardID: 101, bid, reroll: null }, decision);
    expect([at(null), at(0), at(2), at(9), at(Number.NaN)]).toEqual([1, 1, 2, 3, 1]);
  });

  test('a typed bid is clamped into the range at every key; only an empty field is no bid', () => {
    expect(['', '-', '-3', -3, 5, '5', 2, '1e9', 'x'].map((typed) => typedBid(typed, 1, 3))).toEqual([null, 1, 1, 1, 3, 3, 2, 3, 1]);
    expect(typedBid(5, 0, 1)).toBe(1);
  });

  test('the war submit label and the client messages, word for word', () => {
    expect([rerollSubmitLabel('reroll'), rerollSubmitLabel('decline'), rerollSubmitLabel(null)]).toEqual(['Submit Reroll', 'Submit Keep', 'Submit']);
    expect(CLIENT_MESSAGES).toMatchObject({
      draft: 'You must select a card to draft',
      gain: 'You must select a card to gain',
      choice: 'You must make a choice.',
      confirm: 'Press OK to confirm your selection, or Cancel to choose another card.',
      waiting: 'Waiting for other players...',
    });
  });
});
