/**
 * Card abilities in play, one kind at a time: the counters they change and the events a player
 * sees (GAIN_CARD, PRODUCTION, BID, EARN_TOKEN, GAIN_TRIBUTES, END_GAME_EFFECTS).
 *
 * Every game starts at turn 1 planning: each player has 3 gold (2 + the leader's 1) and 1 military.
 * Each leader produces 1 gold at the start of every turn, which the counters below include.
 */
import { describe, expect, it } from 'vitest';
import { pendingDecision, type Game, type GameOptions } from '../../src/engine/index.js';
import { card, miniDefinitions, tribute } from '../support/mini-cards.js';
import { bidAll, gain, player, refuse, startGame, withCards, withCounters, withTradeRow } from '../support/scenario.js';
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
  TOWN,
  triggered,
  tributesGained,
  withDice,
  withTributes,
} from '../support/tribute-helpers.js';

const LEADER_GOLD = 1;

/** A card that is never dealt (no age; ids from 700, clear of the age cards): to hold, or to put on the trade row by hand. */
const special = (id: number, name: string, abilities: string[], fields: Record<string, unknown> = {}) =>
  card(id, name, { affinity: 'None', type: 'Building', age: null, cost: 1, favor: 0, abilities, ...fields });

function start(extraCards: Record<string, unknown>[], options: Partial<GameOptions> = {}, tributes: Record<string, unknown>[] = []): Game {
  return startGame({ definitions: miniDefinitions({ extraCards: [...heldStock(), ...extraCards], tributes }), options });
}

const gainsOf = (game: Game, userID: string) => payloadsOf(game, 'GAIN_CARD').filter((p) => p.userID === userID);
const productionOn = (game: Game, turn: number) =>
  game.events.filter((e) => e.type === 'PRODUCTION' && e.turn === turn).map((e) => e.payload);

describe('gain-on-acquire', () => {
  const FEAST = 700;
  const TROPHY = 701;
  const MUSTER = 702;
  const cards = [
    special(FEAST, 'Harvest Feast', ['gain-on-acquire 2G', 'gain-on-acquire 1M', 'gain-on-acquire 1V'], { favor: 2 }),
    special(TROPHY, 'Trophy', ['gain-on-acquire 1W', 'gain-on-acquire 2R'], { favor: 0 }),
    special(MUSTER, 'Muster', ['gain-on-acquire 1M/1Unit'], { type: 'Unit' }),
  ];

  it('gives its gold, military and favor on top of the card favor', () => {
    let game = withTradeRow(start(cards), [FEAST, AGE1.derionBuilding, AGE1.tyrosBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: FEAST, bob: OFFERING });

    expect(gainsOf(game, 'ann')).toEqual([
      { userID: 'ann', cardID: FEAST, cost: { gold: 1 }, gold: 2, military: 1, favor: 3, prophecyFavor: 0, triggeredCards: [] },
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ gold: 3 - 1 + 2 + LEADER_GOLD, military: 2, favor: 3 });
  });

  it('gives war and reroll tokens', () => {
    let game = withTradeRow(start(cards), [TROPHY, AGE1.derionBuilding, AGE1.tyrosBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: TROPHY, bob: OFFERING });

    expect(gainsOf(game, 'ann')).toEqual([
      { userID: 'ann', cardID: TROPHY, cost: { gold: 1 }, gold: 0, military: 0, favor: 0, prophecyFavor: 0, triggeredCards: [] },
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ warTokens: 1, rerollTokens: 2 });
    expect(player(game, 'bob').counters).toMatchObject({ warTokens: 0, rerollTokens: 0 });
    expect(payloadsOf(game, 'EARN_TOKEN').filter((p) => p.token === 'War')).toEqual([{ userID: 'ann', token: 'War', triggeredCards: [] }]);
  });

  it('counts the card itself', () => {
    let game = withCards(start(cards), 'ann', heldCards('Tyros', 'Unit', 2));
    game = withTradeRow(game, [MUSTER, AGE1.derionBuilding, AGE1.tyrosBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: MUSTER, bob: OFFERING });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ cardID: MUSTER, military: 3 });
    expect(player(game, 'ann').counters.military).toBe(1 + 3);
  });

  it('pays out on a basic card too (the Offering gives 1 gold, the Levy 2 military)', () => {
    const game = playTurn(start([]), { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });

    expect(gainsOf(game, 'ann')).toEqual([
      { userID: 'ann', cardID: OFFERING, cost: { gold: 0 }, gold: 1, military: 0, favor: 0, prophecyFavor: 0, triggeredCards: [] },
    ]);
    expect(gainsOf(game, 'bob')).toEqual([
      { userID: 'bob', cardID: LEVY, cost: { gold: 1 }, gold: 0, military: 2, favor: 0, prophecyFavor: 0, triggeredCards: [] },
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ gold: 3 + 1 + LEADER_GOLD, military: 1 });
    expect(player(game, 'bob').counters).toMatchObject({ gold: 3 - 1 + LEADER_GOLD, military: 3 });
  });
});

