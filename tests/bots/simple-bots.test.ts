/** random_card and easy_bot: what their rules say they do, on situations of the real card set. */
import { describe, expect, it } from 'vitest';
import { EASY_BOT_TUNING, easyBidChances, easyBot, easyRating } from '../../src/bots/easy-bot.js';
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
  /** The likeliest of its bids, and every bid it may make. */
  const strategy = (game: Game) => {
    const chances = easyBidChances(viewFor(game, ANN), ANN);
    const likeliest = chances.reduce((a, b) => (b.chance > a.chance ? b : a));
    return { likeliest: likeliest.bid, bids: chances.filter((c) => c.chance > 1e-9).map((c) => c.bid) };
  };

  it('bids a modest amount above its base military, from its tuning for the age, give or take its spread', () => {
    const game = counters(holding(planning(), ANN, [CARDS.fort]), ANN, { military: 6 });
    const t = EASY_BOT_TUNING['1'];
    const { likeliest, bids } = strategy(game);
    expect(likeliest.military).toBe(1 + t.extraBid);
    for (const b of bids) expect(Math.abs(b.military - (1 + t.extraBid))).toBeLessThanOrEqual(t.bidSpread);
    const action = easyBot(viewFor(game, ANN), ANN, rng(1));
    if (action?.type !== 'BID') throw new Error('expected a bid');
    expect(bids).toContainEqual(action.bid);
    // With no military at all it can only bid 0.
    const broke = counters(planning(), ANN, { military: 0 });
    for (let seed = 1; seed <= 10; seed++) expect(easyBot(viewFor(broke, ANN), ANN, rng(seed))).toMatchObject({ type: 'BID', bid: { military: 0 } });
  });

  it('bids most likely on the affordable card its rating likes best, and almost never on one it cannot pay for', () => {
    // Two vanilla cards (Wandering Minstrel, Ancient Ruins) and Chariot Squadron, which costs 4: out
    // of reach. The expected pick follows from the rating, not from the cards' current values.
    const game = counters(rows(planning(), [CARDS.minstrel, CARDS.ruins, CARDS.chariots], []), ANN, { gold: 3 });
    const t = EASY_BOT_TUNING['1'];
    const net = (id: number) => easyRating(game.cardsByID[id]!, t) - t.costValue * game.cardsByID[id]!.cost;
    const { likeliest, bids } = strategy(game);
    const best = net(CARDS.minstrel) >= net(CARDS.ruins) ? 0 : 1;
    expect(likeliest.tradeRowIndex).toBe(best);
    expect(bids.map((b) => b.tradeRowIndex)).not.toContain(2);
  });

  it('gains the card it won if it can pay, else a basic card it can afford, the best most often', () => {
    for (let seed = 1; seed <= 10; seed++) {
      expect(easyBot(viewFor(resolving(10), ANN), ANN, rng(seed))).toEqual({ type: 'RESOLVE', resolve: { cardIDToGain: CARDS.chariots } });
    }
    const poor = resolving(1);
    const t = EASY_BOT_TUNING['1'];
    const net = (id: number) => easyRating(poor.cardsByID[id]!, t) - t.costValue * poor.cardsByID[id]!.cost;
    const affordable = poor.basicPile.filter((id) => poor.cardsByID[id]!.cost <= 1);
    const counts = new Map<number, number>();
    for (let seed = 1; seed <= 60; seed++) {
      const action = easyBot(viewFor(poor, ANN), ANN, rng(seed));
      if (action?.type !== 'RESOLVE') throw new Error('expected a gain');
      expect(affordable).toContain(action.resolve.cardIDToGain);
      counts.set(action.resolve.cardIDToGain, (counts.get(action.resolve.cardIDToGain) ?? 0) + 1);
    }
    const mostOften = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    expect(net(mostOften)).toBe(Math.max(...affordable.map(net)));
  });

  it('declines rerolls', () => {
    const game = lostClash();
    expect(easyBot(viewFor(game, ANN), ANN, rng(1))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'decline' } });
  });
});
