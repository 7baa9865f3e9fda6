/** Production: every card's production ability pays out gold and military, within the caps. */
import { credit } from '../credit.js';
import { noAmounts, sumOutputs } from '../effects.js';
import { emit, own, type Step } from '../step.js';

export function produce(s: Step): void {
  s.game.players.forEach((player, seat) => {
    const amounts = noAmounts();
    for (const id of player.cardIDs) sumOutputs(s.game, player, s.game.cardsByID[id]!.effects.turnEffect, amounts);
    // The event and the record show what was added after the 25 cap, as the counters do.
    const added = credit(s, seat, amounts, 'cards');
    own(s, 'productionDataByPlayerID')[player.userID] = added;
    emit(s, 'PRODUCTION', { userID: player.userID, gold: added.gold, military: added.military });
  });
}
