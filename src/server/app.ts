/**
 * buildApp: the whole server as a Fastify instance, built from a Config. `main.ts` only reads
 * the environment and listens; tests build the app in-process on a random port.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AnyTRPCProcedure, TRPCRouterRecord } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Logger } from 'pino';
import { serverLogger } from './logger.js';
import WebSocket from 'ws';
import { GAME_DEFINITIONS } from '../engine/data.js';
import type { GameDefinitions } from '../engine/index.js';
import { registerChannel } from '../compat/channel.js';
import { registerGraphQL } from '../compat/graphql.js';
import { capApiRequests } from '../compat/api-limits.js';
import { registerRest } from '../compat/rest.js';
import { registerAuthRoutes } from './auth/routes.js';
import { MemoryBus, type Bus } from './bus/bus.js';
import { PgBus } from './bus/pg-bus.js';
import { clientAddress } from './client-address.js';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { jsonErrorHandler } from './http-errors.js';
import { ConnectionBudget } from './connection-limits.js';
import { wsEncoder } from './delivery/serialised-once.js';
import { isClientSocketError, limitMessages, SocketBudget } from './delivery/socket-limits.js';
import { newServer } from './http-server.js';
import { redacting } from './log-redaction.js';
import { buildServices, requestRefusal, type Services } from './services/services.js';
import { contextFor } from './trpc/context.js';
import { appRouter, type AppRouter } from './trpc/router.js';
import { MAX_REQUESTS_IN_FLIGHT } from '../shared/request-limits.js';
import { isUnexpected } from './trpc/trpc.js';
import { countHttpCalls, decodedOnce } from './trpc/http-calls.js';
import { registerWebClient } from './web-client.js';

export interface App {
  fastify: FastifyInstance;
  services: Services;
  /** Serves /channel alone, for the protocol's separate non-TLS websocket port (CHANNEL_PORT). */
  channelServer(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface BuildOptions {
  definitions?: GameDefinitions;
  now?: () => number;
  logger?: Logger;
  /** How often each websocket is pinged to check that its client reads (socket-limits.ts, READ_CHECK_MS). */
  readCheckMs?: number;
}

/** The secret for JWTs: configured, or generated on first start and kept in the database. */
async function sessionSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', 'session_secret').executeTakeFirst();
  if (row) return row.value;
  const secret = randomBytes(32).toString('base64url');
  await db.kysely.insertInto('settings').values({ key: 'session_secret', value: secret }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const stored = await db.kysely.selectFrom('settings').select('value').where('key', '=', 'session_secret').executeTakeFirstOrThrow();
  return stored.value;
}

/** A procedure of a router record (the rest are nested records); procedures are functions. */
const isProcedure = (value: AnyTRPCProcedure | TRPCRouterRecord): value is AnyTRPCProcedure => typeof value === 'function';

/** The paths of a router record's subscriptions, nested records included. */
function subscriptionPaths(record: TRPCRouterRecord, prefix = ''): string[] {
  return Object.entries(record).flatMap(([key, value]) =>
    isProcedure(value) ? (value._def.type === 'subscription' ? [prefix + key] : []) : subscriptionPaths(value, `${prefix}${key}.`),
  );
}

/** The router's subscription paths (lobbies.onList, games.onGame ...). */
const SUBSCRIPTIONS = new Set(subscriptionPaths(appRouter._def.record));

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const log = redacting(options.logger ?? serverLogger(config));
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  const bus: Bus = db.databaseUrl ? await PgBus.connect(db.databaseUrl) : new MemoryBus();
  const services = buildServices({
    config,
    db,
    bus,
    definitions: options.definitions ?? GAME_DEFINITIONS,
    sessionSecret: await sessionSecret(db, config.sessionSecret),
    log,
    now: options.now,
  });

  const budgets = {
    sockets: new SocketBudget(config.maxSocketsPerAddress, config.socketOpensPerAddress, config.trustProxy, options.now),
    connections: new ConnectionBudget(config.trustProxy ? null : config.maxConnectionsPerAddress, config.maxConnections),
  };
  const fastify = await newServer(config, log, budgets, options.readCheckMs);
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  fastify.setErrorHandler(jsonErrorHandler);

  // Every call of a tRPC HTTP request counts as it comes, before tRPC reads it (the 405 below included).
  countHttpCalls(fastify, services.requests, config.trustProxy, MAX_REQUESTS_IN_FLIGHT, appRouter._def._config);
  fastify.addHook('onRequest', async (request, reply) => {
    // Subscriptions run over the websocket only: over HTTP (server-sent events) one would hold
    // its request open with no heartbeat, and keep a graceful shutdown waiting for ever.
    const procedures = request.method === 'GET' && request.routeOptions.url?.startsWith('/trpc/') ? (request.params as { path?: string }).path : undefined;
    if (procedures && decodedOnce(procedures).split(',').some((p) => SUBSCRIPTIONS.has(p))) {
      return reply.code(405).send({ ok: false, error: 'Subscriptions are served over the websocket at /trpc only.' });
    }
    // The websocket addresses answer a plain GET with a reason, not an empty 404.
    if (request.method === 'GET' && /^\/(trpc|channel)\/?(\?|$)/.test(request.url) && request.headers.upgrade?.toLowerCase() !== 'websocket') {
      return reply.code(426).send({ ok: false, error: `${request.url.split('?')[0]} is a websocket: connect with a websocket client.` });
    }
  });
  // Every message of a tRPC socket is counted before tRPC reads it (socket-limits.ts): the calls
  // in it, here rather than by each call (trpc.ts), and its size.
  // Told by the path as the router reads it, escapes decoded: a socket opened on `/%74rpc` is
  // served by tRPC too, and was counted nowhere (trpc.ts counts an unmetered one call by call).
  fastify.websocketServer.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    if (!/^\/trpc(\/|$)/.test(decodedOnce((req.url ?? '').split('?')[0]!))) return;
    const address = clientAddress(req, config.trustProxy);
    limitMessages(socket, config.maxSubscriptionsPerSocket, SUBSCRIPTIONS, (requests) => requestRefusal(services.requests, address, requests));
  });
  await fastify.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    trpcOptions: {
      // Heartbeats close dead sockets; data serialised once for many sockets (the lobby list) is
      // written in as it is. (The fastify adapter of tRPC 11.19 passes both on to its websocket
      // handler but does not declare them in its option type, hence the spread.) A socket quiet
      // for 12 s is pinged and closed if 5 s pass with no answer: a player whose network dropped
      // shows gone to the others within about 17 s (35 s at tRPC's default 30 s). A web page that
      // hears nothing for 10 s pings first, so only a page kept busy by the game is pinged by the
      // server: a few bytes each way every 12 s.
      ...{ keepAlive: { enabled: true, pingMs: 12_000, pongWaitMs: 5_000 }, experimental_encoder: wsEncoder },
      router: appRouter,
      // A batch is one connection's requests at once (trpc.ts caps those on a websocket): a
      // bigger one is refused whole, before any of it runs.
      maxBatchSize: MAX_REQUESTS_IN_FLIGHT,
      // A JWT in the URL signs in a websocket only (the ws adapter hands over the socket as `res`).
      createContext: ({ req, res }) => contextFor(services, req, res instanceof WebSocket ? res : null),
      onError: ({ error, path: procedure }) => {
        // The cause is what failed (tRPC wraps it in an INTERNAL_SERVER_ERROR of the same message).
        // A websocket's broken frame reaches here too, as an internal error: it is the client's (socket-limits.ts).
        if (isUnexpected(error) && !isClientSocketError(error.cause)) log.error({ err: error.cause ?? error, procedure }, 'tRPC procedure failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
  registerAuthRoutes(fastify, services);
  capApiRequests(fastify, config.trustProxy, services.requests);
  registerRest(fastify, services);
  registerGraphQL(fastify, services);
  registerChannel(fastify, services);
  await registerWebClient(fastify, config.webDir);

  let closed = false;
  const extra: FastifyInstance[] = [];
  return {
    fastify,
    services,
    async channelServer() {
      const server = await newServer(config, log, budgets, options.readCheckMs);
      registerChannel(server, services);
      extra.push(server);
      return server;
    },
    async close() {
      if (closed) return;
      closed = true;
      services.quickPlay.close();
      services.idleLobbies.close();
      await services.games.close();
      await Promise.allSettled(extra.map((server) => server.close()));
      await fastify.close();
      await bus.close();
      await db.close();
    },
  };
}
