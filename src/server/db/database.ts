/**
 * Opens the database: PostgreSQL when a URL is given, else an SQLite file under the data
 * directory (zero set-up). Migrations run here, before the app serves anything.
 */
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import { refuse } from '../services/errors.js';
import { prepareDatabaseFile } from './data-files.js';
import { MIGRATIONS } from './migrations.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** For the realtime bus on PostgreSQL (LISTEN/NOTIFY needs its own connections). */
  databaseUrl: string | null;
  /**
   * The SQLite connection under kysely (null on PostgreSQL), for the game log's prepared
   * statements. Use it only while holding kysely's connection (`kysely.connection()`), so its
   * statements never land inside a kysely transaction that is waiting on an await.
   */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

// PostgreSQL returns bigint columns as strings by default; our times fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/** The refusal of a query that would look up or store text holding a NUL character. */
export const NUL_REFUSED = 'Nothing here holds a NUL character (U+0000): take it out of what you send.';

/**
 * Refuses, before it is sent, a query with a text parameter that holds a NUL character (U+0000).
 * PostgreSQL's text cannot hold one and fails the query, so an id sent with one (`games.state` of
 * "g_\u0000", REST's `/api/game/g_%00/state`, a Play now pressID) was a server fault, logged with
 * its stack: one address made 598 of them in 10 s, 1.6 MB of error log. Nothing the server stores
 * holds one (names and messages lose their control characters first, JSON escapes them), so such
 * a value is the caller's mistake, said in one sentence, on both databases alike.
 */
async function refusingNul(connection: DatabaseConnection): Promise<void> {
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = (query) => {
    for (const value of query.parameters) if (typeof value === 'string' && value.includes('\u0000')) throw refuse('BAD_REQUEST', NUL_REFUSED);
    return execute(query);
  };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string; file?: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL drops (a restart, an administrator) is an 'error' on the
    // pool, which would crash the process unheard; the pool discards it and the next query connects.
    pool.on('error', () => undefined);
    // A connection lent out and idle (between two queries of a transaction) has no listener of the
    // pool's, and its end is an 'error' event on it: heard here, the transaction's next query fails
    // instead, where its caller hears it.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool, onCreateConnection: refusingNul }) });
    return { kysely, dialect: 'postgres', databaseUrl: options.databaseUrl, sqlite: null, close: () => kysely.destroy() };
  }
  // Created private to the server's account before SQLite opens it (its -wal and -shm take its mode).
  const sqlite = new SQLite(prepareDatabaseFile(options.dataDir, options.file));
  // WAL keeps readers off the writer's back; NORMAL sync survives a killed process (not a power cut).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite), onCreateConnection: refusingNul }) });
  return { kysely, dialect: 'sqlite', databaseUrl: null, sqlite, close: () => kysely.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * kysely's SQLite driver prepares every query afresh; the same few statements run on every move,
 * so prepared statements are kept by their SQL text (a statement can be run again and again).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = sqlite.prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The schema a PostgreSQL connection works in (the first of its search_path that exists). */
async function currentSchema(db: Db): Promise<string | null> {
  if (db.dialect !== 'postgres') return null;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? null;
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator looks for its own tables in every schema of the database; pinned to
  // the connection's schema, a DATABASE_URL that picks a schema (search_path) is not misled by
  // another schema's migration tables.
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
