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

/**
 * What a reroll is worth over declining, in favor: the chance it takes the lead times what the
 * card is worth over the turn as it stands, less the token. Null when a reroll is out of the
 * question (no token, no lost clash, or too small a chance of taking the lead).
 */
export function rerollMargin(view: GameView, userID: UserID, tunings: ByAge<AdvancedTuning>): number | null {
  const me = playerOf(view, userID);
  if (me.counters.rerollTokens < 1) return null;
  const clash = view.clashes.find((c) => c.playerIDs.includes(userID) && c.winningPlayerID !== userID && !c.declinedPlayerIDs.includes(userID));
  if (!clash) return null;
  const bids = view.bidsByPlayerID;
  const winner = clash.winningPlayerID;
  const last = clash.rounds[clash.rounds.length - 1]!;
  const chance = rerollOdds(view.age, bids[userID]!.military, bids[winner]!.military, last[winner]!.total);
  const tuning = forAge(tunings, view.age);
  if (chance < tuning.rerollMinChance) return null;
  const outlook = outlookOf(view, tunings);
  const bid = bids[userID]!;
  // The turn as it would end with the clash won (the card, or still a basic card) and as it is.
  const ifWon = appraisal(view, me, outlook, clashRecord(view, userID, true));
  const asIs = appraisal(view, me, outlook, clashRecord(view, userID, false));
  const card = canAfford(ifWon, clash.cardID) ? valueAt(ifWon, prospect(ifWon, clash.cardID, clash.tradeRowIndex), bid) : -Infinity;
  const stake = Math.max(card, basicFallback(ifWon, bid)) - basicFallback(asIs, bid);
  return chance * stake - outlook.value.rerollTokens[0]!;
}
