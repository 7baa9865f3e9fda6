/**
 * The tRPC context: who is calling (auth/caller.ts: the session cookie, or on a websocket a JWT),
 * from where, and the services every procedure is a thin adapter over. A websocket's context
 * lives as long as the socket, so it also counts the socket's subscriptions.
 */
import type { IncomingMessage } from 'node:http';
import { callerOf, type Transport } from '../auth/caller.js';
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
  /**
   * What this connection has open: subscriptions (a websocket's, for their cap) and queries or
   * mutations not yet answered (a websocket's, or one HTTP batch's).
   */
  connection: { subscriptions: number; inFlight: number };
}

export async function contextFor(services: Services, req: Pick<IncomingMessage, 'headers' | 'url' | 'socket'>, transport: Transport): Promise<Context> {
  const { user, sessionID } = await callerOf(services, req, transport);
  return {
    services,
    user,
    isDev: user ? services.users.isDev(user) : false,
    sessionID,
    address: clientAddress(req, services.config.trustProxy),
    connection: { subscriptions: 0, inFlight: 0 },
  };
}
