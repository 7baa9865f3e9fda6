/**
 * The advanced reroll choice. A reroll token is spent whatever happens, so it is worth spending
 * only when the fresh dice stand a fair chance of taking the lead and the card at stake is worth
 * clearly more than a basic card (or than keeping the token for a later clash).
 */
import type { GameView, UserID } from '../engine/index.js';
import { appraisal, basicFallback, canAfford, prospect, valueAt } from './appraise.js';
import { rerollOdds } from './clash-odds.js';
import { clashRecord } from './gain-choice.js';
import { outlookOf } from './outlook.js';
import { playerOf } from './seat.js';
import { forAge, type AdvancedTuning, type ByAge } from './tuning.js';

export function wantsReroll(view: GameView, userID: UserID, tunings: ByAge<AdvancedTuning>): boolean {
  const me = playerOf(view, userID);
  if (me.counters.rerollTokens < 1) return false;
  const clash = view.clashes.find((c) => c.playerIDs.includes(userID) && c.winningPlayerID !== userID && !c.declinedPlayerIDs.includes(userID));
  if (!clash) return false;
  const bids = view.bidsByPlayerID;
  const winner = clash.winningPlayerID;
  const last = clash.rounds[clash.rounds.length - 1]!;
  const chance = rerollOdds(view.age, bids[userID]!.military, bids[winner]!.military, last[winner]!.total);
  const tuning = forAge(tunings, view.age);
  if (chance < tuning.rerollMinChance) return false;
  const outlook = outlookOf(view, tunings);
  const bid = bids[userID]!;
  // The turn as it would end with the clash won (the card, or still a basic card) and as it is.
  const ifWon = appraisal(view, me, outlook, clashRecord(view, userID, true));
  const asIs = appraisal(view, me, outlook, clashRecord(view, userID, false));
  const card = canAfford(ifWon, clash.cardID) ? valueAt(ifWon, prospect(ifWon, clash.cardID, clash.tradeRowIndex), bid) : -Infinity;
  const stake = Math.max(card, basicFallback(ifWon, bid)) - basicFallback(asIs, bid);
  return chance * stake > outlook.value.rerollTokens[0]!;
}
