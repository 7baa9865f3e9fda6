/**
 * A Fastify instance with what both ports share (the main port, and CHANNEL_PORT serving
 * /channel alone): the redacting logger, timeouts, size limits, the security headers, the
 * websocket plugin and the cross-site guard. Whatever is served, on any port, gets the same protection.
 */
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { ConnectionBudget } from './connection-limits.js';
import { PER_MESSAGE_DEFLATE, deflateServerFromPool } from './delivery/socket-compression.js';
import { CLOSED_UNREAD, dropNonReaders, dropSlowReaders, isClientSocketError, READ_CHECK_MS, type SocketBudget } from './delivery/socket-limits.js';
import { coalesceServerWrites } from './delivery/socket-writes.js';
import { redactUrl } from './log-redaction.js';
import { addSecurityHeaders } from './security-headers.js';

/** The largest request body or websocket message: every legitimate one is far smaller. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The most frames one websocket message may come in. Browsers and the protocol's clients send each
 * message in one frame, and 16 carry the largest message in 4 KB pieces. A message is counted
 * among its address's requests once it is whole, and ws takes up to 16,384 frames for one: each
 * frame of a compressed message is inflated on its own (about 35 us of CPU, however small), so
 * one message of empty frames, 98 KB to send, cost the server 0.5 s before it counted once, and
 * one address's eight sockets of them kept it over a core busy (a security review, 2026-12-04).
 * Past it ws closes the socket (1008).
 */
export const MAX_MESSAGE_FRAMES = 16;

/** Cookie-authenticated writes must come from our own pages (CSRF). */
export function isCrossSite(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return false;
  try {
    const from = new URL(origin);
    return from.origin !== new URL(publicUrl).origin && from.host !== host;
  } catch {
    return true;
  }
}

/**
 * Requests are logged at debug, one line each when they end: at info a busy server's log would be
 * nothing but requests. Errors keep fastify's own levels.
 *
 * What a stranger's request alone causes is no error of ours, and no limit counts a 404 or a file
 * of the site: written at info, each would let anyone fill the disk. Fastify's own 404 (CHANNEL_PORT
 * has no page shell behind /channel) wrote the URL whole and unredacted, up to 16 KB a line (12 MB
 * of log a second from one client); a file whose client went mid-stream, a line each (470 a
 * second). Both are at debug, beside the request's own line (a security review, 2026-12-07).
 */
class QuietRequests extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug({ method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }

  /** The request's own line at debug says 404, its URL redacted. */
  override routeNotFound(): void {}

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.debug({ status: reply.statusCode }, 'stream closed prematurely');
    else super.streamError(error, request, reply);
  }
}

/** What every port of one app counts together: the per-address limits hold over all of them. */
export interface AddressBudgets {
  sockets: SocketBudget;
  connections: ConnectionBudget;
}

/**
 * `readCheckMs`: how often each websocket is pinged to check that its client reads (shorter in
 * tests, which wait for it).
 */
export async function newServer(config: Config, log: FastifyBaseLogger, { sockets, connections }: AddressBudgets, readCheckMs = READ_CHECK_MS): Promise<FastifyInstance> {
  const fastify = Fastify({
    loggerInstance: log,
    bodyLimit: MAX_BODY_BYTES,
    // A body trickled in byte by byte, or a connection opened and left idle, must not hold a
    // socket for ever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    routerOptions: { maxParamLength: 5_000 },
    logController: new QuietRequests(),
  });
  connections.watch(fastify.server);
  addSecurityHeaders(fastify);
  await fastify.register(websocket, {
    options: { maxPayload: MAX_BODY_BYTES, maxFragments: MAX_MESSAGE_FRAMES, perMessageDeflate: config.wsCompression ? PER_MESSAGE_DEFLATE : false },
    // A client's broken frame closes its socket, noted at debug level; anything else is ours, logged as an error.
    errorHandler: (error, socket, request) => {
      // A socket closed unread stopped reading with this; its own timer cuts it once its close frame has gone.
      if ((error as { code?: unknown }).code === CLOSED_UNREAD) return;
      if (isClientSocketError(error)) request.log.debug({ code: (error as { code?: string }).code }, 'websocket closed: the client broke the protocol');
      else request.log.error(error);
      socket.terminate();
    },
  });
  // Deflate streams shared by the sockets instead of one held by each (socket-compression.ts);
  // MYTHOS_WS_DEFLATE_POOL=off leaves each socket its own, to measure what sharing saves.
  if (config.wsCompression && process.env.MYTHOS_WS_DEFLATE_POOL !== 'off') deflateServerFromPool(fastify.websocketServer);
  // MYTHOS_WS_CORK=off writes each message at once, to measure what coalescing saves.
  if (process.env.MYTHOS_WS_CORK !== 'off') coalesceServerWrites(fastify.websocketServer);
  dropSlowReaders(fastify.websocketServer);
  const stopReadChecks = dropNonReaders(fastify.websocketServer, readCheckMs);
  fastify.addHook('onClose', async () => stopReadChecks());
  fastify.addHook('onRequest', async (request, reply) => {
    // A websocket handshake is a GET, but the socket then acts as the cookie's user: guard it too,
    // on every port. (This hook comes after the websocket plugin's own, so a refused handshake's
    // socket is closed.)
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !upgrade) return;
    // Every write from another site's page is refused, with a cookie or not: one without would
    // still sign a visitor in (a form posting to /auth/guest replaced their session). A socket
    // without the cookie is anonymous, or opened with a JWT, which another site cannot read.
    if ((!upgrade || request.headers.cookie) && isCrossSite(request.headers.origin, request.headers.host, config.publicUrl)) {
      return reply.code(403).type('text/plain').send('Cross-site request refused.');
    }
    if (upgrade) {
      const refusal = sockets.admit(request.raw);
      if (refusal) return reply.code(429).type('text/plain').send(refusal);
    }
  });
  return fastify;
}
