/**
 * The websocket JWT (GET /auth/jwt): HS256, subject = user id, `sid` = the session it was issued
 * under, valid for 15 minutes. It is only ever a way to open a websocket without cookies: it is
 * issued only to a live session, and accepted only while that session lives, so logging out
 * kills it; it carries no weight on HTTP calls (see trpc/context.ts). A token without `exp` is
 * refused, so no token lives for ever.
 */
import { TimeSpan } from 'oslo';
import { createJWT, validateJWT } from 'oslo/jwt';
import type { UserRow } from '../db/schema.js';
import type { SessionService } from './sessions.js';

export const JWT_LIFETIME_MINUTES = 15;

export class JwtService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly sessions: SessionService,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for the user of a live session, or null if the session is over. */
  async issue(sessionID: string): Promise<string | null> {
    const user = await this.sessions.userOf(sessionID);
    if (!user) return null;
    return createJWT('HS256', this.key, { sid: sessionID }, { subject: user.id, expiresIn: new TimeSpan(JWT_LIFETIME_MINUTES, 'm'), includeIssuedTimestamp: true });
  }

  /** The user a token signs in: null if it is invalid, expired, has no `exp`, or its session ended. */
  async userOf(token: string): Promise<UserRow | null> {
    return (await this.signIn(token))?.user ?? null;
  }

  /** The user a token signs in and the session it was issued under (whose end closes its sockets), or null. */
  async signIn(token: string): Promise<{ user: UserRow; sessionID: string } | null> {
    const claims = await this.claims(token);
    if (!claims) return null;
    const user = await this.sessions.userOf(claims.sessionID);
    return user?.id === claims.userID ? { user, sessionID: claims.sessionID } : null;
  }

  /** The user id a token signs in, or null. */
  async verify(token: string): Promise<string | null> {
    return (await this.userOf(token))?.id ?? null;
  }

  private async claims(token: string): Promise<{ userID: string; sessionID: string } | null> {
    try {
      const jwt = await validateJWT('HS256', this.key, token);
      const sessionID = (jwt.payload as { sid?: unknown }).sid;
      if (jwt.expiresAt === null || !jwt.subject || typeof sessionID !== 'string') return null;
      return { userID: jwt.subject, sessionID };
    } catch {
      return null;
    }
  }
}
