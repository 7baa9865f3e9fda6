/** The event log's pure logic: which events group together, in what order, and the sentences. */
import { describe, expect, test } from 'vitest';
import { playBotGame } from '../../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { GROUPED_EVENT_TYPES, viewFor, type EventPayloads, type EventType, type Game, type GameEvent } from '../../src/engine/index.js';
import { groupEvents } from '../../src/web/game/presentation/log-groups.js';
import { sentence, sentenceText, type LogState } from '../../src/web/game/presentation/log-sentences.js';
import { markStandIns } from '../../src/web/game/stand-ins.js';

function ev<T extends EventType>(type: T, payload: EventPayloads[T], turn = 1): GameEvent {
  return { type, payload, turn, age: 1, phase: 'PLANNING', timestamp: 0 } as GameEvent;
}

const bid = (userID: string, cardID = 101) => ev('BID', { userID, cardID, spentMilitary: 1, military: 2 });

describe('groupEvents', () => {
  test('groups consecutive events of the listed types, newest group first', () => {
    const events = [
      ev('SET_UP_PHASE', { phase: 'WAR' }),
      bid('a'),
      bid('b'),
      ev('END_OF_PHASE', { phase: 'PLANNING', elapsed_phase_time: 1000, elapsed_phase_time_by_player_id: {} }),
      ev('PRODUCTION', { userID: 'a', gold: 1, military: 0 }),
      ev('PRODUCTION', { userID: 'b', gold: 2, military: 1 }),
      ev('PRODUCTION', { userID: 'c', gold: 0, military: 1 }),
    ];
    const groups = groupEvents(events);
    expect(groups.map((g) => [g.type, g.events.length])).toEqual([
      ['PRODUCTION', 3],
      ['END_OF_PHASE', 1],
      ['BID', 2],
      ['SET_UP_PHASE', 1],
    ]);
    // Within a group the events keep their order; keys are the first event's index.
    expect(groups[2]!.events.map((e) => (e.payload as { userID: string }).userID)).toEqual(['a', 'b']);
    expect(groups.map((g) => g.key)).toEqual([4, 3, 1, 0]);
  });

  test('consecutive events of other types are never grouped', () => {
    const events = [
      ev('REFUND_MILITARY', { userID: 'a', refundedMilitary: 1 }),
      ev('REFUND_MILITARY', { userID: 'b', refundedMilitary: 2 }),
      ev('CHAT', { userID: 'a', text: 'hi' }),
      ev('CHAT', { userID: 'b', text: 'hello' }),
      ev('CONFLICT_RESULTS', { cardID: 1, winningPlayerID: 'a', rounds: [], playerIDsWithRerolls: [] }),
      ev('CONFLICT_RESULTS', { cardID: 2, winningPlayerID: 'b', rounds: [], playerIDsWithRerolls: [] }),
    ];
    expect(groupEvents(events).map((g) => g.events.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  test('every listed type groups, and exactly those', () => {
    expect([...GROUPED_EVENT_TYPES].sort()).toEqual(
      ['BID', 'GAIN_CARD', 'GAIN_TRIBUTES', 'DEAL_CARD', 'DEAL_TRIBUTE', 'SLIDE_CARD', 'PRODUCTION', 'EARN_TOKEN', 'END_GAME_EFFECTS', 'END_GAME_SCORING'].sort(),
    );
    const deal = (cardID: number) => ev('DEAL_CARD', { cardID });
    expect(groupEvents([deal(1), deal(2), bid('a'), deal(3)]).map((g) => g.events.length)).toEqual([1, 1, 2]);
  });

  test("a token earned by a gain stays in that turn's group of gains", () => {
    const gain = (userID: string, cardID: number) =>
      ev('GAIN_CARD', { userID, cardID, cost: { gold: 0 }, gold: 0, military: 0, favor: 0, prophecyFavor: 0, triggeredCards: [] });
    const token = (userID: string) => ev('EARN_TOKEN', { userID, token: 'War', triggeredCards: [] });
    const groups = groupEvents([gain('a', 1), token('a'), token('a'), gain('b', 2), gain('c', 3), token('c'), ev('SET_UP_TURN', { turn: 2 }), token('a')]);
    expect(groups.map((g) => [g.type, g.events.map((e) => e.type)])).toEqual([
      // A token that follows no gain is a group of its own.
      ['EARN_TOKEN', ['EARN_TOKEN']],
      ['SET_UP_TURN', ['SET_UP_TURN']],
      ['GAIN_CARD', ['GAIN_CARD', 'EARN_TOKEN', 'EARN_TOKEN', 'GAIN_CARD', 'GAIN_CARD', 'EARN_TOKEN']],
    ]);
    // Another player's token right after a gain was not earned by it.
    expect(groupEvents([gain('a', 1), token('b')]).map((g) => g.type)).toEqual(['EARN_TOKEN', 'GAIN_CARD']);
  });

  test('an empty log has no groups', () => {
    expect(groupEvents([])).toEqual([]);
  });
});

function logState(game: Game, names: Record<string, string>): LogState {
  const view = viewFor(game, null);
  return {
    game: view,
    cardsByID: game.cardsByID,
    tributeCardsByID: game.tributeCardsByID,
    usersByID: Object.fromEntries(Object.entries(names).map(([id, name]) => [id, { id, name, profilePictureURL: null }])),
  };
}

describe('sentences', () => {
  const { game } = playBotGame(
    {
      seats: [
        { userID: 'u1', botType: 'basic_bot' },
        { userID: 'u2', botType: 'easy_bot' },
        { userID: 'u3', botType: 'easy_bot' },
      ],
      options: { rerollTokens: true, warTokens: true, retreat2: true },
      definitions: GAME_DEFINITIONS,
    },
    5,
    7,
  );
  const state = logState(game, { u1: 'Ada', u2: 'Bo', u3: 'Cy' });
  const cardName = (id: number) => game.cardsByID[id]!.name;

  test('every event of a whole game reads as a sentence naming its players and cards', () => {
    const seen = new Set<string>();
    for (const event of game.events) {
      const segments = sentence(state, event);
      const text = sentenceText(segments);
      expect(text).not.toMatch(/undefined|NaN|\[object/);
      expect(text.length).toBeGreaterThan(3);
      const payload = event.payload as { userID?: string };
      if (payload.userID) {
        const who = segments.find((s) => s.kind === 'player');
        expect(who).toMatchObject({ kind: 'player', userID: payload.userID });
        // Players are named, not only coloured.
        expect(text).toContain(state.usersByID[payload.userID]!.name);
      }
      seen.add(event.type);
    }
    expect(seen).toContain('CONFLICT_RESULTS');
    expect(seen).toContain('END_GAME_SCORING');
  });

  test('players carry their seat colour and name', () => {
    const first = game.events.find((e) => e.type === 'BID')!;
    const [who] = sentence(state, first);
    const seat = game.players.find((p) => p.userID === (first.payload as { userID: string }).userID)!;
    expect(who).toMatchObject({ kind: 'player', color: seat.color });
  });

  test('bids, gains, production and clashes in words', () => {
    const b = game.events.find((e): e is Extract<GameEvent, { type: 'BID' }> => e.type === 'BID')!;
    const bidText = sentenceText(sentence(state, b));
    expect(bidText).toContain(` bid ${b.payload.military} military`);
    expect(bidText).toContain(cardName(b.payload.cardID));

    const gain = game.events.find((e): e is Extract<GameEvent, { type: 'GAIN_CARD' }> => e.type === 'GAIN_CARD')!;
    expect(sentenceText(sentence(state, gain))).toContain(` gained ${cardName(gain.payload.cardID)}`);

    const clash = game.events.find((e): e is Extract<GameEvent, { type: 'CONFLICT_RESULTS' }> => e.type === 'CONFLICT_RESULTS')!;
    const clashText = sentenceText(sentence(state, clash));
    expect(clashText).toContain(` won the clash for ${cardName(clash.payload.cardID)}`);
  });

  test('hand-made events read exactly', () => {
    const s = logState(game, { u1: 'Ada', u2: 'Bo', u3: 'Cy' });
    const card = game.players[0]!.cardIDs[0]!;
    const name = cardName(card);
    expect(sentenceText(sentence(s, ev('PRODUCTION', { userID: 'u1', gold: 2, military: 1 })))).toBe('Ada produced 2 gold, 1 military');
    expect(sentenceText(sentence(s, ev('PRODUCTION', { userID: 'u1', gold: 0, military: 0 })))).toBe('Ada produced nothing');
    expect(sentenceText(sentence(s, ev('EARN_TOKEN', { userID: 'u2', token: 'War', triggeredCards: [] })))).toBe('Bo earned a Clash token');
    expect(sentenceText(sentence(s, ev('BID', { userID: 'u3', cardID: card, spentMilitary: 2, military: 3 })))).toBe(`Cy bid 3 military (spent 2) on ${name}`);
    expect(sentenceText(sentence(s, ev('BID', { userID: 'u3', cardID: card, spentMilitary: 3, military: 3 })))).toBe(`Cy bid 3 military on ${name}`);
    const hidden = ev('GAIN_TRIBUTES', { userID: '', tributeIDs: [], favor: 0, tributeTokens: 0, triggeredCards: [] });
    expect(sentenceText(sentence(s, hidden))).toBe('Another player completed tributes (hidden until the game ends)');
    // Offered a reroll, which they may take or decline: not a choice yet.
    expect(sentenceText(sentence(s, ev('GAIN_REROLL', { userID: 'u1' })))).toBe('Ada may reroll');
    expect(sentenceText(sentence(s, ev('DECLINE_REROLL', { userID: 'u1' })))).toBe('Ada kept their roll');
    expect(sentenceText(sentence(s, ev('END_GAME_SCORING', { userID: 'u1', favor: 3, cost: { gold: 6, military: 3 } })))).toBe('Ada turned 6 gold and 3 military into 3 favor');
    expect(sentenceText(sentence(s, ev('SET_UP_AGE', { age: 2 })))).toBe('Age 2 begins');
    expect(sentenceText(sentence(s, ev('END_OF_PHASE', { phase: 'PLANNING', elapsed_phase_time: 65_000, elapsed_phase_time_by_player_id: {} })))).toBe(
      'Planning phase ended after 1:05',
    );
    expect(sentenceText(sentence(s, ev('CHAT', { userID: 'nobody', text: 'hi' })))).toBe('unknown: hi');
  });

  test("a gain says what it scored now, and what the player's other cards added, each named", () => {
    const s = logState(game, { u1: 'Ada' });
    const [leader, gained] = [game.players[0]!.cardIDs[0]!, game.players[0]!.cardIDs[1]!];
    const triggered = { cardID: leader, gold: 1, military: 0, favor: 0, warTokens: 0, rerollTokens: 0 };
    // The card's prophecy would pay 1 favor were the game to end now: that is not scored yet.
    const gain = ev('GAIN_CARD', { userID: 'u1', cardID: gained, cost: { gold: 4 }, gold: 0, military: 0, favor: 2, prophecyFavor: 1, triggeredCards: [triggered] });
    expect(sentenceText(sentence(s, gain))).toBe(`Ada gained ${cardName(gained)} for 4 gold (+2 favor, +1 gold from ${cardName(leader)})`);
    // The added gold is named by its card, drawn as a card.
    expect(sentence(s, gain).filter((seg) => seg.kind === 'card').map((seg) => (seg as { cardID: number }).cardID)).toEqual([gained, leader]);
    const onlyProphecy = ev('GAIN_CARD', { userID: 'u1', cardID: gained, cost: { gold: 0 }, gold: 0, military: 0, favor: 0, prophecyFavor: 3, triggeredCards: [] });
    expect(sentenceText(sentence(s, onlyProphecy))).toBe(`Ada gained ${cardName(gained)}`);
    // A card that reacted without adding anything is not named; tokens have lines of their own.
    const quiet = { ...triggered, gold: 0, warTokens: 1 };
    expect(sentenceText(sentence(s, { ...gain, payload: { ...gain.payload, favor: 0, triggeredCards: [quiet] } } as GameEvent))).toBe(`Ada gained ${cardName(gained)} for 4 gold`);
    const token = ev('EARN_TOKEN', { userID: 'u1', token: 'War', triggeredCards: [{ ...triggered, gold: 0, favor: 1 }] });
    expect(sentenceText(sentence(s, token))).toBe(`Ada earned a Clash token (+1 favor from ${cardName(leader)})`);
    // Under hideFavor the other cards' favor is hidden too.
    const hidden: LogState = { ...s, game: { ...s.game, options: { ...s.game.options, hideFavor: true }, gameEndTimestamp: null } };
    expect(sentenceText(sentence(hidden, token))).toBe('Ada earned a Clash token');
  });

  test('favor is left out while hidden, and shown once the game ends', () => {
    const s = logState(game, { u1: 'Ada' });
    const gain = ev('GAIN_CARD', { userID: 'u1', cardID: game.players[0]!.cardIDs[0]!, cost: { gold: 2 }, gold: 0, military: 0, favor: 2, prophecyFavor: 0, triggeredCards: [] });
    const hidden: LogState = { ...s, game: { ...s.game, options: { ...s.game.options, hideFavor: true }, gameEndTimestamp: null } };
    expect(sentenceText(sentence(hidden, gain))).not.toContain('favor');
    expect(sentenceText(sentence(s, gain))).toContain('+2 favor');
  });
});

describe("a stand-in's choices", () => {
  const { game } = playBotGame({ seats: [{ userID: 'u1', botType: 'easy_bot' }, { userID: 'u2', botType: 'easy_bot' }], definitions: GAME_DEFINITIONS }, 1, 3);
  const s = logState(game, { u1: 'Ada', u2: 'Cy' });
  const standIn = (userID: string, decision: 'BID' | 'REROLL' | 'RESOLVE', reason: 'turn timer' | 'left' | 'no one connected' = 'turn timer') =>
    ev('STAND_IN', { userID, decision, reason });

  test('are told when the bot chooses, and what they led to names the player "(bot)"', () => {
    const events = [standIn('u2', 'BID'), ev('SET_UP_PHASE', { phase: 'WAR' }), bid('u1'), bid('u2')];
    markStandIns(events);
    expect(events.map((e) => sentenceText(sentence(s, e)))).toEqual([
      'Time ran out for Cy: a bot bid for them',
      'War phase',
      `Ada bid 2 military (spent 1) on ${s.cardsByID[101]?.name ?? 'card 101'}`,
      `Cy (bot) bid 2 military (spent 1) on ${s.cardsByID[101]?.name ?? 'card 101'}`,
    ]);
  });

  test('a bid of the next turn is the player\'s own again; leaving and an empty table are said so', () => {
    const events = [standIn('u2', 'BID'), bid('u2'), { ...bid('u2'), turn: 2 } as GameEvent];
    markStandIns(events);
    expect(sentenceText(sentence(s, events[2]!))).toMatch(/^Cy bid/);
    expect(sentenceText(sentence(s, standIn('u1', 'RESOLVE', 'left')))).toBe('A bot chose a card for Ada, who left the game');
    expect(sentenceText(sentence(s, standIn('u1', 'REROLL', 'no one connected')))).toBe('A bot chose whether to reroll for Ada: nobody was at the table');
  });
});
