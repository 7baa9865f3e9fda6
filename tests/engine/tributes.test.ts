/**
 * Tributes, one kind at a time: after a played turn, a player who meets the
 * tribute gets GAIN_TRIBUTES (its tokens, 3 favor each) and one who does not gets nothing. Then the
 * tribute row itself: per-age thresholds, completed tributes leaving and being replaced, reshuffles.
 *
 * Every game starts at turn 1 planning with 3 gold and 1 military a player; the leader is a Building.
 */
import { describe, expect, it } from 'vitest';
import type { Game, GameOptions } from '../../src/engine/index.js';
import { card, miniDefinitions, tribute } from '../support/mini-cards.js';
import { eventsOf, player, startGame, withCards, withCounters, withTradeRow } from '../support/scenario.js';
import {
  AGE1,
  FORT,
  heldCards,
  heldStock,
  LEVY,
  OFFERING,
  payloadsOf,
  playQuietTurns,
  playTurn,
  tributesGained,
  withDice,
  withHeld,
  withTributes,
} from '../support/tribute-helpers.js';

const T = 1000;
const TOKENS = 2;

/** Cards never dealt, to put on the trade row by hand. */
const PALACE = 700; // costs 3
const RELIC = 701; // worth 4 favor
const TREASURE = 702; // gives 2 gold
const TREASURE_2 = 703;
const extraCards = [
  card(PALACE, 'Palace', { affinity: 'None', type: 'Building', age: null, cost: 3, favor: 1 }),
  card(RELIC, 'Relic', { affinity: 'None', type: 'Event', age: null, cost: 1, favor: 4 }),
  ...[TREASURE, TREASURE_2].map((id) =>
    card(id, 'Treasure', { affinity: 'None', type: 'Event', age: null, cost: 1, favor: 0, abilities: ['gain-on-acquire 2G'] }),
  ),
];

interface Setup {
  value?: [number, number, number];
  players?: number;
  options?: Partial<GameOptions>;
}

/** A game whose tribute row holds one tribute, T, worth TOKENS tokens. */
function withTribute(fn: string, params: Record<string, unknown> = {}, setup: Setup = {}): Game {
  const definitions = miniDefinitions({
    extraCards: [...heldStock(), ...extraCards],
    tributes: [tribute(T, fn, params, { value: setup.value ?? [1, 1, 1], tokens: TOKENS })],
  });
  const game = startGame({ definitions, players: setup.players, options: setup.options });
  expect(game.tributeRow).toEqual([T]);
  return game;
}

/** Exactly these players completed T this turn, each earning TOKENS tokens and 3 favor a token. */
function expectMetBy(game: Game, userIDs: string[]): void {
  expect(payloadsOf(game, 'GAIN_TRIBUTES')).toEqual(userIDs.map((userID) => tributesGained(userID, [T], TOKENS)));
  for (const p of game.players) {
    const met = userIDs.includes(p.userID);
    expect(p.tributeIDs).toEqual(met ? [T] : []);
    expect(p.counters.tributeTokens).toBe(met ? TOKENS : 0);
    expect(p.favorSources.tributes).toBe(met ? 3 * TOKENS : 0);
  }
}

const ROW = [AGE1.derionBuilding, AGE1.tyrosBuilding, AGE1.zeonaBuilding];

describe('obtainCardType', () => {
  it('is met by gaining a card of the type, basic cards included', () => {
    const game = playTurn(withTribute('obtainCardType', { type: 'Event' }), { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });
    expectMetBy(game, ['ann']);
  });
});

describe('obtainCardAffinity', () => {
  it('is met by gaining a card of the affinity', () => {
    let game = withTradeRow(withTribute('obtainCardAffinity', { affinity: 'Zeona' }), [AGE1.zeonaUnit, AGE1.tyrosUnit, AGE1.derionUnit]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.zeonaUnit, bob: AGE1.tyrosUnit });
    expectMetBy(game, ['ann']);
  });
});

