/**
 * What one client can make the server hold in websockets. A websocket outlives every HTTP
 * timeout, so without these a stranger could open sockets until the process runs out of file
 * descriptors, or subscribe and stop reading while the server buffers everything it is sent.
 *
 * - Open websockets per address (MAX_SOCKETS_PER_ADDRESS), over every port and path (/trpc and
 *   /channel alike): the handshake past it is refused with 429.
 * - Websockets opened per address in any 10 seconds (SOCKET_OPENS_PER_ADDRESS), over every port and
 *   path too: the handshake past it is refused with 429.
 * - Bytes waiting to be written to one socket: a client that stops reading is dropped once what
 *   it has not taken passes MAX_BUFFERED_BYTES, instead of growing the server's memory (and once
 *   its messages waiting to be deflated pass four times that); and within READ_CHECK_MS or two
 *   of when it stopped, however little it was sent since.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WebSocket, WebSocketServer } from 'ws';
import { clientAddress } from '../client-address.js';
import { OpenCounts } from '../open-counts.js';
import { RateLimit } from '../services/rate-limit.js';

/** More than any real update needs (a whole game is tens of kilobytes), little for an attacker. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The window of SOCKET_OPENS_PER_ADDRESS. */
const OPENS_WINDOW_MS = 10_000;

/** Open websockets per address, and websockets opened per address, shared by every port one app serves. */
export class SocketBudget {
  private readonly open = new OpenCounts();
  /**
   * Each handshake costs 0.3 to 1 ms of CPU (the upgrade, tRPC's context, the socket's set-up),
   * and a socket closed gives its open place back at once: one address opened and closed 5,400 in
   * 4 s, never more than 8 at a time (a security review, 2026-12-04). A page opens one, and opens
   * it again after a drop: the limit leaves room for each of `maxPerAddress` to do so twice.
   */
  private readonly opened: RateLimit;

  constructor(
    readonly maxPerAddress: number,
    opensPerAddress: number,
    private readonly trustProxy: boolean,
    now: () => number = Date.now,
  ) {
    this.opened = new RateLimit(opensPerAddress, OPENS_WINDOW_MS, now);
  }

  /**
   * Counts a websocket handshake against its address: among those it opened in the window, and
   * as open until its connection closes (whether the upgrade then succeeds or not). Returns null,
   * or the refusal to answer with when the address is at either limit; a refused handshake counts
   * in neither, so a page retrying while its address holds its most sockets is let in once one closes.
   */
  admit(req: IncomingMessage): string | null {
    const address = clientAddress(req, this.trustProxy);
    if (!this.opened.allows(address)) return `Too many websockets opened from this address: at most ${this.opened.limit} in 10 seconds. Wait a moment.`;
    if (!this.open.take(address, this.maxPerAddress)) return `Too many open websockets from this address: at most ${this.maxPerAddress}.`;
    this.opened.record(address);
    req.socket.once('close', () => this.open.release(address));
    return null;
  }
}

/**
 * How many times MAX_BUFFERED_BYTES a socket's messages may come to while they wait to be
 * deflated: that queue is the server's own backlog (deflating is the thread pool's work, bounded by
 * the subscriptions a socket may hold), not the reader's.
 */
const QUEUED_TO_DEFLATE_FACTOR = 4;

/** ws keeps a socket's connection in a field its types do not declare. */
interface WithConnection {
  _socket?: { writableLength: number; writableCorked?: number } | null;
}

/**
 * Drops a socket whose reader has fallen more than `maxBuffered` bytes behind, at its next send:
 * judged by the bytes written to its connection and not yet taken by the network. ws's
 * `bufferedAmount` also counts the messages still waiting to be deflated, at their size before:
 * eight finished games subscribed at once (145 KB each) passed 1 MB there, and a socket that read
 * everything at once was dropped as a slow reader. Those are bounded apart, at four times as much.
 * So are the messages sent earlier in the same event-loop turn: the connection is corked for the
 * turn (socket-writes.ts), so they wait on it too until the turn ends, whatever the reader does.
 * Counted as unread, they dropped a client that did not deflate (WS_COMPRESSION=off, or a client
 * that does not ask for it) as it subscribed to fourteen finished games at once, reading as fast as it
 * could (a security review, 2026-12-05).
 */
