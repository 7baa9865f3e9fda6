/**
 * Runs a server suite on both databases: `describe.each(DATABASES)` plus `useServer(database)`.
 *
 * PostgreSQL isolation: vitest runs test files in parallel, and `resetPostgres` (support.ts) drops
 * the shared `public` schema, so two files resetting it at once would pull tables from under each
 * other. Instead every PostgreSQL server here gets a database of its own on the TEST_DATABASE_URL
 * cluster, named at random, created before the server starts and dropped when it closes. A
 * database rather than a schema (`?options=-c search_path=...`): a database also has its own
 * LISTEN/NOTIFY channels, so no server hears another's `lobby_list`, and kysely's migrator looks
 * for its tables across every schema of a database. Files (and servers within a file) never share
 * anything, so they run in parallel, and even two test runs at once cannot collide.
 *
 * Without TEST_DATABASE_URL the PostgreSQL half is skipped, each of its tests marked skipped with
 * the reason, and the reason printed once per test run. CI sets the variable, so there it runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../../src/server/config.js';
import { createPostgresDatabase as createDatabase, type PostgresDatabase } from '../support/postgres.js';
import { signInGuest, startServer, TEST_DATABASE_URL, type Guest, type Server } from './support.js';

export const DATABASES = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASES)[number];

export const POSTGRES_SKIPPED = 'TEST_DATABASE_URL not set: PostgreSQL tests skipped';

/** Prints the skip reason once per run: test files run in worker processes of one vitest process. */
function warnSkippedOnce(): void {
  const marker = path.join(os.tmpdir(), `mythos-pg-skipped-${process.ppid}`);
  try {
    fs.writeFileSync(marker, '', { flag: 'wx' });
  } catch {
    return;
  }
  console.warn(POSTGRES_SKIPPED);
}

export function isSkipped(database: DatabaseKind): boolean {
  return database === 'postgres' && TEST_DATABASE_URL === null;
}

/** A fresh PostgreSQL database for one server; dropping it also ends what is left connected. */
export const createPostgresDatabase = (): Promise<PostgresDatabase> => createDatabase(TEST_DATABASE_URL!);

/** A server on the given database; on PostgreSQL in a fresh database that is dropped on close. */
export async function startOn(database: DatabaseKind, overrides: Partial<Config> = {}): Promise<Server> {
  if (database === 'sqlite') return startServer(overrides, { database: 'sqlite' });
  const created = await createPostgresDatabase();
  let server: Server;
  try {
    server = await startServer({ ...overrides, databaseUrl: created.url }, { database: 'postgres', reset: false });
  } catch (error) {
    await created.drop();
    throw error;
  }
  return {
    ...server,
    async close() {
      await server.close();
      await created.drop();
    },
  };
}

export interface TwoInstances {
  a: Server;
  b: Server;
  /** Closes both servers, then drops their database. */
  close(): Promise<void>;
}

/**
 * Two servers on one fresh PostgreSQL database: two instances of a scale-out deployment, sharing its
 * tables and its LISTEN/NOTIFY bus. `start` makes each from the shared settings (by default the
 * tests' server on PostgreSQL).
 */
export async function startTwoInstances(
  overrides: Partial<Config> = {},
  start: (overrides: Partial<Config>) => Promise<Server> = (settings) => startServer(settings, { database: 'postgres', reset: false }),
): Promise<TwoInstances> {
  const created = await createPostgresDatabase();
  const started: Server[] = [];
  const close = async () => {
    await Promise.all(started.map((server) => server.close()));
    await created.drop();
  };
  try {
    for (let i = 0; i < 2; i++) started.push(await start({ ...overrides, databaseUrl: created.url }));
  } catch (error) {
    await close();
    throw error;
  }
  return { a: started[0]!, b: started[1]!, close };
}

export interface Suite<T> {
  server: Server;
  data: T;
}

/**
 * Starts a server (and the suite's fixtures, from `setup`) before the suite's tests and closes it
 * after them; on a skipped database, marks each test skipped instead.
 */
export function useServer<T = undefined>(
  database: DatabaseKind,
  options: {
    /** The config overrides, or a function giving them once the suite's earlier hooks have run. */
    config?: Partial<Config> | (() => Partial<Config>);
    setup?: (server: Server) => Promise<T>;
    teardown?: (data: T) => void | Promise<void>;
  } = {},
): () => Suite<T> {
  let suite: Suite<T> | null = null;
  beforeAll(async () => {
    if (isSkipped(database)) return warnSkippedOnce();
    const server = await startOn(database, typeof options.config === 'function' ? options.config() : options.config);
    suite = { server, data: (await options.setup?.(server)) as T };
  });
  beforeEach((context) => {
    if (isSkipped(database)) context.skip(POSTGRES_SKIPPED);
  });
  afterAll(async () => {
    if (!suite) return;
    await options.teardown?.(suite.data);
    await suite.server.close();
  });
  return () => {
    if (!suite) throw new Error('the server is not running');
    return suite;
  };
}

/**
 * Servers and guests a test starts for itself (each with its own settings), closed after each
 * test: `serve` and `guest` make them, `closeLater` takes any other client to close, and
 * `stopLast` closes everything opened so far and the last server started, mid-test: the first
 * half of a restart (a new server on its data directory is the second).
 */
export function perTest() {
  const servers: Server[] = [];
  const closers: (() => void)[] = [];
  const closeOpened = () => {
    for (const close of closers.splice(0)) close();
  };
  afterEach(async () => {
    closeOpened();
    for (const server of servers.splice(0)) await server.close();
  });
  return {
    async serve(overrides: Parameters<typeof startServer>[0]): Promise<Server> {
      const server = await startServer(overrides);
      servers.push(server);
      return server;
    },
    async guest(server: Server, name: string): Promise<Guest> {
      const made = await signInGuest(server, name);
      closers.push(() => made.close());
      return made;
    },
    closeLater(close: () => void): void {
      closers.push(close);
    },
    async stopLast(): Promise<void> {
      closeOpened();
      await servers.pop()!.close();
    },
  };
}
