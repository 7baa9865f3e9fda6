/**
 * The exact chance of each player winning a clash, from the bonuses (bids) alone: each rolls
 * `age` six-sided dice, highest total wins, and ties for the best are re-rolled among the tied
 * until one stands alone. It feeds the rules page's probability table and the bid panel.
 */

/** The distribution of the sum of `dice` six-sided dice: index = sum. */
export function diceSumDistribution(dice: number): number[] {
  let dist = [1];
  for (let d = 0; d < dice; d++) {
    const next = new Array<number>(dist.length + 6).fill(0);
    dist.forEach((p, sum) => {
      for (let face = 1; face <= 6; face++) next[sum + face]! += p / 6;
    });
    dist = next;
  }
  return dist;
}

/** Win probabilities of players with these bonuses, in the same order. */
export function clashWinProbabilities(age: number, bonuses: readonly number[]): number[] {
  const dist = diceSumDistribution(age);
  const pEq = (total: number, bonus: number) => dist[total - bonus] ?? 0;
  const pBelow = (total: number, bonus: number) => {
    let p = 0;
    for (let sum = 0; sum < Math.min(dist.length, total - bonus); sum++) p += dist[sum]!;
    return p;
  };
  const totals = new Set<number>();
  for (const b of bonuses) for (let sum = age; sum <= 6 * age; sum++) totals.add(sum + b);

  const memo = new Map<number, number[]>();
  /** Win chances among the players in `mask`, who all roll (a tie re-roll or the first roll). */
  const solve = (mask: number): number[] => {
    const known = memo.get(mask);
    if (known) return known;
    const members = bonuses.map((_, i) => i).filter((i) => mask & (1 << i));
    const win = new Array<number>(bonuses.length).fill(0);
    if (members.length === 1) {
      win[members[0]!] = 1;
      memo.set(mask, win);
      return win;
    }
    let selfTie = 0;
    // Enumerate the best total and exactly who reached it.
    for (const top of totals) {
      for (let sub = mask; sub > 0; sub = (sub - 1) & mask) {
        let p = 1;
        for (const i of members) p *= sub & (1 << i) ? pEq(top, bonuses[i]!) : pBelow(top, bonuses[i]!);
        if (p === 0) continue;
        if (sub === mask) selfTie += p;
        else if ((sub & (sub - 1)) === 0) win[Math.log2(sub)]! += p;
        else solve(sub).forEach((q, i) => (win[i]! += p * q));
      }
    }
    // Ties of everyone in `mask` start over: divide out that chance.
    const result = win.map((p) => p / (1 - selfTie));
    memo.set(mask, result);
    return result;
  };
  if (bonuses.length === 0) return [];
  return solve((1 << bonuses.length) - 1);
}
