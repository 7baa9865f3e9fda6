/**
 * A database as an older release left it, for one migration's test: data is written into it the
 * way that release wrote it, then the migration runs as the next release's start would run it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type MigrationResultSet } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import { MIGRATIONS } from '../../src/server/db/migrations.js';
import { createPostgresDatabase, type DatabaseKind } from './databases.js';

export interface OlderDatabase {
  kysely: Db['kysely'];
  /** Runs the migrations after the older release's: up to and including `through`, or all of them. */
  upgrade(through?: string): Promise<void>;
  /** Undoes the migration the database was opened before, and every one after it. */
  downgrade(): Promise<void>;
  /** Closes the database (on PostgreSQL, drops it). */
  close(): Promise<void>;
}

const NAMES = Object.keys(MIGRATIONS);

function indexOf(migration: string): number {
  const index = NAMES.indexOf(migration);
  if (index < 1) throw new Error(`no migration before ${migration}: the test would start from nothing`);
  return index;
}

/** A migrator that knows only the first `count` migrations: the release that shipped with them. */
function releaseWith(db: Db, count: number): Migrator {
  return new Migrator({ db: db.kysely, provider: { getMigrations: async () => Object.fromEntries(NAMES.slice(0, count).map((name) => [name, MIGRATIONS[name]!])) } });
}

async function check(run: Promise<MigrationResultSet>): Promise<void> {
  const { error } = await run;
  if (error) throw error;
}

/** A database (SQLite, or a fresh PostgreSQL one) migrated up to, not including, `migration`. */
export async function databaseBefore(database: DatabaseKind, migration: string): Promise<OlderDatabase> {
  const before = indexOf(migration);
  const created = database === 'postgres' ? await createPostgresDatabase() : null;
  const db = openDatabase({ databaseUrl: created?.url ?? null, dataDir: mkdtempSync(join(tmpdir(), 'mythos-migration-')) });
  const close = async () => {
    await db.kysely.destroy();
    await created?.drop();
  };
  try {
    await check(releaseWith(db, before).migrateToLatest());
  } catch (error) {
    await close();
    throw error;
  }
  return {
    kysely: db.kysely,
    upgrade: (through) => check(releaseWith(db, through === undefined ? NAMES.length : indexOf(through) + 1).migrateToLatest()),
    downgrade: () => check(releaseWith(db, NAMES.length).migrateTo(NAMES[before - 1]!)),
    close,
  };
}
