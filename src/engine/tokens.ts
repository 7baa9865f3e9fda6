/**
 * Earning war (Clash) and reroll tokens. Each war token earned is an EARN_TOKEN event and sets off
 * the `acquire-target token:War` abilities of the cards the player holds (once per token; what
 * those abilities give does not set them off again).
 */
import { credit } from './credit.js';
import { capped, noAmounts, totalOf, triggeredBy } from './effects.js';
import { editPlayer, emit, type Step } from './step.js';

export function earnTokens(s: Step, seat: number, token: 'War' | 'Reroll', count = 1): void {
  for (let i = 0; i < count; i++) {
    const counters = editPlayer(s, seat).counters;
    if (token === 'War') counters.warTokens = capped(counters.warTokens + 1);
    else counters.rerollTokens = capped(counters.rerollTokens + 1);
    const player = s.game.players[seat]!;
    const triggeredCards = token === 'War' ? triggeredBy(s.game, player, 'gainOtherEffect', { warToken: true }) : [];
    credit(s, seat, totalOf(triggeredCards, noAmounts()), 'cards');
    emit(s, 'EARN_TOKEN', { userID: player.userID, token, triggeredCards });
  }
}
