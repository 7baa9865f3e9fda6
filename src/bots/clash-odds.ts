/**
 * Clash odds for bidding and reroll choices, from the engine's exact clash probabilities. Only
 * the difference between two bids matters, so two-player odds are kept in a table per age.
 */
import { clashWinProbabilities, diceSumDistribution } from '../engine/index.js';

const tables = new Map<number, Map<number, number>>();

/** The chance that a bid beats one rival's bid in a clash in this age (ties re-rolled). */
export function headToHead(age: number, bid: number, rivalBid: number): number {
  const diff = bid - rivalBid;
  if (diff >= 6 * age) return 1;
  if (diff <= -6 * age) return 0;
  const table = tables.get(age) ?? new Map<number, number>();
  tables.set(age, table);
  let p = table.get(diff);
  if (p === undefined) {
    p = clashWinProbabilities(age, [diff, 0])[0]!;
    table.set(diff, p);
  }
  return p;
}

/**
 * The chance a clash loser takes the lead with a reroll: their fresh dice plus their bid must
 * beat the winner's total, or tie it and then win the tie re-roll.
 */
export function rerollOdds(age: number, bid: number, winnerBid: number, winnerTotal: number): number {
  const dist = diceSumDistribution(age);
  let p = 0;
  dist.forEach((chance, sum) => {
    const total = sum + bid;
    if (total > winnerTotal) p += chance;
    else if (total === winnerTotal) p += chance * headToHead(age, bid, winnerBid);
  });
  return p;
}
