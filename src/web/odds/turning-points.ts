/**
 * The turning points of a finished game's odds: the steps where the leader's chance moved most,
 * marked on the chart and listed under it with a link to the replay at each.
 */
import type { OddsPoint } from './use-odds.js';

export interface TurningPoint {
  /** The replay's step index (its `?step=`). */
  step: number;
  sequenceID: number;
  /** How far the chance of the leader before the step moved, -1..1. */
  move: number;
}

/** The `count` steps where the leader before the step saw their chance move most (largest first). */
export function turningPoints(history: readonly OddsPoint[], count = 3): TurningPoint[] {
  const moves: TurningPoint[] = [];
  for (let i = 1; i < history.length; i++) {
    const before = history[i - 1]!.shares;
    const leader = Object.keys(before).reduce((a, b) => ((before[b] ?? 0) > (before[a] ?? 0) ? b : a));
    moves.push({ step: history[i]!.step ?? i, sequenceID: history[i]!.sequenceID, move: (history[i]!.shares[leader] ?? 0) - (before[leader] ?? 0) });
  }
  return moves.sort((a, b) => Math.abs(b.move) - Math.abs(a.move)).slice(0, count).filter((m) => Math.abs(m.move) >= 0.05);
}

/**
 * How close two marked steps may be, as a share of the chart's steps, and both keep a label. The
 * labels stand upright on their lines: two turning points a step apart (steps 15 and 16 of 60)
 * drew one label over the other, and a player read two of the three.
 */
export const LABEL_SPACING = 0.08;

/** The steps of `turns` (largest move first) whose label has room: each at least LABEL_SPACING of `steps` from a larger one's. */
export function labelledTurns(turns: readonly TurningPoint[], steps: number): Set<number> {
  const gap = Math.max(1, steps * LABEL_SPACING);
  const kept: number[] = [];
  for (const turn of turns) if (kept.every((step) => Math.abs(step - turn.step) >= gap)) kept.push(turn.step);
  return new Set(kept);
}

/**
 * A turning point's label on the chart: how far the leader's chance moved, signed, in the chart's
 * own unit. It read "-15 pts", which a player took for favor points.
 */
export function moveLabel(move: number): string {
  const n = Math.round(move * 100);
  return `${n > 0 ? '+' : n < 0 ? '\u2212' : '\u00b1'}${Math.abs(n)}%`;
}