describe('production', () => {
  const MINE = 710;
  const DRILL_YARD = 711;
  const BARRACKS = 712;
  const cards = [
    special(MINE, 'Mine', ['production 2G']),
    special(DRILL_YARD, 'Drill Yard', ['production 1M/2Unit']),
    special(BARRACKS, 'Barracks', ['production 5M']),
  ];

  it('pays at the start of every turn, with a PRODUCTION event', () => {
    let game = withCards(start(cards), 'ann', [MINE]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(productionOn(game, 2)).toEqual([
      { userID: 'ann', gold: LEADER_GOLD + 2, military: 0 },
      { userID: 'bob', gold: LEADER_GOLD, military: 0 },
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ gold: 3 + 1 + LEADER_GOLD + 2, military: 1 });
    expect(player(game, 'bob').counters).toMatchObject({ gold: 3 + 1 + LEADER_GOLD, military: 1 });
  });

  it('multiplies by what is held over the divisor, rounded down ("1M/2Unit")', () => {
    let game = start(cards);
    game = withCards(game, 'ann', [DRILL_YARD, ...heldCards('Tyros', 'Unit', 3)]);
    game = withCards(game, 'bob', [DRILL_YARD, ...heldCards('Zeona', 'Unit', 4)]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(productionOn(game, 2)).toEqual([
      { userID: 'ann', gold: LEADER_GOLD, military: 1 },
      { userID: 'bob', gold: LEADER_GOLD, military: 2 },
    ]);
    expect(player(game, 'ann').counters.military).toBe(1 + 1);
    expect(player(game, 'bob').counters.military).toBe(1 + 2);
  });

  it('stops gold and military at 25', () => {
    let game = withCards(start(cards), 'ann', [MINE, BARRACKS]);
    game = withCounters(game, 'ann', { gold: 23, military: 23 });
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    // 23 + 1 (Offering) + 3 (production) = 27 gold and 23 + 5 = 28 military, both held at 25.
    expect(player(game, 'ann').counters).toMatchObject({ gold: 25, military: 25 });
  });
});

describe('base-production', () => {
  const TEMPLE = 720;
  const SHRINE = 721;
  const cards = [special(TEMPLE, 'Temple', [], { cost: 2 }), special(SHRINE, 'Shrine', [], { cost: 2 })];

  it('takes base gold (a Town) off the cost paid', () => {
    let game = withCards(start(cards), 'ann', [TOWN]);
    game = withTradeRow(game, [TEMPLE, SHRINE, AGE1.derionBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: TEMPLE, bob: SHRINE });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ cardID: TEMPLE, cost: { gold: 1 } });
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ cardID: SHRINE, cost: { gold: 2 } });
    expect(player(game, 'ann').counters.gold).toBe(3 - 1 + LEADER_GOLD);
    expect(player(game, 'bob').counters.gold).toBe(3 - 2 + LEADER_GOLD);
  });

  it('never makes a cost negative, and lets a player with no gold take a card it pays for', () => {
    let game = withCards(start(cards), 'ann', [TOWN]);
    game = withCounters(game, 'ann', { gold: 0 });
    game = withTradeRow(game, [AGE1.tyrosBuilding, AGE1.derionBuilding, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.tyrosBuilding, bob: OFFERING });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ cardID: AGE1.tyrosBuilding, cost: { gold: 0 } });
    expect(player(game, 'ann').counters.gold).toBe(0 + LEADER_GOLD);
  });

  it('adds base military (a Fort) to a bid for free', () => {
    let game = withCards(start(cards), 'ann', [FORT]);
    const tooMuch = refuse(game, 'ann', { type: 'BID', bid: { military: 3, tradeRowIndex: 0 } });
    expect(tooMuch.message).toBe('Invalid military bid: 3. Max bid: 2');
    game = bidAll(game, { ann: [0, 2], bob: [1, 1] });

    expect(payloadsOf(game, 'BID')).toEqual([
      { userID: 'ann', cardID: game.revealedTableIDs[0], spentMilitary: 1, military: 2 },
      { userID: 'bob', cardID: game.revealedTableIDs[1], spentMilitary: 1, military: 1 },
    ]);
    expect(player(game, 'ann').counters.military).toBe(0);
    expect(player(game, 'bob').counters.military).toBe(0);
  });

  it('is not produced: a Town or Fort adds nothing to PRODUCTION', () => {
    let game = withCards(start(cards), 'ann', [TOWN, FORT]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(productionOn(game, 2)[0]).toEqual({ userID: 'ann', gold: LEADER_GOLD, military: 0 });
  });
});

