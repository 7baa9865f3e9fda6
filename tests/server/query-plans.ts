/**
 * What SQLite does for the queries the server makes: the plan of each statement, not its time
 * (the plan is the same on any machine, and it is what makes a query's cost grow with its table).
 */
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import type { Server } from './support.js';

export interface Plan {
  sql: string;
  plan: string[];
}

function planOf(server: Server, sql: string, parameters: readonly unknown[]): Plan {
  return { sql, plan: server.app.services.db.sqlite!.prepare(`explain query plan ${sql}`).all(...parameters).map((row) => (row as { detail: string }).detail) };
}

/** The plan of every statement `run` makes through a kysely of its own over the server's SQLite connection. */
export async function plansOf(server: Server, run: (db: Kysely<Database>) => Promise<unknown>): Promise<Plan[]> {
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: server.app.services.db.sqlite! }), log: (event) => void seen.push(event.query) });
  await run(db);
  return seen.map(({ sql, parameters }) => planOf(server, sql, parameters));
}

/**
 * The plan of every statement the server's own SQLite connection prepares while `run` runs (its
 * timers' statements included): for queries inside a service, which no kysely can be handed to.
 * Plans without parameters' values: each `?` stands for an unknown value, as SQLite plans a
 * statement before it is bound.
 */
export async function preparedDuring(server: Server, run: () => Promise<unknown>): Promise<Plan[]> {
  const sqlite = server.app.services.db.sqlite!;
  const prepare = sqlite.prepare;
  const seen: string[] = [];
  sqlite.prepare = function (this: typeof sqlite, sql: string) {
    seen.push(sql);
    return prepare.call(this, sql);
  } as typeof prepare;
  try {
    await run();
  } finally {
    sqlite.prepare = prepare;
  }
  return seen.map((sql) => planOf(server, sql, Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null)));
}

/** A plan step that reads a whole table, or sorts what it read: the cost of the whole table. */
export const wholeTable = (step: string): boolean => /^SCAN \w+$/.test(step) || step.includes('TEMP B-TREE');
