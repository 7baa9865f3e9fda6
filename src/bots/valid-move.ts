/**
 * valid_move: answers any pending decision with a uniformly random legal action. The baseline
 * for tests, simulations and benchmarks; it sees only its own view.
 */
import { pendingDecision, randomInt, type Action, type Game, type GameView, type Rng, type UserID } from '../engine/index.js';

export function validMove(view: Game | GameView, userID: UserID, rng: Rng): Action | null {
  const decision = pendingDecision(view, userID);
  if (!decision) return null;
  switch (decision.type) {
    case 'BID': {
      const tradeRowIndex = decision.tradeRowIndexes[randomInt(rng, 0, decision.tradeRowIndexes.length - 1)]!;
      const military = randomInt(rng, 0, decision.maxMilitary);
      return { type: 'BID', bid: { military, tradeRowIndex } };
    }
    case 'WAIT_FOR_OTHERS':
      return null;
    case 'REROLL': {
      const rerollType = decision.rerollTokens > 0 && randomInt(rng, 0, 1) === 1 ? 'reroll' : 'decline';
      return { type: 'REROLL', rollSelection: { rerollType, rerollRound: decision.rerollRound } };
    }
    case 'RESOLVE': {
      const affordable = decision.choices.filter((c) => c.affordable);
      const choice = affordable[randomInt(rng, 0, affordable.length - 1)]!;
      return { type: 'RESOLVE', resolve: { cardIDToGain: choice.cardID } };
    }
  }
}
