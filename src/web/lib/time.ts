/** Short, human times for lists: "just now", "5 min ago", "3 h ago", then the date. */
export function timeAgo(timestamp: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - timestamp) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(timestamp).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/** The same, shortest: "now", "5m", "3h", then the date (for phone-width tables). */
export function timeAgoShort(timestamp: number, now = Date.now()): string {
  const long = timeAgo(timestamp, now);
  if (long === 'just now') return 'now';
  return long.replace(/ min ago$/, 'm').replace(/ h ago$/, 'h');
}
