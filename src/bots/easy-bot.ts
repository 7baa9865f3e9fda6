/**
 * easy_bot, the "Easy Bot": a simple heuristic meant to be beaten. It rates a card by its printed
 * favor and a rough worth of what it makes, never thinks about rivals or tributes, bids a modest
 * amount above its base military, and never rerolls. Its bid and its basic card are drawn from
 * its secret rng among the choices it rates near the best (mixed-strategy.ts), so nobody can
 * work them out from the table.
 */
import { goldCost, paymentRefusal, pendingDecision, type Card, type GameView, type Player, type UserID } from '../engine/index.js';
import { drawBid, drawIndex, mixedBids, mixedChances, type BidChance } from './mixed-strategy.js';
import { playerOf } from './seat.js';
import { simpleBot } from './simple-bot.js';
import tuning from './tuning/easy-bot.json' with { type: 'json' };
import { forAge, type ByAge } from './tuning.js';

export interface EasyTuning {
  /** Military bid above base military. */
  extraBid: number;
  /** Turns a production ability is counted for. */
  productionTurns: number;
  /** Favor per gold or military a card makes. */
  resourceValue: number;
  /** Favor per gold of cost. */
  costValue: number;
  /** Military its bid may stray from extraBid, either way (each step counted as resourceValue favor less). */
  bidSpread: number;
  /** Softness of its choices, in favor: choices this much apart are made e (2.7) times as often. */
  temperature: number;
}

export const EASY_BOT_TUNING: ByAge<EasyTuning> = tuning;

/** Printed favor plus what the card makes at face value (scaling outputs counted once). */
export function easyRating(card: Card, t: EasyTuning): number {
  let value = card.favor;
  const worth = (resource: string, amount: number) => (resource === 'favor' ? amount : resource === 'gold' || resource === 'military' ? amount * t.resourceValue : 0);
  for (const o of card.effects.gainSelfEffect) value += worth(o.outputResource, o.outputRatio);
  for (const o of card.effects.turnEffect) value += worth(o.outputResource, o.outputRatio) * t.productionTurns;
  value += card.effects.baseEffect.length * t.resourceValue * t.productionTurns;
  for (const o of card.effects.endOfGameEffect) value += worth(o.outputResource, o.outputRatio);
  return value;
}

function affordable(view: GameView, player: Player, card: Card): boolean {
  return paymentRefusal(view, player, card.id) === null;
}

/** Its cards' worth: the rating less the gold they cost. */
function netOf(view: GameView, me: Player, t: EasyTuning): (card: Card) => number {
  return (card) => easyRating(card, t) - t.costValue * goldCost(view, me, card.id);
}

/**
 * Its mixed bid: each trade row card (those it cannot pay for far behind) at its usual bid of
 * extraBid above base military, or up to bidSpread either way.
 */
export function easyBidChances(view: GameView, userID: UserID): BidChance[] {
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'BID') return [];
  const t = forAge(EASY_BOT_TUNING, view.age);
  const me = playerOf(view, userID);
  const net = netOf(view, me, t);
  const usual = Math.min(decision.maxMilitary, decision.minMilitary + t.extraBid);
  const options: { bid: BidChance['bid']; value: number }[] = [];
  for (const tradeRowIndex of decision.tradeRowIndexes) {
    const card = view.cardsByID[view.tableIDs[tradeRowIndex]!]!;
    const worth = affordable(view, me, card) ? net(card) : -100 + net(card);
    const seen = new Set<number>();
    for (let step = -t.bidSpread; step <= t.bidSpread; step++) {
      const military = Math.max(decision.minMilitary, Math.min(decision.maxMilitary, usual + step));
      if (seen.has(military)) continue;
      seen.add(military);
      options.push({ bid: { military, tradeRowIndex }, value: worth - t.resourceValue * Math.abs(military - usual) });
    }
  }
  return mixedBids(options, t.temperature);
}

export const easyBot = simpleBot({
  bid: (view, userID, _decision, rng) => drawBid(easyBidChances(view, userID), rng),
  basic: (view, userID, affordable, rng) => {
    const t = forAge(EASY_BOT_TUNING, view.age);
    const net = netOf(view, playerOf(view, userID), t);
    const chances = mixedChances(
      affordable.map((c) => net(view.cardsByID[c.cardID]!)),
      t.temperature,
    );
    return affordable[drawIndex(chances, rng)]!;
  },
});
