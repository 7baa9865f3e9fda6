/**
 * The one way tests and benchmarks make a PostgreSQL database: a database of its own on the
 * TEST_DATABASE_URL cluster, named at random, dropped when done. A database rather than a schema:
 * it also has its own LISTEN/NOTIFY channels, so no server hears another's bus, and test files
 * (and two runs at once) never touch each other's tables.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresDatabase {
  url: string;
  /** Drops the database, ending whatever is still connected to it. */
  drop(): Promise<void>;
}

async function onCluster(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The connection string of another database on the same cluster. */
export function databaseURL(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh database next to `baseUrl`'s, its name saying what it is for (`label`). */
export async function createPostgresDatabase(baseUrl: string, label = 'test'): Promise<PostgresDatabase> {
  const name = `mythos_${label.replace(/[^a-zA-Z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  await onCluster(baseUrl, `CREATE DATABASE "${name}"`);
  return { url: databaseURL(baseUrl, name), drop: () => onCluster(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
