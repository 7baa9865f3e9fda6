/** Production: every card's production ability pays out gold and military, within the caps. */
import { credit, noAmounts, sumOutputs } from '../effects.js';
import { emit, type Step } from '../step.js';

export function produce(s: Step): void {
  s.game.players.forEach((player, seat) => {
    const amounts = noAmounts();
    for (const id of player.cardIDs) sumOutputs(s.game, player, s.game.cardsByID[id]!.effects.turnEffect, amounts);
    credit(s, seat, amounts, 'cards');
    s.game.productionDataByPlayerID = {
      ...s.game.productionDataByPlayerID,
      [player.userID]: { gold: amounts.gold, military: amounts.military },
    };
    emit(s, 'PRODUCTION', { userID: player.userID, gold: amounts.gold, military: amounts.military });
  });
}
