/**
 * Sliding-window rate limits: at most `limit` events per key (a user id, an address) in any
 * window of `windowMs`. Used for chat, guest logins, lobby changes, subscriptions and requests;
 * each caller words its own refusal.
 *
 * Each key keeps the times of its events in the window, oldest first: an event drops the expired
 * ones from the front, so checking costs what expired, not the whole window (the request limit
 * allows hundreds per window).
 */
export class RateLimit {
  private readonly times = new Map<string, number[]>();
  /** When the map may next be swept of quiet keys. */
  private nextSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** The key's times within the window, expired ones dropped (the array is the map's own). */
  private current(key: string, now: number): number[] | undefined {
    const times = this.times.get(key);
    if (!times) return undefined;
    let expired = 0;
    // A clock stepped back leaves later times first: they count until they fall out of the window.
    while (expired < times.length && now - times[expired]! >= this.windowMs) expired++;
    if (expired > 0) times.splice(0, expired);
    return times;
  }

  /** Whether `count` more events for the key now stay within the limit. */
  allows(key: string, count = 1): boolean {
    return (this.current(key, this.now())?.length ?? 0) + count <= this.limit;
  }

  /** Counts `count` events for the key (a costly one counted as several). */
  record(key: string, count = 1): void {
    const now = this.now();
    let times = this.current(key, now);
    if (!times) this.times.set(key, (times = []));
    for (let i = 0; i < count; i++) times.push(now);
    // Keys quiet for a whole window need no entry: keep the map from growing without end. Swept
    // at most once a window: swept at every event while more than 10,000 keys were in use, each
    // event walked them all (150 us of CPU at 10,000 keys, 480 us at 50,000, against 0.5 us), and
    // a /48 of IPv6 holds 65,536 addresses' keys (client-address.ts counts each /64).
    if (this.times.size > 10_000 && now >= this.nextSweep) {
      this.nextSweep = now + this.windowMs;
      for (const [k, kept] of this.times) if (now - kept[kept.length - 1]! >= this.windowMs) this.times.delete(k);
    }
  }

  /** Counts the event (as `count`) and says true if it is within the limit; a refused event is not counted. */
  take(key: string, count = 1): boolean {
    if (!this.allows(key, count)) return false;
    this.record(key, count);
    return true;
  }
}