describe('draft-target', () => {
  const SCOUT_CAMP = 730;
  const STARGAZER = 731;
  const cards = [
    special(SCOUT_CAMP, 'Scout Camp', ['draft-target card_type:Event 2G']),
    special(STARGAZER, 'Stargazer', ['draft-target card_affinity:Zeona 1V']),
  ];

  it('fires for a matching card type won from the trade row, not for a basic card of that type', () => {
    let game = withCards(withCards(start(cards), 'ann', [SCOUT_CAMP]), 'bob', [SCOUT_CAMP]);
    game = withTradeRow(game, [AGE1.derionEvent, AGE1.derionBuilding, AGE1.tyrosBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.derionEvent, bob: OFFERING });

    expect(gainsOf(game, 'ann')).toEqual([
      {
        userID: 'ann',
        cardID: AGE1.derionEvent,
        cost: { gold: 1 },
        gold: 0,
        military: 0,
        favor: 1,
        prophecyFavor: 0,
        triggeredCards: [triggered(SCOUT_CAMP, { gold: 2 })],
      },
    ]);
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ cardID: OFFERING, triggeredCards: [] });
    expect(player(game, 'ann').counters.gold).toBe(3 - 1 + 2 + LEADER_GOLD);
  });

  it('fires for a matching affinity only', () => {
    let game = withCards(withCards(start(cards), 'ann', [STARGAZER]), 'bob', [STARGAZER]);
    game = withTradeRow(game, [AGE1.zeonaUnit, AGE1.tyrosUnit, AGE1.derionBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.zeonaUnit, bob: AGE1.tyrosUnit });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ favor: 1, triggeredCards: [triggered(STARGAZER, { favor: 1 })] });
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ favor: 1, triggeredCards: [] });
    expect(player(game, 'ann').counters.favor).toBe(2);
    expect(player(game, 'bob').counters.favor).toBe(1);
  });
});