export function dropSlowReader(socket: WebSocket, maxBuffered = MAX_BUFFERED_BYTES): void {
  const send = socket.send.bind(socket);
  /** What waited on the connection when this turn's first message was sent: the reader's part. */
  let unread = 0;
  socket.send = ((...args: Parameters<WebSocket['send']>) => {
    const connection = (socket as unknown as WithConnection)._socket;
    // Not corked: the turn's first message (or writes are not coalesced), and all that waits is unread.
    if (!connection?.writableCorked) unread = connection?.writableLength ?? socket.bufferedAmount;
    if (unread > maxBuffered || socket.bufferedAmount > maxBuffered * QUEUED_TO_DEFLATE_FACTOR) {
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

/** How often every websocket is pinged to check that its client still reads. */
export const READ_CHECK_MS = 30_000;

/**
 * Cuts every socket whose client has stopped reading, whatever it sends: each is pinged every
 * `intervalMs` with a random payload, and one that has not sent that payload back by the next ping
 * is cut. A client that does not read cannot see the ping behind what it has not read; browsers
 * and ws answer pings by themselves. The slow-reader bound above acts only at a send, and a
 * finished game's watcher is sent nothing more; tRPC's keep-alive pings only a socket quiet for
 * 12 s, and anything the client sends puts it off (an unasked PONG every few seconds, free when it
 * follows the server's PING): such a socket held 800 KB of the server's memory, and 3.8 MB more in
 * the kernel, for as long as its client kept writing (a security review, 2026-12-05). Returns what
 * stops the checks.
 */
export function dropNonReaders(server: WebSocketServer, intervalMs = READ_CHECK_MS): () => void {
  /** Each socket's last ping, until its answer comes. */
  const unanswered = new WeakMap<WebSocket, Buffer>();
  server.on('connection', (socket: WebSocket) => {
    socket.on('pong', (data: Buffer) => {
      if (unanswered.get(socket)?.equals(data)) unanswered.delete(socket);
    });
  });
  const checks = setInterval(() => {
    for (const socket of server.clients) {
      if (socket.readyState !== socket.OPEN) continue;
      if (unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      const payload = randomBytes(8);
      unanswered.set(socket, payload);
      socket.ping(payload);
    }
  }, intervalMs);
  checks.unref();
  return () => clearInterval(checks);
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
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE' || code === CLOSED_UNREAD);
}

/** How long a socket closed unread is kept for its close frame to reach the client. */
const CLOSE_FRAME_MS = 500;

/**
 * The error a socket closed unread stops inflating with (`closeUnread`): the client's doing, and
 * the socket is cut by closeUnread's own timer, once its close frame has gone.
 */
export const CLOSED_UNREAD = 'MYTHOS_CLOSED_UNREAD';

/** ws keeps a socket's permessage-deflate (which inflates what the client sends) in a field its types do not declare. */
interface WithExtensions {
  _extensions?: Record<string, { decompress(data: Buffer, fin: boolean, callback: (error: Error | null) => void): void } | undefined>;
}

/** The sockets closed unread, each closed once. */
const closing = new WeakSet<WebSocket>();

/**
 * Closes a socket (1008, `reason`) and reads nothing more from it. Closed alone, it went on
 * inflating and reading what its client kept sending until the closing handshake ended: a client
 * that reconnected and sent again kept a core busy all the same. Paused, its client's sends wait
 * on the network; the connection is cut once the close frame has had time to go.
 *
 * What ws had read before the pause (100 KB or so) it would still take apart, message by message,
 * and a compressed message is inflated on its own, however small (about 100 us of CPU for a few
 * bytes): a socket refused at its first message still cost 0.8 s of CPU, one for each 80 KB its
 * client sent at once (a security review, 2026-12-04). So its next inflation fails instead, and
 * ws stops reading there.
 */
export function closeUnread(socket: WebSocket, reason: string): void {
  if (closing.has(socket)) return;
  closing.add(socket);
  socket.close(1008, reason);
  socket.pause();
  const deflate = (socket as unknown as WithExtensions)._extensions?.['permessage-deflate'];
  if (deflate) {
    deflate.decompress = (_data, _fin, callback) => {
      const stopped = Object.assign(new Error('Closed unread: nothing more is read from this socket.'), { code: CLOSED_UNREAD });
      setImmediate(() => callback(stopped));
    };
  }
  setTimeout(() => socket.terminate(), CLOSE_FRAME_MS).unref();
}

/**
 * A message's bytes that count as one more of its address's requests. Reading a message costs by
 * its size, however it is answered: 0.5 to 2.7 ms of CPU for one of 60 KB (measured 2026-12-01),
 * where one of a few hundred bytes costs microseconds; and compressed, 60 KB of junk crossed the
 * wire as 100 bytes. /channel and /trpc both count by it.
 */
const MESSAGE_BYTES_PER_REQUEST = 16 * 1024;

/** The requests a message's size counts as beyond its calls: one for each whole 16 KB. */
export const sizeRequests = (bytes: number): number => Math.floor(bytes / MESSAGE_BYTES_PER_REQUEST);

/**
 * tRPC's keep-alive words. A PING asks the server for a PONG, and counts as a request (the web
 * client sends one after 10 s of silence). A PONG that answers the server's own PING (sent after
 * 12 s of silence) costs nothing; any other counts as a request: uncounted, one anonymous socket
 * sent 2.9 million in 3 s and kept a core busy, and compressed (each inflated on its own) 4 MB of
 * them kept it busy for 24 s (a security review, 2026-12-04).
 */
const KEEP_ALIVE = new Set(['PING', 'PONG']);

/**
 * What a tRPC websocket message asks of the server: its calls (one message may carry an array),
 * and those of them that count among the address's requests: a query's, a mutation's, a
 * subscription's stop, or a call the server cannot serve (an unknown procedure, a subscription of
 * a path that is no subscription, a message that is not JSON), each answered or handled at a
 * call's cost. Subscriptions of the router's subscription paths (`subscriptions`) are limited
 * apart (their own caps per socket and per address), and counted here only when refused (trpc.ts).
 * A client's PING counts: the server answers each.
 */
function callsOf(bytes: Buffer, subscriptions: ReadonlySet<string>, pingUnanswered: boolean): { all: number; counted: number; pong: boolean } {
  const text = bytes.toString('utf8');
  if (KEEP_ALIVE.has(text)) {
    const pong = text === 'PONG';
    return { all: 0, counted: pong && pingUnanswered ? 0 : 1, pong };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { all: 1, counted: 1, pong: false }; // tRPC answers it with a parse error
  }
  const calls = Array.isArray(parsed) ? parsed : [parsed];
  const counted = calls.filter((call) => {
    const { method, params } = (call ?? {}) as { method?: unknown; params?: { path?: unknown } | null };
    if (method !== 'subscription') return true;
    // tRPC refuses a subscription of a path that is not one (NOT_FOUND), at a call's cost.
    const path = params?.path;
    return typeof path !== 'string' || !subscriptions.has(path);
  }).length;
  return { all: calls.length, counted, pong: false };
}

/** The sockets whose messages `limitMessages` counts. */
const metered = new WeakSet<WebSocket>();

/**
 * Whether `socket`'s messages are counted as they come: a tRPC socket opened by a spelling of its
 * path the server did not meter is counted call by call instead (trpc.ts), never not at all.
 */
export const isMetered = (socket: WebSocket): boolean => metered.has(socket);

/**
 * Each tRPC websocket message is counted before tRPC reads it (`subscriptions`: the router's
 * subscription paths, whose calls are limited apart):
 * - **Its calls, at most `maxCalls`.** tRPC takes an array of calls in one message and answers
 *   each: a 64 KB message held 1,232 calls, each refused (an unknown procedure, or past the 8 in
 *   flight) at a whole call's cost, 40 ms of CPU a message, so that one socket kept a core busy.
 *   The cap is the socket's most subscriptions (MAX_SUBSCRIPTIONS_PER_SOCKET): a client that
 *   reconnects sends all of its subscriptions again in one message, and must never meet it.
 * - **Among its address's requests** (`charge`): each query, mutation, subscription stop, PING,
 *   PONG the server did not ask for, or call that cannot be served, and one more for each whole
 *   16 KB. Calls of unknown procedures and messages that were not JSON counted nowhere: two
 *   sockets of them kept a core 96% busy, with no account; then subscriptions of unknown paths,
 *   stops and PINGs, each answered or handled at a call's cost, still counted nowhere (six
 *   anonymous sockets had 93,700 refusals answered in 10 s and were never closed).
 * Past either the socket is closed (1008) with the reason: a socket that kept sending past its
 * refusals would keep costing what reading its messages costs.
 */
export function limitMessages(socket: WebSocket, maxCalls: number, subscriptions: ReadonlySet<string>, charge: (requests: number) => string | null): void {
  metered.add(socket);
  // Whether the server's last PING (tRPC's keep-alive) still waits for its PONG, which is then free.
  let pingUnanswered = false;
  const send = socket.send.bind(socket);
  socket.send = ((...args: Parameters<WebSocket['send']>) => {
    if (args[0] === 'PING') pingUnanswered = true;
    send(...args);
  }) as WebSocket['send'];
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'message') return emit(event, ...args);
    const data = args[0];
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data as Buffer[]) : Buffer.from(data as ArrayBuffer);
    const calls = callsOf(bytes, subscriptions, pingUnanswered);
    if (calls.pong) pingUnanswered = false;
    if (calls.all > maxCalls) {
      socket.close(1008, `Too many calls in one message: at most ${maxCalls}.`);
      return false;
    }
    const cost = calls.counted + sizeRequests(bytes.length);
    const refusal = cost > 0 ? charge(cost) : null;
    if (refusal) {
      closeUnread(socket, refusal);
      return false;
    }
    return emit(event, ...args);
  }) as WebSocket['emit'];
}
