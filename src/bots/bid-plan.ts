/**
 * The advanced bid: for every trade row card and bid, the expected worth of the turn. A bid wins
 * its card with the chance the rival model gives (uncontested cards are won for free); winning
 * lets the bot take the card or still a basic one, losing leaves only the basic pile; military
 * spent is gone either way. Beating a rival to a card they want also counts, a little.
 */
import type { GameView, UserID } from '../engine/index.js';
import { appraisal, basicFallback, basicProspects, canAfford, prospect, valueAt } from './appraise.js';
import { headToHead } from './clash-odds.js';
import { outlookOf } from './outlook.js';
import { beatChance, rivalModel, winChance, type RivalModel } from './rivals.js';
import { playerOf, rivalsOf } from './seat.js';
import { forAge, type AdvancedTuning, type ByAge } from './tuning.js';

export interface BidOption {
  tradeRowIndex: number;
  military: number;
  /** Expected worth of the turn, in favor. */
  value: number;
}

/** Bids worth considering: base military and a few above it, and everything at once. */
function candidateBids(base: number, max: number, extra: number): number[] {
  const bids: number[] = [];
  for (let m = base; m <= Math.min(max, base + extra); m++) bids.push(m);
  if (max > base + extra) bids.push(max);
  return bids;
}

/** What beating rivals to a slot they want is worth (their loss, spread over the rivals). */
function denial(models: readonly RivalModel[], index: number, beat: readonly number[], weight: number): number {
  let total = 0;
  models.forEach((model, r) => {
    total += model.pick[index]! * beat[r]! * model.gain[index]!;
  });
  return (weight * total) / Math.max(1, models.length);
}

/** Every bid considered, best first. */
export function rankBids(view: GameView, userID: UserID, tunings: ByAge<AdvancedTuning>): BidOption[] {
  const tuning = forAge(tunings, view.age);
  const me = playerOf(view, userID);
  const outlook = outlookOf(view, tunings);
  const a = appraisal(view, me, outlook);
  const base = a.baseMilitary;
  const bids = candidateBids(base, me.counters.military + base, tuning.maxExtraBid);
  const models = rivalsOf(view, userID).map((rival) => rivalModel(view, rival, outlook, tuning));
  const basics = basicProspects(a);
  const odds = (mine: number, theirs: number) => headToHead(view.age, mine, theirs);
  const beats = bids.map((military) => models.map((model) => beatChance(model, military, odds)));
  const fallback = bids.map((military) => basicFallback(a, { military, tradeRowIndex: 0 }, basics));
  const options: BidOption[] = [];
  view.tableIDs.forEach((cardID, index) => {
    if (cardID === null) return;
    const p = canAfford(a, cardID) ? prospect(a, cardID, index) : null;
    bids.forEach((military, b) => {
      const lose = fallback[b]!;
      const win = p ? Math.max(lose, valueAt(a, p, { military, tradeRowIndex: index })) : lose;
      const chance = winChance(models, index, beats[b]!);
      const value = chance * win + (1 - chance) * lose + denial(models, index, beats[b]!, tuning.denialWeight);
      options.push({ tradeRowIndex: index, military, value });
    });
  });
  // Stable: among equal values the earlier slot and the lower bid stay first.
  return options.sort((x, y) => y.value - x.value);
}