describe('obtainCardRankedAffinity', () => {
  it('most: is met by gaining a card of the deity held most before the gain', () => {
    let game = withTradeRow(withTribute('obtainCardRankedAffinity', { rank: 'most' }), [AGE1.tyrosUnit, AGE1.tyrosEvent, AGE1.derionUnit]);
    game = withHeld(game, 'ann', [...heldCards('Tyros', 'Building', 2), ...heldCards('Derion', 'Building', 1)]);
    // Bob's Tyros card would tie Derion for most only once it is gained: it does not count.
    game = withHeld(game, 'bob', [...heldCards('Derion', 'Building', 2), ...heldCards('Tyros', 'Building', 1)]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.tyrosUnit, bob: AGE1.tyrosEvent });
    expectMetBy(game, ['ann']);
  });

  it('least: is met by gaining a card of the deity held least before the gain', () => {
    let game = withTradeRow(withTribute('obtainCardRankedAffinity', { rank: 'least' }), [AGE1.tyrosUnit, AGE1.zeonaUnit, AGE1.derionUnit]);
    game = withHeld(game, 'ann', [...heldCards('Tyros', 'Building', 1), ...heldCards('Derion', 'Building', 1)]);
    game = withHeld(game, 'bob', [...heldCards('Tyros', 'Building', 1), ...heldCards('Derion', 'Building', 1)]);
    game = playTurn(game, { ann: [1], bob: [0] }, { ann: AGE1.zeonaUnit, bob: AGE1.tyrosUnit });
    expectMetBy(game, ['ann']);
  });
});

describe('haveCards', () => {
  it('affinity: is met holding as many cards of the affinity as the value', () => {
    let game = withTribute('haveCards', { affinity: 'Zeona' }, { value: [2, 2, 2] });
    game = withCards(game, 'ann', heldCards('Zeona', 'Unit', 2));
    game = withCards(game, 'bob', heldCards('Zeona', 'Unit', 1));
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('type: counts the card gained this turn', () => {
    let game = withTribute('haveCards', { type: 'Unit' }, { value: [2, 2, 2] });
    game = withCards(game, 'ann', heldCards('Tyros', 'Unit', 1));
    game = withCards(game, 'bob', heldCards('Tyros', 'Unit', 1));
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: LEVY, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });
});

describe('haveSets', () => {
  it('is met holding as many deity sets (one card of each deity) as the value', () => {
    let game = withTribute('haveSets', {}, { value: [2, 2, 2] });
    game = withCards(game, 'ann', [...heldCards('Derion', 'Unit', 2), ...heldCards('Tyros', 'Unit', 2), ...heldCards('Zeona', 'Unit', 2)]);
    game = withCards(game, 'bob', [...heldCards('Derion', 'Unit', 3), ...heldCards('Tyros', 'Unit', 3), ...heldCards('Zeona', 'Unit', 1)]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });
});

describe('haveCounter', () => {
  it('without base: is met with the counter at the value once the turn is paid for', () => {
    let game = withTribute('haveCounter', { resource: 'gold', withBase: false }, { value: [6, 6, 6] });
    game = withCounters(withCounters(game, 'ann', { gold: 5 }), 'bob', { gold: 5 });
    // Ann gains an Offering (+1 gold: 6); Bob pays 1 for a Levy (4).
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });
    expectMetBy(game, ['ann']);
  });

  it('without base: base military does not count', () => {
    let game = withTribute('haveCounter', { resource: 'military', withBase: false }, { value: [4, 4, 4] });
    game = withCards(withCounters(game, 'ann', { military: 3 }), 'ann', [FORT]);
    game = withCounters(game, 'bob', { military: 4 });
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['bob']);
  });

  it('with base: base military (a Fort) counts', () => {
    let game = withTribute('haveCounter', { resource: 'military', withBase: true }, { value: [4, 4, 4] });
    game = withCards(withCounters(game, 'ann', { military: 3 }), 'ann', [FORT]);
    game = withCounters(game, 'bob', { military: 3 });
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });
});

describe('obtainTradeRowPosition', () => {
  it('first: is met by gaining the leftmost trade row card', () => {
    let game = withTradeRow(withTribute('obtainTradeRowPosition', { position: 'first' }), ROW);
    game = playTurn(game, { ann: [0], bob: [2] }, { ann: ROW[0]!, bob: ROW[2]! });
    expectMetBy(game, ['ann']);
  });

  it('last: is met by gaining the rightmost trade row card', () => {
    let game = withTradeRow(withTribute('obtainTradeRowPosition', { position: 'last' }), ROW);
    game = playTurn(game, { ann: [0], bob: [2] }, { ann: ROW[0]!, bob: ROW[2]! });
    expectMetBy(game, ['bob']);
  });

  it('is not met by winning the card but gaining a basic card', () => {
    let game = withTradeRow(withTribute('obtainTradeRowPosition', { position: 'first' }), ROW);
    game = playTurn(game, { ann: [0], bob: [2] }, { ann: OFFERING, bob: ROW[2]! });
    expectMetBy(game, []);
  });
});

