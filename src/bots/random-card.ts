/**
 * random_card, a hidden bot kind: bids its minimum (its base military) on a random trade row card,
 * never rerolls, and gains the card it won if it can pay for it, else a random affordable basic.
 */
import { pendingDecision, randomInt } from '../engine/index.js';
import type { Decide } from './bot.js';

export const randomCard: Decide = (view, userID, rng) => {
  const decision = pendingDecision(view, userID);
  if (!decision) return null;
  switch (decision.type) {
    case 'BID': {
      const tradeRowIndex = decision.tradeRowIndexes[randomInt(rng, 0, decision.tradeRowIndexes.length - 1)]!;
      return { type: 'BID', bid: { military: decision.minMilitary, tradeRowIndex } };
    }
    case 'WAIT_FOR_OTHERS':
      return null;
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE': {
      const affordable = decision.choices.filter((c) => c.affordable);
      const won = affordable.find((c) => !view.basicPile.includes(c.cardID));
      const choice = won ?? affordable[randomInt(rng, 0, affordable.length - 1)]!;
      return { type: 'RESOLVE', resolve: { cardIDToGain: choice.cardID } };
    }
  }
};
