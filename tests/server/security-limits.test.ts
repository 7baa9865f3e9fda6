/**
 * Per-user and per-address limits, each refused with a clear message: open lobbies, running
 * games, guest accounts per address, chat per address; and the HTTP server's own timeouts.
 */
import net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { refused } from './roles.js';
import { signInGuest, startServer, type Server } from './support.js';

let server: Server | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const guestLogin = (url: string, username: string) =>
  fetch(`${url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username }), redirect: 'manual' });

describe('per-user caps', () => {
  test('a host may hold MAX_OPEN_LOBBIES_PER_USER open lobbies; starting a game in one frees a place', async () => {
    server = await startServer({ maxOpenLobbiesPerUser: 2 });
    const host = await signInGuest(server, 'Hoarder');
    const first = (await host.client.lobbies.create.mutate()).id;
    await host.client.lobbies.create.mutate();
    expect(await refused(host.client.lobbies.create.mutate())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'You already host 2 open lobbies: start a game in one or leave one first.',
    });
    await host.client.lobbies.addBot.mutate({ lobbyID: first, botType: 'basic_bot' });
    await host.client.lobbies.start.mutate({ lobbyID: first });
    await host.client.lobbies.create.mutate();
    // Ten at once are no way around it.
    const burst = await Promise.allSettled(Array.from({ length: 10 }, () => host.client.lobbies.create.mutate()));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(0);
    host.close();
  });

  test('a user seated in MAX_RUNNING_GAMES_PER_USER unfinished games may not start another', async () => {
    server = await startServer({ maxRunningGamesPerUser: 2 });
    const host = await signInGuest(server, 'Starter');
    const start = async () => {
      const { id } = await host.client.lobbies.create.mutate();
      await host.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'basic_bot' });
      return host.client.lobbies.start.mutate({ lobbyID: id });
    };
    await start();
    await start();
    expect(await refused(start())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'You already play 2 unfinished games: finish one before starting another.',
    });
    host.close();
  });
});

describe('per-address throttles', () => {
  test('GUEST_LOGINS_PER_ADDRESS guest accounts per address in 10 minutes; the next is refused and not created', async () => {
    server = await startServer({ guestLoginsPerAddress: 3 });
    for (let i = 0; i < 3; i++) expect((await guestLogin(server.url, `Fresh ${i}`)).status).toBe(303);
    const users = () => server!.app.services.db.kysely.selectFrom('users').select('id').execute();
    const before = (await users()).length;
    const refusedLogin = await guestLogin(server.url, 'Fresh 3');
    expect(refusedLogin.status).toBe(429);
    expect(await refusedLogin.text()).toBe('Too many guest accounts from your address. Try again in a few minutes.');
    expect(refusedLogin.headers.get('set-cookie')).toBeNull();
    expect((await users()).length).toBe(before);
    // Another address is not affected.
    await expect(server.app.services.users.createGuest('Elsewhere', '203.0.113.9')).resolves.toMatchObject({ name: 'Elsewhere' });
  });

  test('chat: fresh accounts from one address share its limit of CHAT_MESSAGES_PER_ADDRESS per 5 s', async () => {
    server = await startServer({ chatMessagesPerAddress: 6 });
    const guests = await Promise.all(['Ann', 'Ben', 'Cat'].map((name) => signInGuest(server!, name)));
    const room = `lobby/${(await guests[0]!.client.lobbies.create.mutate()).id}`;
    // Two accounts each stay under their own limit of 5, but together reach the address's 6.
    for (const sender of guests.slice(0, 2)) for (let i = 0; i < 3; i++) await sender.client.chat.send.mutate({ room, message: `hi ${i}` });
    expect(await refused(guests[2]!.client.chat.send.mutate({ room, message: 'one more' }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'Too many messages from your network. Wait a moment.',
    });
    for (const guest of guests) guest.close();
  });
});

describe('the HTTP server', () => {
  test('requests and idle connections time out (30 s and 60 s by default); bodies over 64 KB are refused', async () => {
    server = await startServer();
    expect(server.app.fastify.server.requestTimeout).toBe(30_000);
    expect(server.app.fastify.server.timeout).toBe(60_000);
    const big = await fetch(`${server.url}/auth/change-name`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ newName: 'x'.repeat(70_000) }) });
    expect(big.status).toBe(413);
    const channelServer = await server.app.channelServer();
    expect(channelServer.server.timeout).toBe(60_000);
  });

  test('a connection opened and left idle is closed', async () => {
    server = await startServer({ connectionTimeoutMs: 300 });
    const { port } = new URL(server.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => undefined);
    });
    expect(closedAfter).toBeLessThan(3_000);
  });
});