describe('obtainByCost', () => {
  it('most: is met by gaining the most expensive trade row card', () => {
    let game = withTradeRow(withTribute('obtainByCost', { rank: 'most' }), [AGE1.tyrosBuilding, PALACE, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [1], bob: [0] }, { ann: PALACE, bob: AGE1.tyrosBuilding });
    expectMetBy(game, ['ann']);
  });

  it('least: is met by gaining a cheapest trade row card (ties count)', () => {
    let game = withTradeRow(withTribute('obtainByCost', { rank: 'least' }), [AGE1.tyrosBuilding, PALACE, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [1], bob: [2] }, { ann: PALACE, bob: AGE1.zeonaBuilding });
    expectMetBy(game, ['bob']);
  });
});

describe('obtainByFavor', () => {
  it('most: is met by gaining the trade row card worth the most favor', () => {
    let game = withTradeRow(withTribute('obtainByFavor', { rank: 'most' }), [AGE1.tyrosBuilding, RELIC, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [1], bob: [0] }, { ann: RELIC, bob: AGE1.tyrosBuilding });
    expectMetBy(game, ['ann']);
  });

  it('least: is met by gaining a trade row card worth the least favor', () => {
    let game = withTradeRow(withTribute('obtainByFavor', { rank: 'least' }), [AGE1.tyrosBuilding, RELIC, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [1], bob: [0] }, { ann: RELIC, bob: AGE1.tyrosBuilding });
    expectMetBy(game, ['bob']);
  });
});

describe('synergyCard', () => {
  it('is met by gaining a card of the affinity and type of one held before', () => {
    let game = withTribute('synergyCard');
    game = withHeld(game, 'ann', [heldCards('Tyros', 'Unit', 1)[0]!]);
    game = withHeld(game, 'bob', [heldCards('Tyros', 'Building', 1)[0]!]);
    game = withTradeRow(game, [AGE1.tyrosUnit, AGE1.tyrosEvent, AGE1.derionUnit]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.tyrosUnit, bob: AGE1.tyrosEvent });
    expectMetBy(game, ['ann']);
  });
});

describe('clashAgainst', () => {
  /** Ann and Bob clash on the first card; Ann's die shows 6 and Bob's 1, so Ann wins. */
  function clash(params: Record<string, unknown>, bids: { ann: number; bob: number }, favor = { ann: 0, bob: 0 }): Game {
    let game = withTribute('clashAgainst', params, { options: { prerollDice: true } });
    game = withCounters(withCounters(game, 'ann', { military: 1, favor: favor.ann }), 'bob', { military: 1, favor: favor.bob });
    game = withDice(game, { ann: [6], bob: [1] });
    return playTurn(game, { ann: [0, bids.ann], bob: [0, bids.bob] }, { ann: game.tableIDs[0]!, bob: OFFERING });
  }

  interface Case {
    label: string;
    params: { compare: 'bid' | 'favor'; direction: 'higher' | 'lower' };
    bids?: { ann: number; bob: number };
    favor?: { ann: number; bob: number };
    metBy: string[];
  }
  const bid = (direction: 'higher' | 'lower') => ({ compare: 'bid' as const, direction });
  const favor = (direction: 'higher' | 'lower') => ({ compare: 'favor' as const, direction });
  const cases: Case[] = [
    { label: 'bid higher: winning against a higher bid', params: bid('higher'), bids: { ann: 0, bob: 1 }, metBy: ['ann'] },
    { label: 'bid higher: not against a lower bid', params: bid('higher'), bids: { ann: 1, bob: 0 }, metBy: [] },
    { label: 'bid lower: winning against a lower bid', params: bid('lower'), bids: { ann: 1, bob: 0 }, metBy: ['ann'] },
    { label: 'bid lower: not against a higher bid', params: bid('lower'), bids: { ann: 0, bob: 1 }, metBy: [] },
    { label: 'favor higher: winning against more favor', params: favor('higher'), favor: { ann: 1, bob: 5 }, metBy: ['ann'] },
    { label: 'favor higher: not against less favor', params: favor('higher'), favor: { ann: 5, bob: 1 }, metBy: [] },
    { label: 'favor lower: winning against less favor', params: favor('lower'), favor: { ann: 5, bob: 1 }, metBy: ['ann'] },
    { label: 'favor lower: not against more favor', params: favor('lower'), favor: { ann: 1, bob: 5 }, metBy: [] },
  ];

  // Bob loses every one of these clashes, so he never meets the tribute.
  it.each(cases)('$label', ({ params, bids = { ann: 0, bob: 0 }, favor, metBy }) => {
    expectMetBy(clash(params, bids, favor), metBy);
  });
});

