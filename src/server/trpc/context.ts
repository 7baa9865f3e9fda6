/**
 * The tRPC context: who is calling (from the session cookie, or on a websocket a JWT), from
 * where, and the services every procedure is a thin adapter over. A websocket's context lives as
 * long as the socket, so it also counts the socket's subscriptions.
 */
import type { IncomingMessage } from 'node:http';
import { clientAddress } from '../client-address.js';
import type { UserRow } from '../db/schema.js';
import type { Services } from '../services/services.js';

export interface Context {
  services: Services;
  user: UserRow | null;
  isDev: boolean;
  /** The session the cookie names, when the caller signed in with it (not with a JWT). */
  sessionID: string | null;
  /** The caller's address, for the per-address limits. */
  address: string;
  /** Subscriptions open on this connection (a websocket's, for its cap). */
  connection: { subscriptions: number };
}

export type Transport = 'http' | 'websocket';

export async function contextFor(services: Services, req: Pick<IncomingMessage, 'headers' | 'url' | 'socket'>, transport: Transport): Promise<Context> {
  const token = services.sessions.tokenFrom(req.headers.cookie);
  let user = await services.sessions.validate(token);
  const sessionID = user && token ? services.sessions.idOf(token) : null;
  if (!user && transport === 'websocket' && req.url) {
    // A websocket client without cookies may pass the JWT from /auth/jwt as a query parameter.
    // Only a websocket: on an HTTP call a token in the URL would make a leaked link a way to act.
    const jwt = new URL(req.url, 'http://localhost').searchParams.get('jwt');
    user = jwt ? await services.jwt.userOf(jwt) : null;
  }
  return {
    services,
    user,
    isDev: user ? services.users.isDev(user) : false,
    sessionID,
    address: clientAddress(req, services.config.trustProxy),
    connection: { subscriptions: 0 },
  };
}
