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

type Unit = 'day' | 'hour' | 'minute' | 'second';

/**
 * The time each decision has in the largest unit it is a whole number of, from two of them: whole
 * days, then hours, then minutes, else seconds. A server set for slow, correspondence-like play
 * (TURN_TIMER_SECONDS of a day) said "1440 min".
 */
function inUnits(seconds: number): [number, Unit] {
  if (seconds >= 2 * DAY && seconds % DAY === 0) return [seconds / DAY, 'day'];
  if (seconds >= 2 * HOUR && seconds % HOUR === 0) return [seconds / HOUR, 'hour'];
  return seconds >= 120 && seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
}

const WRITTEN: Record<Unit, string> = { day: ' days', hour: ' h', minute: ' min', second: ' s' };

/** The time each decision has, as a person reads it: "30 s", "90 s", "3 min", "4 h", "3 days". */
export function decisionTime(seconds: number): string {
  const [n, unit] = inUnits(seconds);
  return `${n}${WRITTEN[unit]}`;
}

/** The same, as a screen reader says it: "30 seconds", "3 minutes", "4 hours", "2 days". */
export function spokenDecisionTime(seconds: number): string {
  const [n, unit] = inUnits(seconds);
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;
