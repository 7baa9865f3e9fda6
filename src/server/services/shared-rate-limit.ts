/**
 * Rate limits that hold across server instances. With SQLite there is one server, and the limit
 * is kept in its memory (`RateLimit`). On PostgreSQL several instances may serve one site behind
 * a load balancer: counted in each process, a flood spread over N instances would get N times
 * the limit, so these limits are kept in the database, one row per key, `rate_limits`.
 *
 * A row holds the times of the key's events within the window (the same sliding window as
 * `RateLimit`, at most `limit` of them). One statement takes an event: it inserts the row, or
 * locks the existing one (INSERT ... ON CONFLICT DO UPDATE waits for a concurrent take of the same
 * key and sees its result), drops the expired times and appends the new one if there is room.
 * Two instances taking the last place at once cannot both have it. The times are kept as the
 * text of a PostgreSQL array, so the table is one schema on both databases.
 *
 * Used for sign-ins (guest accounts, a provider's), lobby changes, lobbies opened, games started,
 * Play now's presses, chat messages, and a player's presence reports and pages of their game
 * opened (services.ts): each is one more statement beside the writes those actions make anyway.
 * The per-address request and subscription rates are on every request, and stay per instance
 * (docs/security.md says why).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { RateLimit } from './rate-limit.js';

export interface Limiter {
  readonly limit: number;
  /** Counts the event and says true if it is within the limit; a refused event is not counted. */
  take(key: string): Promise<boolean>;
}

/** One process's memory: for SQLite, where one server is all there is. */
class MemoryLimiter implements Limiter {
  private readonly window: RateLimit;
  readonly limit: number;

  constructor(limit: number, windowMs: number, now: () => number) {
    this.window = new RateLimit(limit, windowMs, now);
    this.limit = limit;
  }

  take(key: string): Promise<boolean> {
    return Promise.resolve(this.window.take(key));
  }
}

/** Expired rows are swept after this many takes by one limiter (a row per key would otherwise stay for ever). */
const SWEEP_EVERY = 500;

class DatabaseLimiter implements Limiter {
  private takes = 0;

  constructor(
    private readonly db: Db,
    /** Which limit the rows belong to: one table holds them all. */
    private readonly scope: string,
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  async take(key: string): Promise<boolean> {
    if (this.limit <= 0) return false;
    const now = this.now();
    const after = now - this.windowMs;
    const expires = now + this.windowMs;
    if (++this.takes % SWEEP_EVERY === 0) await sql`delete from rate_limits where expires_at < ${now}`.execute(this.db.kysely);
    const current = sql`(select coalesce(array_agg(t order by t), '{}') from unnest(rate_limits.times::bigint[]) as t where t > ${after})`;
    const room = sql`cardinality(${current}) < ${this.limit}`;
    const { rows } = await sql<{ allowed: number }>`
      insert into rate_limits (scope, key, times, allowed, expires_at)
      values (${this.scope}, ${key}, ${`{${now}}`}, 1, ${expires})
      on conflict (scope, key) do update set
        allowed = case when ${room} then 1 else 0 end,
        times = (case when ${room} then ${current} || ${now}::bigint else ${current} end)::text,
        expires_at = case when ${room} then ${expires} else rate_limits.expires_at end
      returning allowed`.execute(this.db.kysely);
    return rows[0]?.allowed === 1;
  }
}

/** A limit of `limit` events per key in any `windowMs`, shared by every instance on PostgreSQL. */
export function sharedRateLimit(db: Db, scope: string, limit: number, windowMs: number, now: () => number): Limiter {
  return db.dialect === 'postgres' ? new DatabaseLimiter(db, scope, limit, windowMs, now) : new MemoryLimiter(limit, windowMs, now);
}
