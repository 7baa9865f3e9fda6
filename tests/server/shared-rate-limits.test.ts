/**
 * The limits on account creation, chat and lobby changes hold across instances: two servers on
 * one PostgreSQL database share one count, so a script spreading its requests over both gets no
 * more than from one, even when its requests arrive at once. PostgreSQL only (SQLite is one
 * server): skipped, with the reason printed, without TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { configFromEnv, type Config } from '../../src/server/config.js';
import { startTwoInstances } from './databases.js';
import { refused } from './roles.js';
import { clientFor, signInGuest, TEST_DATABASE_URL, type Client, type Guest, type Server } from './support.js';

if (!TEST_DATABASE_URL) console.warn('shared rate limit tests skipped: TEST_DATABASE_URL is not set (two instances need a shared PostgreSQL database)');

const LIMITS: Partial<Config> = { guestLoginsPerAddress: 3, chatMessagesPerAddress: 4, lobbyChangesPerUser: 4 };

describe.skipIf(!TEST_DATABASE_URL)('rate limits shared by two instances on one PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  let close: (() => Promise<void>) | undefined;
  /** Both instances' clock, standing still: every count stays within its window however slow the machine. */
  const clock = Date.now();

  async function instance(overrides: Partial<Config>): Promise<Server> {
    const config: Config = { ...configFromEnv({}), port: 0, host: '127.0.0.1', logLevel: 'silent', sessionSecret: 'test-secret', ...LIMITS, ...overrides };
    const app = await buildApp(config, { logger: pino({ level: 'silent' }), now: () => clock });
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
    return { app, url, config: { ...config, publicUrl: url }, close: () => app.close() };
  }

  beforeAll(async () => {
    ({ a, b, close } = await startTwoInstances({}, instance));
  });
  afterAll(() => close?.());

  /** A guest login from the test's address (the loopback). */
  const login = (server: Server, username: string) =>
    fetch(`${server.url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username }), redirect: 'manual' });

  /** The same person's session on the other instance. */
  const onOther = (guest: Guest, server: Server): { client: Client; close(): void } => clientFor(server, guest.cookie, null);

  test('chat messages per address and lobby changes per user count on both instances together', async () => {
    // Two of the three guest accounts this address may make; the third is for the next test's burst.
    const [ann, bob] = [await signInGuest(a, 'Ann'), await signInGuest(b, 'Bob')];
    const annOnB = onOther(ann!, b);
    const { id: lobbyID } = await ann!.client.lobbies.create.mutate();
    await bob!.client.lobbies.join.mutate({ lobbyID });
    // Lobby changes: creating the lobby was Ann's first; three more, alternating instances, reach the 4.
    const toggle = (client: Client, value: boolean) => client.lobbies.setOption.mutate({ lobbyID, option: 'biggerTradeRow', value });
    await toggle(annOnB.client, true);
    await toggle(ann!.client, false);
    await toggle(annOnB.client, true);
    expect(await refused(toggle(annOnB.client, false))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'You are changing lobbies too fast. Wait a moment.' });
    expect(await refused(toggle(ann!.client, true))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'You are changing lobbies too fast. Wait a moment.' });

    // Chat from one address: 4 messages in all, whichever instance and account sends them.
    const room = `lobby/${lobbyID}`;
    const senders = [ann!.client, bob!.client, annOnB.client, bob!.client];
    for (const [i, client] of senders.entries()) await client.chat.send.mutate({ room, message: `hello ${i}` });
    for (const client of [ann!.client, annOnB.client]) {
      expect(await refused(client.chat.send.mutate({ room, message: 'one more' }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many messages from your network. Wait a moment.' });
    }
    annOnB.close();
    ann!.close();
    bob!.close();
  });

  test('guest accounts per address: the limit is one count for both instances, even for requests at once', async () => {
    // The previous test made 2 of the 3; 8 more at once, half to each instance: exactly one gets through.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i % 2 ? a : b, `Burst ${i}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([303, 429, 429, 429, 429, 429, 429, 429]);
    const refusal = burst.find((r) => r.status === 429)!;
    expect(await refusal.text()).toBe('Too many guest accounts from your address. Try again in a few minutes.');
    for (const server of [a, b]) expect((await login(server, 'Later')).status).toBe(429);
  });
});
