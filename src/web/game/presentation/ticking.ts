/** The values a counter shows on its way to a new value: pure (see useTickingNumber). */

/** Counters tick at least this far apart. */
export const TICK_MS = 50;
/** A counter never takes more than this many ticks: big jumps take bigger steps. */
export const MAX_TICKS = 20;

/** The values after each tick from `from` to `to` (the last is `to`); empty when equal. */
export function tickValues(from: number, to: number, maxTicks = MAX_TICKS): number[] {
  const distance = Math.abs(to - from);
  if (distance === 0) return [];
  const step = Math.max(1, Math.ceil(distance / maxTicks));
  const sign = Math.sign(to - from);
  const out: number[] = [];
  for (let v = from + sign * step; sign > 0 ? v < to : v > to; v += sign * step) out.push(v);
  out.push(to);
  return out;
}
