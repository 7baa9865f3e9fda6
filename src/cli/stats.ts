/** Small statistics for simulation reports. */

/** The 95% Wilson score interval: the one the card gallery uses too. */
export { wilson } from '../engine/card-play.js';

export const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

export const percent = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;

/** Rounds for JSON output so that files stay short and stable. */
export const round = (x: number, digits = 4): number => Number(x.toFixed(digits));
