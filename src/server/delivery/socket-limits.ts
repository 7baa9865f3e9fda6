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

/*
 * The calls one tRPC websocket message may carry. tRPC takes an array of calls in one message and
 * answers each: a 64 KB message held 1,232 calls, each refused (an unknown procedure, or past the
 * 8 in flight) at the cost of a whole call, 40 ms of CPU a message against 3 ms for the same bytes
 * over HTTP, so that one socket kept a core busy. The cap is the socket's most subscriptions
 * (MAX_SUBSCRIPTIONS_PER_SOCKET): a client that reconnects sends all of its subscriptions again in
 * one message, and must never meet it.
 */

/** Whether a websocket message is an array of more than `max` calls (only an array can be). */
function tooManyCalls(data: unknown, max: number): boolean {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data as Buffer[]) : Buffer.from(data as ArrayBuffer);
  let start = 0;
  while (start < bytes.length && (bytes[start] === 0x20 || bytes[start] === 0x09 || bytes[start] === 0x0a || bytes[start] === 0x0d)) start++;
  if (bytes[start] !== 0x5b) return false;
  try {
    const calls: unknown = JSON.parse(bytes.toString('utf8'));
    return Array.isArray(calls) && calls.length > max;
  } catch {
    return false; // tRPC answers what it cannot parse itself
  }
}

/** Closes a tRPC socket (1008) whose message carries more than `max` calls, before tRPC reads it. */
export function capCallsPerMessage(socket: WebSocket, max: number): void {
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'message' && tooManyCalls(args[0], max)) {
      socket.close(1008, `Too many calls in one message: at most ${max}.`);
      return false;
    }
    return emit(event, ...args);
  }) as WebSocket['emit'];
}
