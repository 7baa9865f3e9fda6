/**
 * PostgreSQL ending a connection the server holds (a restart, an administrator's
 * pg_terminate_backend): a connection lent out and idle between two queries of a transaction has
 * no listener of the pool's, and pg reports its end as an 'error' event: unheard, it was an
 * uncaught exception that would stop the process (seen once in the suite, in the test that drops
 * every connection of two instances). Now the transaction fails with an error its caller hears, and
 * the next query connects afresh.
 */
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/database.js';
import { createPostgresDatabase, isSkipped, POSTGRES_SKIPPED } from './databases.js';

describe('a database connection ended by PostgreSQL', () => {
  test.skipIf(isSkipped('postgres'))(`while lent to a transaction fails that transaction, and nothing else${isSkipped('postgres') ? ` (${POSTGRES_SKIPPED})` : ''}`, async () => {
    const database = await createPostgresDatabase();
    const db = openDatabase({ databaseUrl: database.url, dataDir: os.tmpdir() });
    const uncaught: unknown[] = [];
    const heard = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', heard);
    try {
      let resume = () => undefined as void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let begun = () => undefined as void;
      const inside = new Promise<void>((resolve) => (begun = resolve));
      const transaction = db.kysely.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        begun();
        // Between two queries the connection is lent out and idle: here PostgreSQL ends it.
        await paused;
        await sql`SELECT 1`.execute(trx);
      });
      await inside;
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await admin.end();
      expect(rowCount).toBeGreaterThanOrEqual(1);
      // The end reaches the client as a message on its socket: time for it to come (and, were it
      // not handled, to be thrown), since a handled one leaves nothing to wait for.
      await new Promise((resolve) => setTimeout(resolve, 300));
      resume();
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', heard);
      await db.close();
      await database.drop();
    }
  });
});
