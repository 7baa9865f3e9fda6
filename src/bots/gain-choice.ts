/**
 * The advanced choice of the card to gain: of the won card (if any) and the basic pile, the one
 * that leaves the position worth most, tributes included, checked against the turn as it stands.
 */
import { pendingDecision, type CardID, type GameView, type TurnRecord, type UserID } from '../engine/index.js';
import { appraisal, prospect, valueAt } from './appraise.js';
import { outlookOf } from './outlook.js';
import { playerOf } from './seat.js';
import type { ByAge, ValueTuning } from './tuning.js';

/**
 * This player's clashes this turn, as the tribute checks count them. `won` overrides the outcome
 * of this player's clashes (for a reroll choice, while the war is not over).
 */
export function clashRecord(view: GameView, userID: UserID, won?: boolean): TurnRecord['clashes'] {
  const favor = (id: UserID) => playerOf(view, id).counters.favor;
  const bid = (id: UserID) => view.bidsByPlayerID[id]?.military ?? 0;
  return view.clashes
    .filter((clash) => clash.playerIDs.includes(userID))
    .map((clash) => ({
      won: won ?? clash.winningPlayerID === userID,
      bid: bid(userID),
      favor: favor(userID),
      opponents: clash.playerIDs.filter((id) => id !== userID).map((id) => ({ playerID: id, bid: bid(id), favor: favor(id) })),
    }));
}

/** Each affordable card this player could gain now, with the worth of gaining it, best first. */
export function rankGains(view: GameView, userID: UserID, tunings: ByAge<ValueTuning>): { cardID: CardID; value: number }[] {
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'RESOLVE') return [];
  const me = playerOf(view, userID);
  const a = appraisal(view, me, outlookOf(view, tunings), clashRecord(view, userID));
  const bid = view.bidsByPlayerID[userID] ?? { military: 0, tradeRowIndex: 0 };
  return decision.choices
    .filter((c) => c.affordable)
    .map((c) => {
      // The won card is the trade row's; any other choice comes from the basic pile.
      const index = view.tableIDs.indexOf(c.cardID);
      const p = prospect(a, c.cardID, index >= 0 ? index : null);
      return { cardID: c.cardID, value: valueAt(a, p, bid) };
    })
    .sort((x, y) => y.value - x.value);
}
