/**
 * Sessions in the database behind an HTTP-only cookie. The cookie holds a random token; the
 * database holds only its SHA-256, so a leaked table does not leak sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CookieController } from 'oslo/cookie';
import { TimeSpan } from 'oslo';
import type { Database, UserRow } from '../db/schema.js';
import { cookieValue } from './cookie-value.js';

export const SESSION_COOKIE = 'mythos_session';
const SESSION_DAYS = 30;
/**
 * Expired sessions each new one deletes at most. A session is deleted when it is presented after
 * it expired, but most never are (a guest's tab closed for good): kept, every guest account ever
 * made left its session behind, 20 of them from one address in any 10 minutes. Sessions expire at
 * the pace they were made 30 days before, so a few per sign-in keep up.
 */
const SWEPT_PER_SESSION = 100;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionService {
  readonly cookie: CookieController;

  constructor(
    private readonly db: Kysely<Database>,
    secure: boolean,
    private readonly now: () => number,
  ) {
    this.cookie = new CookieController(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure }, { expiresIn: new TimeSpan(SESSION_DAYS, 'd') });
  }

  async create(userID: string): Promise<string> {
    await this.sweep();
    const token = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('sessions')
      .values({ id: hash(token), user_id: userID, expires_at: this.now() + SESSION_DAYS * 86_400_000 })
      .execute();
    return token;
  }

  /** The user of a session token, or null if it is unknown or expired. */
  async validate(token: string | null): Promise<UserRow | null> {
    return token ? this.userOf(this.idOf(token)) : null;
  }

  /**
   * A session's id: the SHA-256 of its token, what the table keys it by. It names the session
   * without being able to act as it, so websocket JWTs carry it to die with their session.
   */
  idOf(token: string): string {
    return hash(token);
  }

  /** The user of a live session, by its id; an expired session is deleted. */
  async userOf(sessionID: string): Promise<UserRow | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.expires_at')
      .where('sessions.id', '=', sessionID)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at < this.now()) {
      await this.db.deleteFrom('sessions').where('id', '=', sessionID).execute();
      await this.forgetGuestsGone([row.id]);
      return null;
    }
    const { expires_at: _, ...user } = row;
    return user;
  }

  /** Deletes the token's session; whether there was one to delete. */
  async delete(token: string | null): Promise<boolean> {
    if (!token) return false;
    const deleted = await this.db.deleteFrom('sessions').where('id', '=', this.idOf(token)).returning('user_id').execute();
    await this.forgetGuestsGone(deleted.map((row) => row.user_id));
    return deleted.length > 0;
  }

  /** Deletes up to SWEPT_PER_SESSION expired sessions, by the index on their expiry. */
  private async sweep(): Promise<void> {
    const expired = await this.db.selectFrom('sessions').select(['id', 'user_id']).where('expires_at', '<', this.now()).limit(SWEPT_PER_SESSION).execute();
    if (expired.length === 0) return;
    await this.db.deleteFrom('sessions').where('id', 'in', expired.map((row) => row.id)).execute();
    await this.forgetGuestsGone([...new Set(expired.map((row) => row.user_id))]);
  }

  /**
   * A guest signs in by its session alone: one left with none can never come back. Its chat read
   * marks (up to CHAT_READS_KEPT, which only it could see) go; whatever others see of it (its
   * name in games and messages) stays. Kept, every guest could leave 300 marks behind, 41 KB, and
   * one address make 2,880 guests a day: 118 MB a day, for good.
   */
  private async forgetGuestsGone(userIDs: readonly string[]): Promise<void> {
    if (userIDs.length === 0) return;
    await this.db
      .deleteFrom('chat_reads')
      .where('user_id', 'in', userIDs)
      .where((eb) =>
        eb.and([
          eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'chat_reads.user_id').where('users.provider', '=', 'guest')),
          eb.not(eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.user_id', '=', 'chat_reads.user_id'))),
        ]),
      )
      .execute();
  }

  /** The session token from a Cookie header (cookie-value.ts: read alone, as it was set). */
  tokenFrom(cookieHeader: string | undefined): string | null {
    return cookieValue(cookieHeader, SESSION_COOKIE);
  }
}
