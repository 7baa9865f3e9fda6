/** The 13 game options: defaults and the effect of each. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, GAME_OPTION_KEYS, createGame, viewFor, type Game } from '../../src/engine/index.js';
import { miniDefinitions } from '../support/mini-cards.js';
import { playToEnd } from '../support/play.js';
import { bidAll, eventsOf, gainAll, player, startGame, withCounters } from '../support/scenario.js';

const OFFERING = 122;

/** Plays one turn in which nobody takes a trade row card (both gain the free basic card). */
function turnWithoutDrafts(game: Game): Game {
  return gainAll(bidAll(game, { ann: [0], bob: [1] }), { ann: OFFERING, bob: OFFERING });
}

/** A clash on slot 0 with dice fixed through prerollDice: ann bids 3 and rolls 6, bob bids 7 and rolls 1. */
function fixedClash(options: Partial<Game['options']>): Game {
  let game = startGame({ options: { prerollDice: true, ...options } });
  game = { ...game, prerolledDiceByPlayerID: { ann: [6], bob: [1] } };
  game = withCounters(withCounters(game, 'ann', { military: 3 }), 'bob', { military: 7 });
  return bidAll(game, { ann: [0, 3], bob: [0, 7] });
}

describe('defaults', () => {
  it('unbid is on and every other option is off', () => {
    expect(GAME_OPTION_KEYS).toHaveLength(13);
    expect(DEFAULT_OPTIONS).toEqual(Object.fromEntries(GAME_OPTION_KEYS.map((k) => [k, k === 'unbid'])));
    expect(startGame().options).toEqual(DEFAULT_OPTIONS);
  });
});

describe('trade row', () => {
  it('without tradeRowSlide a taken card is replaced in its own slot', () => {
    let game = startGame();
    const [first, second, third] = game.tableIDs;
    game = gainAll(bidAll(game, { ann: [0], bob: [1] }), { ann: first!, bob: OFFERING });
    expect(game.tableIDs[0]).not.toBe(first);
    expect(game.tableIDs.slice(1)).toEqual([second, third]);
    expect(eventsOf(game, 'SLIDE_CARD')).toEqual([]);
  });

  it('tradeRowSlide slides the cards left and deals at the end', () => {
    let game = startGame({ options: { tradeRowSlide: true } });
    const [first, second, third] = game.tableIDs;
    game = gainAll(bidAll(game, { ann: [0], bob: [1] }), { ann: first!, bob: OFFERING });
    expect(game.tableIDs.slice(0, 2)).toEqual([second, third]);
    expect(eventsOf(game, 'SLIDE_CARD').map((e) => e.payload.cardID)).toEqual([second, third]);
    expect(eventsOf(game, 'DEAL_CARD').at(-1)!.payload.cardID).toBe(game.tableIDs[2]);
  });

  it('biggerTradeRow adds one slot to players + 1', () => {
    expect(startGame({ players: 4 }).tableIDs).toHaveLength(5);
    expect(startGame({ players: 4, options: { biggerTradeRow: true } }).tableIDs).toHaveLength(6);
    expect(startGame({ players: 8, options: { biggerTradeRow: true } }).boardSize).toBe(10);
  });

  it('wipeTradeRow discards the whole row at the end of each turn', () => {
    let game = startGame({ options: { wipeTradeRow: true } });
    const before = game.tableIDs;
    game = turnWithoutDrafts(game);
    expect(game.tableIDs.some((id) => before.includes(id))).toBe(false);
    expect(game.discard).toEqual(before);
  });
});

describe('tributes', () => {
  it('wipeTributeRow also discards the tribute deck at the end of an age', () => {
    const tributes = Array.from({ length: 6 }, (_, i) => ({
      id: 1000 + i,
      name: `T${i}`,
      function: 'haveSets',
      params: {},
      value: [9, 9, 9],
      tokens: 1,
      image: 'Akroa',
      description: 'never met',
    }));
    const play = (wipeTributeRow: boolean) => {
      let game = startGame({ options: { wipeTributeRow }, definitions: miniDefinitions({ tributes }) });
      for (let turn = 0; turn < 5; turn++) game = turnWithoutDrafts(game);
      return game;
    };
    const kept = play(false);
    expect(kept.age).toBe(2);
    expect(eventsOf(kept, 'TRIBUTES_RESHUFFLED')).toEqual([]);
    expect(kept.tributeDeck).toHaveLength(0);
    const wiped = play(true);
    expect(eventsOf(wiped, 'TRIBUTES_RESHUFFLED')).toHaveLength(1);
    expect(eventsOf(wiped, 'TRIBUTES_RESHUFFLED')[0]!.payload).toEqual({ count: 6 });
  });
});

