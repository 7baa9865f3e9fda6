/**
 * Sliding-window rate limits: at most `limit` events per key (a user id, an address) in any
 * window of `windowMs`. Used for chat and guest logins; each caller words its own refusal.
 */
export class RateLimit {
  private readonly times = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Whether one more event for the key now stays within the limit. */
  allows(key: string): boolean {
    const now = this.now();
    return (this.times.get(key) ?? []).filter((t) => now - t < this.windowMs).length < this.limit;
  }

  /** Counts one event for the key. */
  record(key: string): void {
    const now = this.now();
    this.times.set(key, [...(this.times.get(key) ?? []).filter((t) => now - t < this.windowMs), now]);
    // Keys quiet for a whole window need no entry: keep the map from growing without end.
    if (this.times.size > 10_000) {
      for (const [k, times] of this.times) if (now - times[times.length - 1]! >= this.windowMs) this.times.delete(k);
    }
  }

  /** Counts the event and says true if it is within the limit; a refused event is not counted. */
  take(key: string): boolean {
    if (!this.allows(key)) return false;
    this.record(key);
    return true;
  }
}
