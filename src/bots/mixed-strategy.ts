/**
 * Mixed strategies for the bots' hidden choices. Bids are secret and simultaneous: a bot that
 * always makes the bid it rates best can be read off the public table by anyone who runs it (its
 * code is public), and then beaten by one military or avoided. So a bot draws its choice, from
 * the decision's own secret rng, with chances from its own valuations:
 *
 * - a logit (softmax) response: a choice worth `v` favor is weighted exp((v - best) / temperature),
 *   so near-equal choices are mixed and a choice clearly behind is almost never made (the advanced
 *   bot already models its rivals' bids this way);
 * - for bids, no one bid gets more than MAX_BID_CHANCE: of the distributions that respect that
 *   cap, the one closest to the logit response (its KL projection: the capped bid keeps the cap
 *   and every other bid is scaled up by one common factor, so the next best ones absorb most of
 *   what the cap takes away). Whoever guesses a bot's bid exactly, with any knowledge of the
 *   table, is right at most that often.
 */
import { randomInt, type Bid, type Rng } from '../engine/index.js';

/** The largest chance a bot gives any one bid when it has two or more to choose from. */
export const MAX_BID_CHANCE = 0.6;

/**
 * The chances of choices worth `values` (in favor): their logit response at `temperature`, with
 * no chance above `cap` when there are two or more choices.
 */
export function mixedChances(values: readonly number[], temperature: number, cap = 1): number[] {
  if (values.length === 0) return [];
  const best = Math.max(...values);
  // Floored so that a choice far behind keeps a tiny positive weight: the cap can then still
  // pass mass on to it in order of worth when nothing closer is left.
  const weights = values.map((v) => Math.exp(Math.max(-700, (v - best) / temperature)));
  const total = weights.reduce((a, b) => a + b, 0);
  const chances = weights.map((w) => w / total);
  return values.length > 1 && cap < 1 ? capped(chances, cap) : chances;
}

/**
 * The distribution closest to `chances` (in KL divergence) with none above `cap`: the largest are
 * set to the cap and the rest scaled by one factor so that all sum to 1.
 */
function capped(chances: readonly number[], cap: number): number[] {
  const order = chances.map((_, i) => i).sort((a, b) => chances[b]! - chances[a]!);
  const out = chances.slice();
  // Cap the k largest, k = 1, 2, ...: stop when the rest, scaled to fill 1 - k * cap, stay below it.
  for (let k = 1; k < order.length; k++) {
    const restTotal = order.slice(k).reduce((sum, i) => sum + chances[i]!, 0);
    const left = 1 - k * cap;
    if (left <= 0 || restTotal <= 0) break;
    const scale = left / restTotal;
    if (chances[order[k]!]! * scale <= cap) {
      for (const i of order.slice(0, k)) out[i] = cap;
      for (const i of order.slice(k)) out[i] = chances[i]! * scale;
      return out;
    }
  }
  // No room under the cap (it is at most 1 / n): every choice equally likely.
  return chances.map(() => 1 / chances.length);
}

/** A bid a bot may make, and the chance it makes it. */
export interface BidChance {
  bid: Bid;
  chance: number;
}

/**
 * A bot's mixed bid over bids worth `value` favor to it: the logit response at `temperature`,
 * capped at `cap` (MAX_BID_CHANCE unless given).
 */
export function mixedBids(options: readonly { bid: Bid; value: number }[], temperature: number, cap = MAX_BID_CHANCE): BidChance[] {
  const chances = mixedChances(
    options.map((o) => o.value),
    temperature,
    cap,
  );
  return options.map((o, i) => ({ bid: o.bid, chance: chances[i]! }));
}

/** A bid drawn from a mixed bid. */
export function drawBid(bids: readonly BidChance[], rng: Rng): Bid {
  return bids[drawIndex(bids.map((b) => b.chance), rng)]!.bid;
}

/** A choice drawn with the given chances (which sum to 1). */
export function drawIndex(chances: readonly number[], rng: Rng): number {
  const u = randomInt(rng, 0, 2 ** 32 - 1) / 2 ** 32;
  let total = 0;
  for (let i = 0; i < chances.length; i++) {
    total += chances[i]!;
    if (u < total) return i;
  }
  // Rounding left u above the last partial sum: the last choice that has any chance.
  for (let i = chances.length - 1; i >= 0; i--) if (chances[i]! > 0) return i;
  return chances.length - 1;
}
