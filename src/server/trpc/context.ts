/**
 * The tRPC context: who is calling (auth/caller.ts: the session cookie, or on a websocket a JWT),
 * from where, and the services every procedure is a thin adapter over. A websocket's context
 * lives as long as the socket, so it also counts the socket's subscriptions.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { callerOf } from '../auth/caller.js';
import { tokenRequestRefusal } from '../auth/token-requests.js';
import { clientAddress } from '../client-address.js';
import { closeUnread, isMetered } from '../delivery/socket-limits.js';
import type { UserRow } from '../db/schema.js';
import type { Services } from '../services/services.js';
import { countedAtDoor } from './http-calls.js';

export interface Context {
  services: Services;
  user: UserRow | null;
  isDev: boolean;
  /** The session the cookie names, when the caller signed in with it (not with a JWT). */
  sessionID: string | null;
  /** Why this call may not be given a websocket token (auth/token-requests.ts), or null. */
  tokenRefusal: string | null;
  /** The caller's address, for the per-address limits. */
  address: string;
  /**
   * Whether the call was counted among the address's requests as it came (a websocket's message:
   * socket-limits.ts `limitMessages`; an HTTP request's calls: http-calls.ts), so that it is not
   * counted again.
   */
  countedOnArrival: boolean;
  /**
   * Closes the websocket unread (1008, the reason), for a refusal that must end it: a socket
   * whose calls are refused past its address's requests (trpc.ts). Null over HTTP.
   */
  closeSocket: ((reason: string) => void) | null;
  /**
   * What this connection has open: subscriptions (a websocket's, for their cap) and queries or
   * mutations not yet answered (a websocket's, or one HTTP batch's).
   */
  connection: { subscriptions: number; inFlight: number };
}

/**
 * The context of an HTTP call, or of a websocket (`socket`) for as long as it is open: a signed-in
 * socket is closed when its session is logged out.
 */
export async function contextFor(services: Services, req: Pick<IncomingMessage, 'headers' | 'url' | 'socket'>, socket: WebSocket | null): Promise<Context> {
  const { user, sessionID, actsFor } = await callerOf(services, req, socket ? 'websocket' : 'http');
  if (socket && actsFor) await services.sessionSockets.track(actsFor, socket);
  return {
    services,
    user,
    isDev: user ? services.users.isDev(user) : false,
    sessionID,
    // A message on an open socket cannot be loaded by another page's tag; an HTTP GET can.
    tokenRefusal: socket ? null : tokenRequestRefusal(req.headers, services.config.publicUrl),
    address: clientAddress(req, services.config.trustProxy),
    countedOnArrival: socket ? isMetered(socket) : countedAtDoor(req),
    closeSocket: socket ? (reason) => closeUnread(socket, reason) : null,
    connection: { subscriptions: 0, inFlight: 0 },
  };
}