describe('acquire-target', () => {
  const TYROS_ALTAR = 740;
  const RITUAL_HALL = 741;
  const GARRISON = 742;
  const TRIBUTE_SHRINE = 743;
  const WAR_DRUMS = 744;
  const BATTLE_STANDARD = 745;
  const cards = [
    special(TYROS_ALTAR, 'Tyros Altar', ['acquire-target card_affinity:Tyros 1V']),
    special(RITUAL_HALL, 'Ritual Hall', ['acquire-target card_type:Event 1M']),
    special(GARRISON, 'Garrison', ['acquire-target card_type:Unit 1G'], { type: 'Unit' }),
    special(TRIBUTE_SHRINE, 'Tribute Shrine', ['acquire-target tribute 2G']),
    special(WAR_DRUMS, 'War Drums', ['acquire-target token:War 1V']),
    special(BATTLE_STANDARD, 'Battle Standard', ['gain-on-acquire 2W']),
  ];

  it('card_affinity: fires for a card of that affinity', () => {
    let game = withCards(withCards(start(cards), 'ann', [TYROS_ALTAR]), 'bob', [TYROS_ALTAR]);
    game = withTradeRow(game, [AGE1.tyrosBuilding, AGE1.derionBuilding, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: AGE1.tyrosBuilding, bob: AGE1.derionBuilding });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ cardID: AGE1.tyrosBuilding, triggeredCards: [triggered(TYROS_ALTAR, { favor: 1 })] });
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ cardID: AGE1.derionBuilding, triggeredCards: [] });
    expect(player(game, 'ann').counters.favor).toBe(1 + 1);
    expect(player(game, 'bob').counters.favor).toBe(1);
  });

  it('card_type: fires for a card of that type, basic cards included', () => {
    let game = withCards(withCards(start(cards), 'ann', [RITUAL_HALL]), 'bob', [RITUAL_HALL]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ cardID: OFFERING, triggeredCards: [triggered(RITUAL_HALL, { military: 1 })] });
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ cardID: LEVY, triggeredCards: [] });
    expect(player(game, 'ann').counters.military).toBe(1 + 1);
    expect(player(game, 'bob').counters.military).toBe(1 + 2);
  });

  it('does not fire for its own arrival, only for the cards that follow', () => {
    let game = withTradeRow(start(cards), [GARRISON, AGE1.derionBuilding, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: GARRISON, bob: OFFERING });
    expect(gainsOf(game, 'ann')).toEqual([
      { userID: 'ann', cardID: GARRISON, cost: { gold: 1 }, gold: 0, military: 0, favor: 0, prophecyFavor: 0, triggeredCards: [] },
    ]);

    game = playTurn(game, { ann: [0], bob: [1] }, { ann: LEVY, bob: OFFERING });
    expect(gainsOf(game, 'ann')[1]).toMatchObject({ cardID: LEVY, gold: 0, triggeredCards: [triggered(GARRISON, { gold: 1 })] });
  });

  it('tribute: fires once for each tribute completed, in GAIN_TRIBUTES', () => {
    const tributes = [tribute(1000, 'obtainCardType', { type: 'Event' }), tribute(1001, 'obtainCardAffinity', { affinity: 'Basic' })];
    let game = withCards(withCards(start(cards, {}, tributes), 'ann', [TRIBUTE_SHRINE]), 'bob', [TRIBUTE_SHRINE]);
    game = withTributes(game, [1000, 1001]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: LEVY });

    expect(payloadsOf(game, 'GAIN_TRIBUTES')).toEqual([
      tributesGained('ann', [1000, 1001], 2, [triggered(TRIBUTE_SHRINE, { gold: 4 })]),
      tributesGained('bob', [1001], 1, [triggered(TRIBUTE_SHRINE, { gold: 2 })]),
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ gold: 3 + 1 + 4 + LEADER_GOLD, favor: 6 });
    expect(player(game, 'bob').counters).toMatchObject({ gold: 3 - 1 + 2 + LEADER_GOLD, favor: 3 });
  });

  it('token:War: fires when a clash earns a war token (warTokens option)', () => {
    let game = withCards(start(cards, { warTokens: true, prerollDice: true }), 'ann', [WAR_DRUMS]);
    game = withDice(game, { ann: [6], bob: [1] });
    game = playTurn(game, { ann: [0], bob: [0] }, { ann: game.tableIDs[0]!, bob: OFFERING });

    expect(payloadsOf(game, 'EARN_TOKEN')).toEqual([
      { userID: 'ann', token: 'War', triggeredCards: [triggered(WAR_DRUMS, { favor: 1 })] },
      { userID: 'bob', token: 'War', triggeredCards: [] },
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ warTokens: 1, favor: 1 + 1 });
    expect(player(game, 'bob').counters).toMatchObject({ warTokens: 1, favor: 0 });
  });

  it('token:War: fires for each war token a card gives', () => {
    let game = withCards(start(cards), 'ann', [WAR_DRUMS]);
    game = withTradeRow(game, [BATTLE_STANDARD, AGE1.derionBuilding, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: BATTLE_STANDARD, bob: OFFERING });

    expect(payloadsOf(game, 'EARN_TOKEN')).toEqual([
      { userID: 'ann', token: 'War', triggeredCards: [triggered(WAR_DRUMS, { favor: 1 })] },
      { userID: 'ann', token: 'War', triggeredCards: [triggered(WAR_DRUMS, { favor: 1 })] },
    ]);
    expect(player(game, 'ann').counters).toMatchObject({ warTokens: 2, favor: 2 });
  });

  it('token:War: the tokens a gain brings are earned after it (GAIN_CARD, then its EARN_TOKEN events)', () => {
    let game = withCards(start(cards), 'ann', [WAR_DRUMS]);
    game = withTradeRow(game, [BATTLE_STANDARD, AGE1.derionBuilding, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: BATTLE_STANDARD, bob: OFFERING });

    const anns = game.events.filter((e) => (e.type === 'GAIN_CARD' || e.type === 'EARN_TOKEN') && e.payload.userID === 'ann').map((e) => e.type);
    expect(anns).toEqual(['GAIN_CARD', 'EARN_TOKEN', 'EARN_TOKEN']);
  });

  it('token:War: a clash without the warTokens option earns no token', () => {
    let game = withCards(start(cards, { prerollDice: true }), 'ann', [WAR_DRUMS]);
    game = withDice(game, { ann: [6], bob: [1] });
    game = playTurn(game, { ann: [0], bob: [0] }, { ann: game.tableIDs[0]!, bob: OFFERING });

    expect(payloadsOf(game, 'EARN_TOKEN')).toEqual([]);
    expect(player(game, 'ann').counters).toMatchObject({ warTokens: 0, favor: 1 });
  });
});

