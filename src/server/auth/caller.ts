/**
 * Who is calling: the one lookup every transport uses (tRPC, the REST compat routes, GraphQL,
 * /channel and /auth), so that a request names the same user whichever door it comes through.
 *
 * Precedence, the same everywhere:
 * 1. The session cookie. If it names a live session, that session's user is the caller, and
 *    nothing else is read.
 * 2. Only on a websocket handshake (tRPC's /trpc and /channel), and only when the cookie named
 *    nobody: the `jwt` query parameter from GET /auth/jwt, for clients that cannot send cookies
 *    on a websocket. On an HTTP call a token in the URL is never read, so a leaked link is no way
 *    to act as someone. An invalid token leaves the caller anonymous and says so (`refusedJWT`),
 *    so /channel can answer 'Invalid JWT'.
 * 3. Otherwise the caller is anonymous.
 *
 * A signed-in caller's address is noted (services/shared-addresses.ts `AddressNotes`): people who
 * act from one address are not rated against each other, wherever they signed in.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddress, type AddressSource } from '../client-address.js';
import type { UserRow } from '../db/schema.js';
import type { AddressNotes } from '../services/shared-addresses.js';
import type { JwtService } from './jwt.js';
import type { SessionService } from './sessions.js';

export type Transport = 'http' | 'websocket';

export interface Caller {
  user: UserRow | null;
  /** The session the cookie names, when the caller signed in with it (not with a JWT). */
  sessionID: string | null;
  /**
   * The session the caller acts for: the cookie's, or the one its JWT was issued under. Logging it
   * out closes the caller's sockets (session-sockets.ts).
   */
  actsFor: string | null;
  /** A websocket offered a JWT, needed it (no cookie session) and it was not valid. */
  refusedJWT: boolean;
}

export async function callerOf(
  services: { sessions: SessionService; jwt: JwtService; addressNotes: AddressNotes; config: { trustProxy: boolean } },
  request: AddressSource & { url?: string | undefined },
  transport: Transport,
): Promise<Caller> {
  const caller = await callerFrom(services, request, transport);
  if (caller.user) services.addressNotes.seen(caller.user.id, clientAddress(request, services.config.trustProxy));
  return caller;
}

async function callerFrom(services: { sessions: SessionService; jwt: JwtService }, request: { headers: IncomingHttpHeaders; url?: string | undefined }, transport: Transport): Promise<Caller> {
  const token = services.sessions.tokenFrom(request.headers.cookie);
  const user = await services.sessions.validate(token);
  if (user && token) {
    const sessionID = services.sessions.idOf(token);
    return { user, sessionID, actsFor: sessionID, refusedJWT: false };
  }
  const anonymous = { user: null, sessionID: null, actsFor: null, refusedJWT: false };
  if (transport !== 'websocket' || !request.url) return anonymous;
  const jwt = new URL(request.url, 'http://localhost').searchParams.get('jwt');
  // An empty `jwt=` is no token at all.
  if (!jwt) return anonymous;
  const byToken = await services.jwt.signIn(jwt);
  return byToken ? { user: byToken.user, sessionID: null, actsFor: byToken.sessionID, refusedJWT: false } : { ...anonymous, refusedJWT: true };
}
