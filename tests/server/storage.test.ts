/**
 * PostgreSQL deployments that share a database between schemas: a DATABASE_URL may pick its
 * schema with `?options=-c search_path=...`, and the server then migrates and works in that
 * schema, whatever other schemas of the database hold (another app's, or another Mythos's).
 */
import { describe, expect, test } from 'vitest';
import pg from 'pg';
import { createPostgresDatabase, isSkipped, POSTGRES_SKIPPED } from './databases.js';
import { signInGuest, startServer } from './support.js';

function inSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

describe('storage on postgres', () => {
  test.skipIf(isSkipped('postgres'))(`two servers in two schemas of one database keep apart${isSkipped('postgres') ? ` (${POSTGRES_SKIPPED})` : ''}`, async () => {
    const database = await createPostgresDatabase();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('CREATE SCHEMA first; CREATE SCHEMA second;');
      const counts: number[] = [];
      for (const [schema, guests] of [
        ['first', 2],
        ['second', 1],
      ] as const) {
        const server = await startServer({ databaseUrl: inSchema(database.url, schema) }, { database: 'postgres', reset: false });
        try {
          for (let i = 0; i < guests; i++) (await signInGuest(server, `${schema} ${i}`)).close();
          const users = await server.app.services.db.kysely.selectFrom('users').select('name').execute();
          counts.push(users.length);
        } finally {
          await server.close();
        }
      }
      expect(counts).toEqual([2, 1]);
      const { rows } = await admin.query<{ table_schema: string }>(
        "SELECT table_schema FROM information_schema.tables WHERE table_name IN ('users', 'kysely_migration') ORDER BY table_schema",
      );
      expect(rows.map((r) => r.table_schema)).toEqual(['first', 'first', 'second', 'second']);
    } finally {
      await admin.end();
      await database.drop();
    }
  });
});