describe('end-of-game prophecy', () => {
  const ORACLE = 750;
  const WAR_CHANT = 751;
  const WAR_SONG = 752;
  const cards = [
    special(ORACLE, 'Oracle', ['end-of-game 2V/1Tyros'], { affinity: 'Zeona', type: 'Event' }),
    special(WAR_CHANT, 'War Chant', ['end-of-game 3W']),
    special(WAR_SONG, 'War Song', ['end-of-game 1V/1War']),
  ];

  it('shows the favor it would give when the card is gained (prophecyFavor)', () => {
    let game = withCards(start(cards), 'ann', heldCards('Tyros', 'Building', 2));
    game = withTradeRow(game, [ORACLE, AGE1.derionBuilding, AGE1.zeonaBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: ORACLE, bob: OFFERING });

    expect(gainsOf(game, 'ann')).toEqual([
      { userID: 'ann', cardID: ORACLE, cost: { gold: 1 }, gold: 0, military: 0, favor: 0, prophecyFavor: 4, triggeredCards: [] },
    ]);
    expect(player(game, 'ann').counters.favor).toBe(0);
  });

  it('pays out when the game ends (END_GAME_EFFECTS), on what is held then', () => {
    let game = withCards(start(cards), 'ann', [ORACLE, ...heldCards('Tyros', 'Building', 3)]);
    game = playQuietTurns(game, 15);

    expect(game.gameEndTimestamp).not.toBeNull();
    expect(payloadsOf(game, 'END_GAME_EFFECTS')).toEqual([
      { userID: 'ann', triggeredCards: [triggered(ORACLE, { favor: 6 })] },
      { userID: 'bob', triggeredCards: [] },
    ]);
    // Both played the same game but for the prophecy.
    expect(player(game, 'ann').counters.favor - player(game, 'bob').counters.favor).toBe(6);
    expect(game.statsByPlayerID!['ann']!.scoreFromProphecies).toBe(6);
    expect(game.statsByPlayerID!['bob']!.scoreFromProphecies).toBe(0);
  });

  it('works out every prophecy before any pays: war tokens one gives are not counted by another', () => {
    let game = withCards(start(cards), 'ann', [WAR_CHANT, WAR_SONG]);
    game = withCounters(game, 'ann', { warTokens: 1 });
    game = playQuietTurns(game, 15);

    expect(payloadsOf(game, 'END_GAME_EFFECTS')[0]).toEqual({
      userID: 'ann',
      triggeredCards: [triggered(WAR_CHANT, { warTokens: 3 }), triggered(WAR_SONG, { favor: 1 })],
    });
    expect(player(game, 'ann').counters.warTokens).toBe(4);
    expect(player(game, 'ann').favorSources.prophecies).toBe(1);
  });
});

