/**
 * A model of the rivals' hidden bids: each rival is expected to favour the trade row cards worth
 * most to them (appraised from their side, with what they can afford), and to bid anywhere up to
 * what they can afford (their military plus base military), often no more than their base.
 */
import type { GameView, Player } from '../engine/index.js';
import { appraisal, basicFallback, canAfford, prospect, valueAt } from './appraise.js';
import type { Outlook } from './outlook.js';

export interface RivalModel {
  player: Player;
  /** pick[i]: the chance they bid on trade row slot i. */
  pick: number[];
  /** bid[m]: the chance their bid is m military. */
  bid: number[];
  /** gain[i]: what slot i is worth to them over their best basic card (0 if they cannot afford it). */
  gain: number[];
}

export interface RivalTuning {
  /** Softness of the guess at the rival's card, in favor: higher spreads it over more cards. */
  opponentTemperature: number;
  /** The share of rival bids guessed to be at their base military. */
  opponentMinBidShare: number;
}

export function rivalModel(view: GameView, rival: Player, outlook: Outlook, tuning: RivalTuning): RivalModel {
  const a = appraisal(view, rival, outlook);
  const base = a.baseMilitary;
  const max = rival.counters.military + base;
  const fallback = basicFallback(a, { military: base, tradeRowIndex: 0 });
  const gain = view.tableIDs.map((id, index) => {
    if (id === null || !canAfford(a, id)) return 0;
    return Math.max(0, valueAt(a, prospect(a, id, index), { military: base, tradeRowIndex: index }) - fallback);
  });
  const weights = gain.map((g, index) => (view.tableIDs[index] === null ? 0 : Math.exp(g / tuning.opponentTemperature)));
  const total = weights.reduce((x, y) => x + y, 0);
  const pick = weights.map((w) => w / total);
  const bid = new Array<number>(max + 1).fill(0);
  const spread = max - base + 1;
  for (let m = base; m <= max; m++) bid[m] = (1 - tuning.opponentMinBidShare) / spread;
  bid[base] = bid[base]! + tuning.opponentMinBidShare;
  return { player: rival, pick, bid, gain };
}

/** The chance a bid beats this rival's bid, should they bid on the same card. */
export function beatChance(model: RivalModel, bid: number, headToHead: (mine: number, theirs: number) => number): number {
  let beat = 0;
  model.bid.forEach((q, theirs) => {
    if (q > 0) beat += q * headToHead(bid, theirs);
  });
  return beat;
}

/** The chance to win trade row slot `index` against every rival who might bid on it; beat[r]: the chance to beat rival r. */
export function winChance(models: readonly RivalModel[], index: number, beat: readonly number[]): number {
  let p = 1;
  models.forEach((model, r) => {
    const contest = model.pick[index]!;
    if (contest > 0) p *= 1 - contest + contest * beat[r]!;
  });
  return p;
}
