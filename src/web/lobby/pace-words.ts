/**
 * A table's pace as people read it: the pace's name and the time each decision has. The lobby list
 * and the lobby's page both say them, so these words are bundled with the controls every page
 * loads (vite.config.ts), not as a file of their own.
 */
import type { Lobby } from '../lib/api-types.js';

export type TurnPace = Lobby['turnPace'];

/** The paces a host chooses from, quickest first; the lobby says the time each decision then has. */
export const TURN_PACE_LABELS: Record<TurnPace, string> = {
  fast: 'Fast',
  normal: 'Normal',
  slow: 'Slow',
};

/** The time each decision has, as a person reads it: "30 s", "90 s", "3 min" (whole minutes from two). */
export function decisionTime(seconds: number): string {
  return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}
