/** How times and durations read in the history and on profiles. */

const START = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A game's start: date and time in the reader's locale, e.g. "Nov 24, 2026, 5:16 AM". */
export const formatStart = (timestamp: number): string => START.format(new Date(timestamp));

/** Minutes and seconds, e.g. "12m 05s"; an hour or more stays in minutes ("75m 00s"). */
export function formatDuration(millis: number): string {
  const seconds = Math.max(0, Math.round(millis / 1000));
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** A game's duration, or null while it is still being played. */
export function gameDuration(start: number, end: number | null): string | null {
  return end === null ? null : formatDuration(end - start);
}

/** Longer spans (thinking time summed over many games): "3h 12m", "12m 05s", "45s". */
export function formatSpan(millis: number): string {
  const seconds = Math.max(0, Math.round(millis / 1000));
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
  if (seconds >= 60) return formatDuration(millis);
  return `${seconds}s`;
}
