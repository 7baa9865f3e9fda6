/**
 * valid_move: answers any pending decision with a random legal action, drawn from the engine's own
 * list (legalActions). The baseline for tests, simulations and benchmarks; it sees only its own view.
 */
import { legalActions, randomInt, type Action, type DecisionSource, type Rng, type UserID } from '../engine/index.js';

const pick = <T>(items: readonly T[], rng: Rng): T => items[randomInt(rng, 0, items.length - 1)]!;

export function validMove(view: DecisionSource, userID: UserID, rng: Rng): Action | null {
  const actions = legalActions(view, userID);
  switch (actions[0]?.type) {
    case 'BID': {
      // A slot first, then a bid on it: every card is as likely, whatever the bids.
      const slots = [...new Set(actions.map((a) => (a.type === 'BID' ? a.bid.tradeRowIndex : -1)))];
      const slot = pick(slots, rng);
      return pick(
        actions.filter((a) => a.type === 'BID' && a.bid.tradeRowIndex === slot),
        rng,
      );
    }
    case 'REROLL':
      // Decline is always there; reroll too when the player holds a token.
      return actions.length === 1 ? actions[0]! : pick(actions, rng);
    case 'RESOLVE':
      return pick(actions, rng);
    default:
      // Nothing to decide, or only an unbid: a bid once made stands.
      return null;
  }
}