describe('defeatOpponent', () => {
  it('is met by winning a clash, not by losing one or by winning a card unopposed', () => {
    let game = withTribute('defeatOpponent', {}, { players: 3, options: { prerollDice: true } });
    game = withDice(game, { ann: [6], bob: [1] });
    game = playTurn(game, { ann: [0], bob: [0], cat: [1] }, { ann: game.tableIDs[0]!, bob: OFFERING, cat: game.tableIDs[1]! });
    expectMetBy(game, ['ann']);
  });

  it('counts the opponents beaten in one clash against the value', () => {
    let game = withTribute('defeatOpponent', {}, { players: 3, value: [2, 2, 2], options: { prerollDice: true } });
    game = withDice(game, { ann: [6], bob: [1], cat: [1] });
    game = playTurn(game, { ann: [0], bob: [0], cat: [0] }, { ann: game.tableIDs[0]!, bob: OFFERING, cat: OFFERING });
    expectMetBy(game, ['ann']);
  });
});

describe('clashWithOpponent', () => {
  it('is met by every player in a clash, won or lost', () => {
    let game = withTribute('clashWithOpponent', {}, { players: 3, options: { prerollDice: true } });
    game = withDice(game, { ann: [6], bob: [1] });
    game = playTurn(game, { ann: [0], bob: [0], cat: [1] }, { ann: game.tableIDs[0]!, bob: OFFERING, cat: game.tableIDs[1]! });
    expectMetBy(game, ['ann', 'bob']);
  });
});

