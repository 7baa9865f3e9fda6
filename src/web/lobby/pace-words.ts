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

/**
 * The time each decision has, as a person reads it: "30 s", "90 s", "3 min" (whole minutes from
 * two), "4 h" (whole hours from two), "3 days" (whole days from two). A server set for slow,
 * correspondence-like play (TURN_TIMER_SECONDS of a day) said "1440 min".
 */
export function decisionTime(seconds: number): string {
  if (seconds >= 2 * DAY && seconds % DAY === 0) return `${seconds / DAY} days`;
  if (seconds >= 2 * HOUR && seconds % HOUR === 0) return `${seconds / HOUR} h`;
  return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;
