/**
 * The PostgreSQL bus as its subscribers see it: a message reaches every subscriber on every
 * instance exactly once (the publishing instance delivers its own at once and skips PostgreSQL's
 * echo), each publisher's in the order it published them, whether several went out in one
 * event-loop turn (one NOTIFY statement) or one by one. Anyone connected to the database may
 * NOTIFY the bus's channel: a payload that is not one of the instances' messages (JSON that is not
 * an object naming its origin and topic, a topic that is not a string) is passed over, and the bus
 * goes on delivering the instances' own messages.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBus } from '../../src/server/bus/pg-bus.js';
import { createPostgresDatabase, isSkipped, POSTGRES_SKIPPED } from './databases.js';

describe('the PostgreSQL bus', () => {
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

  it('delivers each message once to every subscriber on both instances, in order', async (context) => {
    if (isSkipped('postgres')) context.skip(POSTGRES_SKIPPED);
    const [a, b] = buses as [PgBus, PgBus];
    const heard: Record<string, number[]> = { a: [], b: [], b2: [] };
    a.subscribe('game/g1', ({ sequenceID }) => heard.a!.push(sequenceID));
    b.subscribe('game/g1', ({ sequenceID }) => heard.b!.push(sequenceID));
    b.subscribe('game/g1', ({ sequenceID }) => heard.b2!.push(sequenceID));
    const other: number[] = [];
    b.subscribe('game/g2', ({ sequenceID }) => other.push(sequenceID));

    // Three in one turn (one statement), then one on its own, then one from the other instance.
    await Promise.all([a.publish('game/g1', { sequenceID: 1 }), a.publish('game/g1', { sequenceID: 2 }), a.publish('game/g1', { sequenceID: 3 })]);
    await a.publish('game/g1', { sequenceID: 4 });
    // Each publisher's messages keep their order; across instances the later one is published
    // once the earlier was heard, as a step on one instance follows what it heard from the other.
    const hearAll = async (count: number) => {
      for (let waited = 0; waited < 5_000 && !Object.values(heard).every((list) => list.length >= count); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await hearAll(4);
    await b.publish('game/g1', { sequenceID: 5 });
    await a.publish('game/g2', { sequenceID: 9 });
    await hearAll(5);
    // A moment more: an echo delivered twice would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual({ a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5], b2: [1, 2, 3, 4, 5] });
    expect(other).toEqual([9]);
  });

  it("passes over notifications that are not its own and delivers the next real message", async (context) => {
    if (isSkipped('postgres')) context.skip(POSTGRES_SKIPPED);
    const [a, b] = buses as [PgBus, PgBus];
    const heard: unknown[] = [];
    b.subscribe('game/g2', (message) => heard.push(message));
    const stranger = new pg.Client({ connectionString: database!.url });
    await stranger.connect();
    try {
      for (const payload of ['null', '"game/g2"', '[]', '7', '{"topic":5,"message":{"sequenceID":1}}', '{"origin":1,"topic":"game/g2","message":{"sequenceID":2}}', 'not json']) {
        await stranger.query('select pg_notify($1, $2)', ['mythos_bus', payload]);
      }
    } finally {
      await stranger.end();
    }
    await a.publish('game/g2', { sequenceID: 3 });
    for (let waited = 0; waited < 5_000 && heard.length === 0; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ sequenceID: 3 }]);
  });
});