describe('gainCardWithoutMilitary', () => {
  it('is met by gaining a trade row card bid on with 0 military', () => {
    let game = withTribute('gainCardWithoutMilitary', {}, { players: 3 });
    game = withTradeRow(game, [...ROW, AGE1.derionUnit]);
    // Cat bids nothing too, but gains a basic card.
    game = playTurn(game, { ann: [0, 0], bob: [1, 1], cat: [2, 0] }, { ann: ROW[0]!, bob: ROW[1]!, cat: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('counts a bid no higher than base military (a Fort) as spending nothing', () => {
    let game = withTribute('gainCardWithoutMilitary');
    game = withCards(withCards(game, 'ann', [FORT]), 'bob', [FORT]);
    game = withTradeRow(game, ROW);
    game = playTurn(game, { ann: [0, 1], bob: [1, 2] }, { ann: ROW[0]!, bob: ROW[1]! });
    expect(payloadsOf(game, 'BID').map((b) => [b.userID, b.military, b.spentMilitary])).toEqual([
      ['ann', 1, 0],
      ['bob', 2, 1],
    ]);
    expectMetBy(game, ['ann']);
  });
});

describe('gainResource', () => {
  it('gold: counts every gold gained this turn, the leader production included', () => {
    let game = withTribute('gainResource', { resource: 'gold' }, { value: [3, 3, 3] });
    game = withTradeRow(game, [TREASURE, ...ROW.slice(1)]);
    // Ann: 1 produced + 2 from the Treasure; Bob: 1 produced + 1 from the Offering.
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: TREASURE, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('gold: does not count gold lost to the cap of 25', () => {
    let game = withTribute('gainResource', { resource: 'gold' }, { value: [3, 3, 3] });
    game = withCounters(game, 'ann', { gold: 25 });
    game = withTradeRow(game, [TREASURE, TREASURE_2, ROW[2]!]);
    // Both produced 1 and pay 1 for a Treasure (+2 gold). Ann's 24 left can only reach 25: she gains 1 of the 2.
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: TREASURE, bob: TREASURE_2 });
    expectMetBy(game, ['bob']);
    expect(player(game, 'ann').counters.gold).toBe(25);
  });

  it('military: counts military gained, not military spent', () => {
    let game = withTribute('gainResource', { resource: 'military' }, { value: [2, 2, 2] });
    game = playTurn(game, { ann: [0, 1], bob: [1, 0] }, { ann: LEVY, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('military: does not count military given back by a retreat', () => {
    let game = withTribute('gainResource', { resource: 'military' }, { value: [1, 1, 1], options: { prerollDice: true, retreat2: true } });
    game = withDice(game, { ann: [6], bob: [1] });
    game = playTurn(game, { ann: [0, 0], bob: [0, 1] }, { ann: LEVY, bob: OFFERING });
    expect(payloadsOf(game, 'REFUND_MILITARY')).toEqual([{ userID: 'bob', refundedMilitary: 1 }]);
    expectMetBy(game, ['ann']);
  });

  it('favor: counts the favor of the card gained', () => {
    let game = withTribute('gainResource', { resource: 'favor' }, { value: [4, 4, 4] });
    game = withTradeRow(game, [RELIC, ...ROW.slice(1)]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: RELIC, bob: ROW[1]! });
    expectMetBy(game, ['ann']);
  });
});

describe('bidMostMilitary', () => {
  it('is met by the highest bid', () => {
    const game = playTurn(withTribute('bidMostMilitary'), { ann: [0, 1], bob: [1, 0] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('is met by every player tied for the highest bid', () => {
    const game = playTurn(withTribute('bidMostMilitary'), { ann: [0, 1], bob: [1, 1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann', 'bob']);
  });

  it('is not met by a highest bid below the value', () => {
    const game = playTurn(withTribute('bidMostMilitary'), { ann: [0, 0], bob: [1, 0] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, []);
  });
});

describe('bidAllMilitary', () => {
  it('is met by bidding every military held', () => {
    let game = withCounters(withTribute('bidAllMilitary'), 'bob', { military: 2 });
    game = playTurn(game, { ann: [0, 1], bob: [1, 1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('is not met by bidding 0 with no military', () => {
    let game = withCounters(withTribute('bidAllMilitary'), 'ann', { military: 0 });
    game = playTurn(game, { ann: [0, 0], bob: [1, 0] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, []);
  });
});

describe('haveFewestCounters', () => {
  it.each(['gold', 'military', 'favor'] as const)('%s: is met by the player with the fewest', (resource) => {
    let game = withCounters(withTribute('haveFewestCounters', { resource }), 'bob', { [resource]: 5 });
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });
    expectMetBy(game, ['ann']);
  });

  it('is met by every player tied for the fewest', () => {
    const game = withTribute('haveFewestCounters', { resource: 'favor' });
    expectMetBy(playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING }), ['ann', 'bob']);
  });
});

describe('completeAnotherTribute', () => {
  const OTHER = 1001;

  function withBoth(): Game {
    const definitions = miniDefinitions({
      tributes: [
        tribute(T, 'completeAnotherTribute', {}, { tokens: 2 }),
        tribute(OTHER, 'obtainCardType', { type: 'Event' }, { tokens: 1 }),
      ],
    });
    // The meta tribute first in the row: it is still tested after the others.
    return withTributes(startGame({ definitions }), [T, OTHER]);
  }

  it('is met with another tribute completed the same turn', () => {
    const game = playTurn(withBoth(), { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });
    expect(payloadsOf(game, 'GAIN_TRIBUTES')).toEqual([tributesGained('ann', [OTHER, T], 3)]);
    expect(player(game, 'ann').counters).toMatchObject({ tributeTokens: 3, favor: 9 });
    expect(player(game, 'bob').counters).toMatchObject({ tributeTokens: 0, favor: 0 });
  });

  it('is not met alone', () => {
    const game = playTurn(withBoth(), { ann: [0], bob: [1] }, { ann: LEVY, bob: LEVY });
    expect(payloadsOf(game, 'GAIN_TRIBUTES')).toEqual([]);
  });
});

describe('the tribute row', () => {
  const [A, B, C, D] = [1000, 1001, 1002, 1003];
  /** A is met by gaining an Event; B, C and D are never met. */
  function rowGame(): Game {
    const never = (id: number) => tribute(id, 'haveSets', {}, { value: [9, 9, 9] });
    const definitions = miniDefinitions({ tributes: [tribute(A, 'obtainCardType', { type: 'Event' }), never(B), never(C), never(D)] });
    return startGame({ definitions });
  }
  const since = (game: Game, turn: number) => game.events.filter((e) => e.turn >= turn && e.age === 1).map((e) => e.type);

  it('uses the value of the current age (value[age - 1])', () => {
    let game = withTribute('haveCards', { type: 'Unit' }, { value: [5, 2, 9] });
    game = withCards(game, 'ann', heldCards('Tyros', 'Unit', 2));
    game = withCards(game, 'bob', heldCards('Tyros', 'Unit', 1));
    game = playQuietTurns(game, 15);

    // Age 1 asks for 5 Units and age 3 for 9: only age 2's 2 is met, by Ann, every turn of age 2.
    expect(eventsOf(game, 'GAIN_TRIBUTES').map((e) => [e.age, e.turn, e.payload.userID])).toEqual(
      [1, 2, 3, 4, 5].map((turn) => [2, turn, 'ann']),
    );
    expect(player(game, 'ann').counters.tributeTokens).toBe(5 * TOKENS);
  });

  it('discards a completed tribute and deals its replacement at the next turn', () => {
    let game = withTributes(rowGame(), [A, B, C], [D]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });

    expect(payloadsOf(game, 'GAIN_TRIBUTES')).toEqual([tributesGained('ann', [A], 1)]);
    expect(eventsOf(game, 'DISCARD_TRIBUTE').map((e) => [e.turn, e.phase, e.payload])).toEqual([[1, 'TRIBUTE', { cardID: A }]]);
    expect(eventsOf(game, 'DEAL_TRIBUTE').filter((e) => e.turn === 2).map((e) => [e.phase, e.payload])).toEqual([
      ['SETUP', { cardID: D }],
    ]);
    expect(game.tributeRow).toEqual([B, C, D]);
    expect(game.tributeDeck).toEqual([]);
  });

  it('is completed by every player who meets it, and discarded once', () => {
    let game = withTributes(rowGame(), [A, B, C], [D]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(payloadsOf(game, 'GAIN_TRIBUTES')).toEqual([tributesGained('ann', [A], 1), tributesGained('bob', [A], 1)]);
    expect(payloadsOf(game, 'DISCARD_TRIBUTE')).toEqual([{ cardID: A }]);
  });

  it('keeps tributes nobody met', () => {
    let game = withTributes(rowGame(), [A, B, C], [D]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: LEVY, bob: LEVY });

    expect(since(game, 1)).not.toContain('DISCARD_TRIBUTE');
    expect(since(game, 2)).not.toContain('DEAL_TRIBUTE');
    expect(game.tributeRow).toEqual([A, B, C]);
    expect(game.tributeDeck).toEqual([D]);
  });

  it('reshuffles the tribute discard into an empty tribute deck', () => {
    let game = withTributes(rowGame(), [A, B, C], [], [D]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });

    expect(eventsOf(game, 'TRIBUTES_RESHUFFLED').map((e) => [e.turn, e.payload])).toEqual([[2, { count: 2 }]]);
    const dealt = eventsOf(game, 'DEAL_TRIBUTE').filter((e) => e.turn === 2);
    expect(dealt).toHaveLength(1);
    expect([A, D]).toContain(dealt[0]!.payload.cardID);
    expect(game.tributeRow).toEqual([B, C, dealt[0]!.payload.cardID]);
    expect(game.tributeDeck).toEqual([A, D].filter((id) => id !== dealt[0]!.payload.cardID));
    expect(game.tributeDiscard).toEqual([]);
  });

  it('stays short when the tribute deck and discard are both empty', () => {
    let game = withTributes(rowGame(), [B, C], [], []);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(since(game, 2)).not.toContain('TRIBUTES_RESHUFFLED');
    expect(since(game, 2)).not.toContain('DEAL_TRIBUTE');
    expect(game.tributeRow).toEqual([B, C]);
  });
});
