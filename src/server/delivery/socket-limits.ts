/**
 * What one client can make the server hold in websockets. A websocket outlives every HTTP
 * timeout, so without these a stranger could open sockets until the process runs out of file
 * descriptors, or subscribe and stop reading while the server buffers everything it is sent.
 *
 * - Open websockets per address (MAX_SOCKETS_PER_ADDRESS), over every port and path (/trpc and
 *   /channel alike): the handshake past it is refused with 429.
 * - Bytes waiting to be written to one socket: a client that stops reading is dropped once what
 *   it has not taken passes MAX_BUFFERED_BYTES, instead of growing the server's memory.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket, WebSocketServer } from 'ws';
import { clientAddress } from '../client-address.js';
import { OpenCounts } from '../open-counts.js';

/** More than any real update needs (a whole game is tens of kilobytes), little for an attacker. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Open websockets per address, shared by every port one app serves. */
export class SocketBudget {
  private readonly open = new OpenCounts();

  constructor(
    readonly maxPerAddress: number,
    private readonly trustProxy: boolean,
  ) {}

  /**
   * Counts a websocket handshake against its address until its connection closes (whether the
   * upgrade then succeeds or not). Returns null, or the refusal to answer with when the address
   * is at its limit.
   */
  admit(req: IncomingMessage): string | null {
    const address = clientAddress(req, this.trustProxy);
    if (!this.open.take(address, this.maxPerAddress)) return `Too many open websockets from this address: at most ${this.maxPerAddress}.`;
    req.socket.once('close', () => this.open.release(address));
    return null;
  }
}

/** Drops a socket whose reader has fallen more than `maxBuffered` bytes behind, at its next send. */
export function dropSlowReader(socket: WebSocket, maxBuffered = MAX_BUFFERED_BYTES): void {
  const send = socket.send.bind(socket);
  socket.send = ((...args: Parameters<WebSocket['send']>) => {
    if (socket.bufferedAmount > maxBuffered) {
      socket.terminate();
      return;
    }
    send(...args);
  }) as WebSocket['send'];
}

/** Every socket the server accepts (tRPC's and /channel's alike). */
export function dropSlowReaders(server: WebSocketServer, maxBuffered = MAX_BUFFERED_BYTES): void {
  server.on('connection', (socket: WebSocket) => dropSlowReader(socket, maxBuffered));
}

/**
 * Whether an error on a websocket is its client's doing, not a fault of ours: a frame that breaks
 * the protocol (ws names those `WS_ERR_*`: a reserved bit set, an unmasked frame, one over
 * `maxPayload`, too many fragments) or a connection the client cut. Such a socket is closed and
 * its error kept out of the error log: logged with its stack, each bad frame was a line anyone
 * could write without signing in, 1,200 to 2,300 of them a second from one address.
 */
export function isClientSocketError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE');
}
