/** random_card and easy_bot: what their rules say they do, on situations of the real card set. */
import { describe, expect, it } from 'vitest';
import { EASY_BOT_TUNING, easyBot, easyRating } from '../../src/bots/easy-bot.js';
import { randomCard } from '../../src/bots/random-card.js';
import { pendingDecision, rngFromState, xoroshiroState, viewFor, type Game } from '../../src/engine/index.js';
import { ANN, BOB, CARDS, act, bid, counters, holding, planning, rows } from './situations.js';

const rng = (seed: number) => rngFromState(xoroshiroState(seed));

/** Ann and Bob each win a trade row card of their own (slots 0 and 1) and must now resolve. */
function resolving(annGold: number, table = [CARDS.chariots, CARDS.ruins, CARDS.minstrel]): Game {
  let game = rows(planning(), table, []);
  game = act(act(game, ANN, bid(0)), BOB, bid(1));
  return counters(game, ANN, { gold: annGold });
}

/** A clash on slot 0 that Ann lost, with a reroll token in her hand. */
function lostClash(): Game {
  for (let seed = 1; seed < 100; seed++) {
    let game = counters(counters(planning(seed), ANN, { rerollTokens: 1 }), BOB, { rerollTokens: 1 });
    game = act(act(game, ANN, bid(0)), BOB, bid(0));
    if (pendingDecision(game, ANN)?.type === 'REROLL') return game;
  }
  throw new Error('no lost clash found');
}

describe('random_card', () => {
  it('bids its base military on a random trade row card', () => {
    const game = counters(holding(planning(), ANN, [CARDS.fort]), ANN, { military: 4 });
    const slots = new Set<number>();
    for (let seed = 1; seed <= 30; seed++) {
      const action = randomCard(viewFor(game, ANN), ANN, rng(seed));
      expect(action).toMatchObject({ type: 'BID', bid: { military: 1 } });
      if (action?.type === 'BID') slots.add(action.bid.tradeRowIndex);
    }
    expect(slots.size).toBeGreaterThan(1);
  });

  it('gains the card it won if it can pay, else a random basic card it can afford', () => {
    expect(randomCard(viewFor(resolving(10), ANN), ANN, rng(1))).toEqual({ type: 'RESOLVE', resolve: { cardIDToGain: CARDS.chariots } });
    const poor = resolving(0);
    const gained = new Set<number>();
    for (let seed = 1; seed <= 30; seed++) {
      const action = randomCard(viewFor(poor, ANN), ANN, rng(seed));
      if (action?.type !== 'RESOLVE') throw new Error('expected a gain');
      const cardID = action.resolve.cardIDToGain;
      expect(poor.basicPile).toContain(cardID);
      expect(poor.cardsByID[cardID]!.cost).toBe(0);
      gained.add(cardID);
    }
    expect(gained.size).toBeGreaterThan(1);
  });

  it('declines rerolls', () => {
    const game = lostClash();
    expect(randomCard(viewFor(game, ANN), ANN, rng(1))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'decline' } });
  });
});

describe('easy_bot', () => {
  it('bids a modest amount above its base military, from its tuning for the age', () => {
    const game = counters(holding(planning(), ANN, [CARDS.fort]), ANN, { military: 6 });
    const action = easyBot(viewFor(game, ANN), ANN, rng(1));
    expect(action).toMatchObject({ type: 'BID', bid: { military: 1 + EASY_BOT_TUNING['1'].extraBid } });
    const broke = counters(planning(), ANN, { military: 0 });
    expect(easyBot(viewFor(broke, ANN), ANN, rng(1))).toMatchObject({ type: 'BID', bid: { military: 0 } });
  });

  it('bids on the affordable card its rating likes best', () => {
    // Two vanilla cards (Wandering Minstrel, Ancient Ruins) and Chariot Squadron, which costs 4: out
    // of reach. The expected pick follows from the rating, not from the cards' current values.
    const game = counters(rows(planning(), [CARDS.minstrel, CARDS.ruins, CARDS.chariots], []), ANN, { gold: 3 });
    const t = EASY_BOT_TUNING['1'];
    const net = (id: number) => easyRating(game.cardsByID[id]!, t) - t.costValue * game.cardsByID[id]!.cost;
    const action = easyBot(viewFor(game, ANN), ANN, rng(1));
    if (action?.type !== 'BID') throw new Error('expected a bid');
    expect(action.bid.tradeRowIndex).not.toBe(2);
    const chosen = [CARDS.minstrel, CARDS.ruins][action.bid.tradeRowIndex]!;
    expect(net(chosen)).toBe(Math.max(net(CARDS.minstrel), net(CARDS.ruins)));
  });

  it('gains the card it won if it can pay, else the best basic card it can afford', () => {
    expect(easyBot(viewFor(resolving(10), ANN), ANN, rng(1))).toEqual({ type: 'RESOLVE', resolve: { cardIDToGain: CARDS.chariots } });
    const poor = resolving(1);
    const action = easyBot(viewFor(poor, ANN), ANN, rng(1));
    if (action?.type !== 'RESOLVE') throw new Error('expected a gain');
    const t = EASY_BOT_TUNING['1'];
    const net = (id: number) => easyRating(poor.cardsByID[id]!, t) - t.costValue * poor.cardsByID[id]!.cost;
    const affordable = poor.basicPile.filter((id) => poor.cardsByID[id]!.cost <= 1);
    expect(affordable).toContain(action.resolve.cardIDToGain);
    expect(net(action.resolve.cardIDToGain)).toBe(Math.max(...affordable.map(net)));
  });

  it('declines rerolls', () => {
    const game = lostClash();
    expect(easyBot(viewFor(game, ANN), ANN, rng(1))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'decline' } });
  });
});
