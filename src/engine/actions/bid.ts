/** BID and UNBID: a player's secret bid on a trade row card, and taking it back (option unbid). */
import { baseMilitary } from '../effects.js';
import { errors, type RuleError } from '../errors.js';
import { markReady } from '../phases/flow.js';
import type { Bid } from '../state.js';
import { editPlayer, own, type Step } from '../step.js';

/** The most military a player may bid: their military counter plus their base military. */
export function maxBid(s: Pick<Step, 'game'>, seat: number): number {
  const player = s.game.players[seat]!;
  return player.counters.military + baseMilitary(s.game, player);
}

export function bid(s: Step, seat: number, bid: Bid): RuleError | null {
  const g = s.game;
  const userID = g.players[seat]!.userID;
  if (g.phase !== 'PLANNING') return errors.bidOutOfPhase();
  if (g.bidsByPlayerID[userID]) return errors.bidAlreadySubmitted();
  const max = maxBid(s, seat);
  const { military, tradeRowIndex: index } = bid;
  // parseAction read a military that is not a number as NaN, refused here with the max.
  if (!Number.isInteger(military) || military < 0 || military > max) return errors.invalidMilitary(military, max);
  if (index >= g.tableIDs.length || g.tableIDs[index] == null) return errors.invalidTradeRowIndex();
  const placed: Bid = { military, tradeRowIndex: index };
  own(s, 'bidsByPlayerID')[userID] = placed;
  const player = editPlayer(s, seat);
  player.bid = placed;
  player.selectedCard = g.tableIDs[index]!;
  markReady(s, userID, true);
  return null;
}

export function unbid(s: Step, seat: number): RuleError | null {
  const g = s.game;
  const userID = g.players[seat]!.userID;
  if (!g.options.unbid) return errors.unbidNotEnabled();
  if (g.phase !== 'PLANNING') return errors.unbidOutOfPhase();
  if (!g.bidsByPlayerID[userID]) return errors.noBidToUnbid();
  delete own(s, 'bidsByPlayerID')[userID];
  const player = editPlayer(s, seat);
  player.bid = null;
  player.selectedCard = null;
  markReady(s, userID, false);
  return null;
}
