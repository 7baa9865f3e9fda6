/**
 * valid_move: answers any pending decision with a random legal action, drawn from the engine's own
 * list (legalActions). The baseline for tests, simulations and benchmarks; it sees only its own view.
 *
 * It draws from the pending decision legalActions is built from, without listing every action:
 * the same draws pick the same action from the same list, in legalActions' order (bids slot by
 * slot, each from 0 military up; a reroll choice declines first; affordable cards in order).
 */
import { pendingDecision, randomInt, type Action, type DecisionSource, type Rng, type UserID } from '../engine/index.js';

export function validMove(view: DecisionSource, userID: UserID, rng: Rng): Action | null {
  const decision = pendingDecision(view, userID);
  if (!decision) return null;
  switch (decision.type) {
    case 'BID': {
      // A slot first, then a bid on it: every card is as likely, whatever the bids.
      const slots = decision.tradeRowIndexes;
      if (slots.length === 0) return null;
      const tradeRowIndex = slots[randomInt(rng, 0, slots.length - 1)]!;
      return { type: 'BID', bid: { military: randomInt(rng, 0, decision.maxMilitary), tradeRowIndex } };
    }
    case 'REROLL': {
      // Decline is always there; reroll too when the player holds a token.
      const rerollRound = decision.rerollRound;
      const reroll = decision.rerollRefusal === null && randomInt(rng, 0, 1) === 1;
      return { type: 'REROLL', rollSelection: { rerollType: reroll ? 'reroll' : 'decline', rerollRound } };
    }
    case 'RESOLVE': {
      const choices = decision.choices;
      let affordable = 0;
      for (let i = 0; i < choices.length; i++) if (choices[i]!.affordable) affordable++;
      if (affordable === 0) return null;
      let k = randomInt(rng, 0, affordable - 1);
      for (let i = 0; i < choices.length; i++) {
        const choice = choices[i]!;
        if (choice.affordable && k-- === 0) return { type: 'RESOLVE', resolve: { cardIDToGain: choice.cardID } };
      }
      return null;
    }
    default:
      // Nothing to decide, or only an unbid: a bid once made stands.
      return null;
  }
}
