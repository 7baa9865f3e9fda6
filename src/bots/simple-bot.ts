/**
 * What the simple bots (easy_bot, random_card) have in common: they never reroll, and they gain
 * the card they won when they can pay for it, else an affordable basic. Each differs only in how
 * it bids and which basic it picks.
 */
import { pendingDecision, type Bid, type CardChoice, type Decision, type GameView, type Rng, type UserID } from '../engine/index.js';
import type { Decide } from './bot.js';

export interface SimpleBot {
  /** Its bid, when the pending decision is a bid. */
  bid(view: GameView, userID: UserID, decision: Extract<Decision, { type: 'BID' }>, rng: Rng): Bid;
  /** The basic it gains when it won nothing it can pay for: one of `affordable`. */
  basic(view: GameView, userID: UserID, affordable: CardChoice[], rng: Rng): CardChoice;
}

export function simpleBot({ bid, basic }: SimpleBot): Decide {
  return (view, userID, rng) => {
    const decision = pendingDecision(view, userID);
    if (!decision) return null;
    switch (decision.type) {
      case 'BID':
        return { type: 'BID', bid: bid(view, userID, decision, rng) };
      case 'WAIT_FOR_OTHERS':
        return null;
      case 'REROLL':
        return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
      case 'RESOLVE': {
        const affordable = decision.choices.filter((c) => c.affordable);
        const won = affordable.find((c) => !view.basicPile.includes(c.cardID));
        return { type: 'RESOLVE', resolve: { cardIDToGain: (won ?? basic(view, userID, affordable, rng)).cardID } };
      }
    }
  };
}
