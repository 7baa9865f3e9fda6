/**
 * Integration test support: the real app on a random port (SQLite in a temporary directory, or
 * PostgreSQL when TEST_DATABASE_URL is set), and tRPC clients signed in as guests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink, type TRPCClient } from '@trpc/client';
import { pino, type Logger } from 'pino';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, afterEach } from 'vitest';
import type { GameDefinitions } from '../../src/engine/index.js';
import { buildApp, type App } from '../../src/server/app.js';
import { configFromEnv, type Config } from '../../src/server/config.js';
import type { AppRouter } from '../../src/server/trpc/router.js';
import { TOKEN_REQUEST_HEADER } from '../../src/shared/token-header.js';
import { requestJWT } from '../compat/protocol-client.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

export interface Server {
  app: App;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** Drops every table, so a PostgreSQL-backed test starts from nothing. */
export async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

export async function startServer(
  overrides: Partial<Config> = {},
  options: { database?: 'sqlite' | 'postgres'; reset?: boolean; logger?: Logger; readCheckMs?: number; definitions?: GameDefinitions } = {},
): Promise<Server> {
  const database = options.database ?? 'sqlite';
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-test-'));
  const databaseUrl = database === 'postgres' ? TEST_DATABASE_URL : null;
  if (databaseUrl && options.reset !== false) await resetPostgres(databaseUrl);
  const config: Config = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    botDelayMs: 0,
    logLevel: 'silent',
    sessionSecret: 'test-secret',
    // Every test signs its guests in from 127.0.0.1, and many hosts open lobby after lobby: these
    // limits have tests of their own (security-limits.test.ts).
    guestLoginsPerAddress: 100_000,
    maxOpenLobbiesPerUser: 1_000,
    maxSocketsPerAddress: 100_000,
    socketOpensPerAddress: 100_000,
    maxConnectionsPerAddress: 100_000,
    subscriptionsPerAddress: 100_000,
    requestsPerAddress: 100_000,
    lobbyChangesPerUser: 100_000,
    gamesPerUserPerHour: 100_000,
    gamesPerAddressPerHour: 100_000,
    lobbiesPerAddress: 100_000,
    // Each change's list at once, as tests wait for it (security-review-6.test.ts has the interval).
    lobbyListIntervalMs: 0,
    // People from one address are rated together only here: shared-addresses.test.ts has the rule.
    rateSharedAddresses: true,
    ...overrides,
  };
  const app = await buildApp(config, { logger: options.logger ?? pino({ level: 'silent' }), readCheckMs: options.readCheckMs, definitions: options.definitions });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return { app, url, config: { ...config, publicUrl: url }, close: () => app.close() };
}

export type Client = TRPCClient<AppRouter>;

export interface Guest {
  client: Client;
  cookie: string;
  userID: string;
  name: string;
  close(): void;
}

/**
 * Signs in as a guest through POST /auth/guest and returns a tRPC client with that session;
 * `from`, the address a proxy says they come from (for a server with `trustProxy`).
 */
export async function signInGuest(server: Pick<Server, 'url'>, name: string, { from }: { from?: string } = {}): Promise<Guest> {
  const response = await fetch(`${server.url}/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({ username: name, password: 'guest', redirect: '/' }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`guest login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  // Every later call comes from the same address too (signed-in calls note theirs).
  const sentFrom: Record<string, string> = from ? { 'x-forwarded-for': from } : {};
  const jwt = await requestJWT(server.url, cookie, sentFrom);
  const { client, close } = clientFor(server, cookie, jwt, sentFrom);
  const me = await client.session.me.query();
  return { client, cookie, userID: me!.id, name: me!.name, close };
}

/**
 * A tRPC client: HTTP with the cookie (and the header that lets `session.jwt` answer it, as the
 * web client sends) and any `extraHeaders`, subscriptions over the websocket with the JWT.
 */
export function clientFor(server: Pick<Server, 'url'>, cookie: string | null, jwt: string | null, extraHeaders: Record<string, string> = {}): { client: Client; close: () => void } {
  const wsURL = `${server.url.replace('http', 'ws')}/trpc${jwt ? `?jwt=${encodeURIComponent(jwt)}` : ''}`;
  const ws = createWSClient({ url: wsURL, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket, lazy: { enabled: true, closeMs: 0 } });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: ws }),
        false: httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ [TOKEN_REQUEST_HEADER]: 'test', ...(cookie ? { cookie } : {}), ...extraHeaders }) }),
      }),
    ],
  });
  return { client, close: () => void ws.close() };
}

export function anonymous(server: Pick<Server, 'url'>): { client: Client; close: () => void } {
  return clientFor(server, null, null);
}

/** The status of a websocket handshake to `url` with `headers`: 101 when it opened (it is closed again), else the HTTP answer's. */
export function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', () => undefined);
  });
}

/**
 * For a file whose tests each start a server of their own: `start` and `signIn` as `startServer`
 * and `signInGuest`, and what they opened is closed after each test (its guests, then its server).
 */
export function closedAfterEach(): { start: typeof startServer; signIn: typeof signInGuest } {
  const servers: Server[] = [];
  const guests: Guest[] = [];
  afterEach(async () => {
    for (const guest of guests.splice(0)) guest.close();
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return {
    async start(...args) {
      const server = await startServer(...args);
      servers.push(server);
      return server;
    },
    async signIn(...args) {
      const guest = await signInGuest(...args);
      guests.push(guest);
      return guest;
    },
  };
}

/** One line a test's logger wrote, parsed: pino's level number, its message and its fields. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger at `level` that keeps every line it writes, parsed, and the whole text as written. */
export function loggedLines(level: 'debug' | 'info'): { logger: Logger; lines: LogLine[]; text: () => string } {
  const lines: LogLine[] = [];
  let raw = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += String(chunk);
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines, text: () => raw };
}

/** The lines at error level and above (pino's 50): what the server counts as its own fault. */
export const errorLines = (lines: readonly LogLine[]): LogLine[] => lines.filter((line) => line.level >= 50);

/**
 * Builds of the web client for a test's servers (`webDir`): each call a temporary folder holding
 * `files` (paths inside it, and their text), all removed after the file's or describe's tests.
 */
/** The smallest web client build: a page and its one hashed script. */
export const SMALL_WEB_CLIENT: Readonly<Record<string, string>> = {
  'assets/app-1a2b3c.js': 'console.log("mythos")',
  'index.html': '<!doctype html><title>Mythos</title><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>',
};

export function webClientBuilds(): (files: Record<string, string>) => string {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  return (files) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-web-'));
    made.push(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
}
