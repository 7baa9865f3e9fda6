/**
 * RESOLVE: a player picks the card to gain: the trade row card they won, or any basic card.
 * Gains are applied together once everyone has chosen (see phases/resolution.ts).
 */
import { paymentRefusal } from '../costs.js';
import { errors, type RuleError } from '../errors.js';
import { markReady } from '../phases/flow.js';
import { own, type Step } from '../step.js';
import type { CardID } from '../types.js';

export function resolve(s: Step, seat: number, choice: { cardIDToGain: CardID }): RuleError | null {
  const g = s.game;
  const player = g.players[seat]!;
  if (g.phase !== 'RESOLUTION') return errors.resolveOutOfPhase();
  if (g.resolvesByPlayerID[player.userID]) return errors.resolveAlreadySubmitted();
  const bid = g.bidsByPlayerID[player.userID];
  if (!bid) return errors.missingBid();
  const cardID = choice.cardIDToGain;
  if (!g.cardsByID[cardID]) return errors.cardToGainNotFound();
  const won =
    g.tableIDs[bid.tradeRowIndex] === cardID &&
    g.winnersByTradeRowIndex[bid.tradeRowIndex] === player.userID &&
    player.selectedCard === cardID;
  if (!won && !g.basicPile.includes(cardID)) return errors.invalidCardSelection();
  const refusal = paymentRefusal(g, player, cardID);
  if (refusal) return refusal;
  own(s, 'resolvesByPlayerID')[player.userID] = { cardIDToGain: cardID };
  markReady(s, player.userID, true);
  return null;
}
