/**
 * easy_bot, the "Easy Bot": a simple heuristic meant to be beaten. It rates a card by its printed
 * favor and a rough worth of what it makes, never thinks about rivals or tributes, always bids a
 * modest amount above its base military, and never rerolls.
 */
import { baseMilitary, goldCost, paymentRefusal, pendingDecision, type Card, type GameView, type Player, type UserID } from '../engine/index.js';
import type { Decide } from './bot.js';
import { playerOf } from './seat.js';
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

function bestBy<T>(items: readonly T[], score: (item: T) => number): T {
  return items.reduce((best, item) => (score(item) > score(best) ? item : best));
}

export const easyBot: Decide = (view: GameView, userID: UserID) => {
  const decision = pendingDecision(view, userID);
  if (!decision) return null;
  const t = forAge(EASY_BOT_TUNING, view.age);
  const me = playerOf(view, userID);
  const net = (card: Card) => easyRating(card, t) - t.costValue * goldCost(view, me, card.id);
  switch (decision.type) {
    case 'BID': {
      const tradeRowIndex = bestBy(decision.tradeRowIndexes, (i) => {
        const card = view.cardsByID[view.tableIDs[i]!]!;
        return affordable(view, me, card) ? net(card) : -100 + net(card);
      });
      const military = Math.min(decision.maxMilitary, baseMilitary(view, me) + t.extraBid);
      return { type: 'BID', bid: { military, tradeRowIndex } };
    }
    case 'WAIT_FOR_OTHERS':
      return null;
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE': {
      const choices = decision.choices.filter((c) => c.affordable);
      const won = choices.find((c) => !view.basicPile.includes(c.cardID));
      const choice = won ?? bestBy(choices, (c) => net(view.cardsByID[c.cardID]!));
      return { type: 'RESOLVE', resolve: { cardIDToGain: choice.cardID } };
    }
  }
};
