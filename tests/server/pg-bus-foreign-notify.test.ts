/**
 * Anyone connected to the database may NOTIFY the bus's channel: a payload that is not one of the
 * instances' messages (JSON that is not an object naming its origin and topic, a topic that is not
 * a string) is passed over, and the bus goes on delivering the instances' own messages.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBus } from '../../src/server/bus/pg-bus.js';
import { createPostgresDatabase, isSkipped, POSTGRES_SKIPPED } from './databases.js';

describe('the PostgreSQL bus, given notifications that are not its own', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let buses: PgBus[] = [];

  beforeAll(async () => {
    if (isSkipped('postgres')) return;
    database = await createPostgresDatabase();
    buses = [await PgBus.connect(database.url), await PgBus.connect(database.url)];
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await database?.drop();
  });

  it('passes them over and delivers the next real message', async (context) => {
    if (isSkipped('postgres')) context.skip(POSTGRES_SKIPPED);
    const [a, b] = buses as [PgBus, PgBus];
    const heard: unknown[] = [];
    b.subscribe('game/g1', (message) => heard.push(message));
    const stranger = new pg.Client({ connectionString: database!.url });
    await stranger.connect();
    try {
      for (const payload of ['null', '"game/g1"', '[]', '7', '{"topic":5,"message":{"sequenceID":1}}', '{"origin":1,"topic":"game/g1","message":{"sequenceID":2}}', 'not json']) {
        await stranger.query('select pg_notify($1, $2)', ['mythos_bus', payload]);
      }
    } finally {
      await stranger.end();
    }
    await a.publish('game/g1', { sequenceID: 3 });
    for (let waited = 0; waited < 5_000 && heard.length === 0; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ sequenceID: 3 }]);
  });
});
