/**
 * Logging out closes the sockets that act for the session, on every instance.
 *
 * A websocket is signed in once, at its handshake, and then acts for as long as it is open: a
 * socket opened with a token stolen before the owner logged out would go on acting as them after.
 * So every signed-in socket (tRPC's /trpc and /channel, on every port) listens on its session's bus
 * topic, whether it was opened with the session's cookie or with a token issued under it, and
 * logging out publishes there. On PostgreSQL the bus is LISTEN/NOTIFY, so the sockets other
 * instances hold are closed too.
 */
import type { WebSocket } from 'ws';
import { sessionTopic, type Bus } from '../bus/bus.js';
import type { SessionService } from './sessions.js';

/** The close code: 4401, as websocket protocols (graphql-ws) say "unauthorized" in the private range. */
export const SESSION_ENDED_CODE = 4401;
export const SESSION_ENDED_REASON = 'Logged out: the session this socket was signed in with has ended.';

export class SessionSockets {
  constructor(
    private readonly bus: Bus,
    private readonly sessions: SessionService,
  ) {}

  /** Closes `socket` once `sessionID` ends, here or on another instance. */
  async track(sessionID: string, socket: WebSocket): Promise<void> {
    const close = () => socket.close(SESSION_ENDED_CODE, SESSION_ENDED_REASON);
    const off = this.bus.subscribe(sessionTopic(sessionID), close);
    socket.once('close', off);
    if (socket.readyState === socket.CLOSING || socket.readyState === socket.CLOSED) return off();
    // The session was alive when the socket's caller was looked up, but may have ended before the
    // subscription above, and its notice gone unheard: looked at again, now that it would be heard.
    if (!(await this.sessions.userOf(sessionID))) close();
  }

  /** The session has ended (logged out): every socket that acts for it is closed, on every instance. */
  async ended(sessionID: string): Promise<void> {
    await this.bus.publish(sessionTopic(sessionID), { sessionID });
  }
}