describe('leaders', () => {
  it('without randomLeader leaders go by seat order', () => {
    const game = startGame({ players: 4 });
    expect(game.players.map((p) => p.cardIDs[0])).toEqual([100, 101, 102, 103]);
  });

  it('randomLeader deals leaders at random from the seed', () => {
    const deals = [1, 2, 3, 4, 5].map((seed) => startGame({ players: 4, seed, options: { randomLeader: true } }).players.map((p) => p.cardIDs[0]));
    expect(deals.some((d) => d.join() !== '100,101,102,103')).toBe(true);
    for (const d of deals) expect(new Set(d).size).toBe(4);
  });
});

describe('war options', () => {
  it('prerollDice rolls the first dice at turn setup, hidden from every view', () => {
    const game = startGame({ options: { prerollDice: true } });
    expect(Object.keys(game.prerolledDiceByPlayerID)).toEqual(['ann', 'bob']);
    expect(game.prerolledDiceByPlayerID.ann).toHaveLength(1);
    expect(JSON.stringify(viewFor(game, 'ann'))).not.toContain('prerolled');
    const clash = fixedClash({}).clashes[0]!;
    expect(clash.rounds[0]!.ann!.rolls).toEqual([6]);
    expect(clash.rounds[0]!.bob!.rolls).toEqual([1]);
  });

  it('warTokens gives each clash participant a war token', () => {
    const game = fixedClash({ warTokens: true });
    expect(player(game, 'ann').counters.warTokens).toBe(1);
    expect(player(game, 'bob').counters.warTokens).toBe(1);
    expect(eventsOf(game, 'EARN_TOKEN').map((e) => e.payload)).toEqual([
      { userID: 'ann', token: 'War', triggeredCards: [] },
      { userID: 'bob', token: 'War', triggeredCards: [] },
    ]);
    expect(player(fixedClash({}), 'ann').counters.warTokens).toBe(0);
  });

  it('rerollTokens gives a reroll token to losers who bid at least the winner', () => {
    const game = fixedClash({ rerollTokens: true });
    expect(game.clashes[0]!.winningPlayerID).toBe('ann');
    expect(player(game, 'bob').counters.rerollTokens).toBe(1);
    expect(player(game, 'ann').counters.rerollTokens).toBe(0);
    expect(eventsOf(game, 'EARN_TOKEN').map((e) => e.payload)).toEqual([{ userID: 'bob', token: 'Reroll', triggeredCards: [] }]);
  });

  it.each([
    ['retreat1', 3],
    ['retreat2', 7],
    ['retreat3', 4],
  ] as const)('%s refunds the losing bid (%i of 7 military)', (option, refunded) => {
    const game = fixedClash({ [option]: true });
    expect(eventsOf(game, 'REFUND_MILITARY').map((e) => e.payload)).toEqual([{ userID: 'bob', refundedMilitary: refunded }]);
    expect(player(game, 'bob').counters.military).toBe(refunded);
    expect(player(game, 'ann').counters.military).toBe(0);
  });

  it('without a retreat option a losing bid is spent', () => {
    const game = fixedClash({});
    expect(eventsOf(game, 'REFUND_MILITARY')).toEqual([]);
    expect(player(game, 'bob').counters.military).toBe(0);
  });
});

describe('hideFavor', () => {
  it('shows every favor as 0 until the game ends', () => {
    const setup = { players: [{ userID: 'ann' }, { userID: 'bob' }], definitions: miniDefinitions(), options: { hideFavor: true } };
    const start = createGame(setup, 3, 0);
    let checked = 0;
    const { game } = playToEnd(start, 4, (state) => {
      if (state.gameEndTimestamp !== null) return;
      for (const viewer of ['ann', 'bob', null]) {
        const view = viewFor(state, viewer);
        for (const p of view.players) expect(p.counters.favor).toBe(0);
        for (const e of view.events) {
          if (e.type === 'GAIN_CARD' || e.type === 'GAIN_TRIBUTES') expect(e.payload.favor).toBe(0);
        }
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(100);
    expect(game.players.some((p) => p.counters.favor > 0)).toBe(true);
    expect(viewFor(game, 'ann').players.map((p) => p.counters.favor)).toEqual(game.players.map((p) => p.counters.favor));
  });
});
