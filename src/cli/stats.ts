/** Small statistics for simulation reports. */

/** The 95% Wilson score interval of a proportion `successes / n` (successes may be fractional). */
export function wilson(successes: number, n: number, z = 1.959963984540054): [number, number] {
  if (n === 0) return [0, 0];
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

export const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

export const percent = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;

/** Rounds for JSON output so that files stay short and stable. */
export const round = (x: number, digits = 4): number => Number(x.toFixed(digits));