describe('upgrades (">")', () => {
  const WARBAND = 760;
  const WAR_CHEST = 761;
  const WAR_CHEST_2 = 762;
  const cards = [
    special(WARBAND, 'Warband', ['production 3M>2Unit']),
    special(WAR_CHEST, 'War Chest', ['gain-on-acquire 2G>1War']),
    special(WAR_CHEST_2, 'War Chest', ['gain-on-acquire 2G>1War']),
  ];

  it('pays nothing below the threshold and all of it once the threshold is reached', () => {
    let game = withCards(start(cards), 'ann', [WARBAND, heldCards('Tyros', 'Unit', 1)[0]!]);
    game = withCards(game, 'bob', [WARBAND, ...heldCards('Tyros', 'Unit', 3)]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });
    expect(productionOn(game, 2)).toEqual([
      { userID: 'ann', gold: LEADER_GOLD, military: 0 },
      { userID: 'bob', gold: LEADER_GOLD, military: 3 },
    ]);

    // Ann gains a second Unit (a Levy): from the next turn her Warband pays.
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: LEVY, bob: OFFERING });
    expect(productionOn(game, 3)).toEqual([
      { userID: 'ann', gold: LEADER_GOLD, military: 3 },
      { userID: 'bob', gold: LEADER_GOLD, military: 3 },
    ]);
    expect(player(game, 'ann').counters.military).toBe(1 + 2 + 3);
  });

  it('works on other kinds too: a gain upgraded on war tokens', () => {
    let game = withCounters(start(cards), 'ann', { warTokens: 1 });
    game = withTradeRow(game, [WAR_CHEST, WAR_CHEST_2, AGE1.derionBuilding]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: WAR_CHEST, bob: WAR_CHEST_2 });

    expect(gainsOf(game, 'ann')[0]).toMatchObject({ cardID: WAR_CHEST, gold: 2 });
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ cardID: WAR_CHEST_2, gold: 0 });
  });
});

describe('the deity-set count (card_set)', () => {
  const PANTHEON = 770;
  const cards = [special(PANTHEON, 'Pantheon', ['production 1G/1card_set'])];

  it('is the fewest cards held of any one deity', () => {
    let game = start(cards);
    game = withCards(game, 'ann', [
      PANTHEON,
      ...heldCards('Derion', 'Unit', 2),
      ...heldCards('Tyros', 'Event', 2),
      ...heldCards('Zeona', 'Building', 1),
      ...heldCards('None', 'Unit', 3),
    ]);
    game = withCards(game, 'bob', [
      PANTHEON,
      ...heldCards('Derion', 'Unit', 2),
      ...heldCards('Tyros', 'Unit', 2),
      ...heldCards('Zeona', 'Unit', 3),
    ]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(productionOn(game, 2)).toEqual([
      { userID: 'ann', gold: LEADER_GOLD + 1, military: 0 },
      { userID: 'bob', gold: LEADER_GOLD + 2, military: 0 },
    ]);
  });

  it('is 0 while one deity is missing', () => {
    let game = withCards(start(cards), 'ann', [PANTHEON, ...heldCards('Derion', 'Unit', 4), ...heldCards('Tyros', 'Unit', 4)]);
    game = playTurn(game, { ann: [0], bob: [1] }, { ann: OFFERING, bob: OFFERING });

    expect(productionOn(game, 2)[0]).toEqual({ userID: 'ann', gold: LEADER_GOLD, military: 0 });
  });
});

describe('additional costs (war tokens)', () => {
  const SIEGE = 780;
  const SIEGE_2 = 781;
  const siege = (id: number) => special(id, 'Siege Engine', [], { type: 'Unit', additionalCosts: { warTokens: 2 } });

  it('refuses a card whose war tokens a player lacks, and takes them from one who has them', () => {
    let game = start([siege(SIEGE), siege(SIEGE_2)]);
    game = withCounters(withCounters(game, 'ann', { warTokens: 1 }), 'bob', { warTokens: 2 });
    game = withTradeRow(game, [SIEGE, SIEGE_2, AGE1.derionBuilding]);
    game = bidAll(game, { ann: [0], bob: [1] });

    expect(refuse(game, 'ann', gain(SIEGE))).toEqual({
      ok: false,
      code: 'resolve/not-enough-war-tokens',
      message: 'Not enough Clash tokens',
    });
    expect(pendingDecision(game, 'ann')).toMatchObject({
      type: 'RESOLVE',
      choices: expect.arrayContaining([
        { cardID: SIEGE, goldCost: 1, affordable: false, refusal: { code: 'resolve/not-enough-war-tokens', message: 'Not enough Clash tokens' } },
      ]),
    });

    game = playTurn(game, {}, { ann: OFFERING, bob: SIEGE_2 });
    expect(gainsOf(game, 'bob')[0]).toMatchObject({ cardID: SIEGE_2, cost: { gold: 1 } });
    expect(player(game, 'bob').counters.warTokens).toBe(0);
    expect(player(game, 'ann').counters.warTokens).toBe(1);
  });
});
