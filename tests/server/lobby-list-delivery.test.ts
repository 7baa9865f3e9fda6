/**
 * The lobby list reaches every `lobbies.onList` subscriber as one JSON text, written once per
 * change however many subscribers there are: serialised again for each of them, one address's
 * hundreds of subscriptions pushed 2.9 GB in 17.6 s, every copy costing the server a serialisation.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { jsonEncoder } from '@trpc/server/adapters/ws';
import { serialisedOnce, wsEncoder } from '../../src/server/delivery/serialised-once.js';
import type { LobbyView } from '../../src/server/services/lobbies.js';
import { feed, type Feed } from './feeds.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

let server: Server;
let host: Guest;
let watchers: Guest[];

beforeAll(async () => {
  server = await startServer();
  host = await signInGuest(server, 'Host');
  watchers = await Promise.all(Array.from({ length: 4 }, (_, i) => signInGuest(server, `Watcher ${i}`)));
});
afterAll(async () => {
  for (const guest of [host, ...watchers]) guest.close();
  await server.close();
});

/** A list as the watchers can tell it apart: its lobbies and their sequence numbers. */
const listKey = (lobbies: LobbyView[]) => lobbies.map((l) => `${l.id}:${l.sequenceID}`).join(',');

test('twenty subscribers on four sockets: each list the server sends is serialised once, and every subscriber receives it whole', async () => {
  await host.client.lobbies.create.mutate();
  const stringify = vi.spyOn(JSON, 'stringify');
  let feeds: Feed<LobbyView[]>[] = [];
  try {
    // Five subscriptions on each watcher's socket, as one script would open them.
    feeds = watchers.flatMap((watcher) => Array.from({ length: 5 }, () => feed(watcher.client.lobbies.onList, undefined)));
    await Promise.all(feeds.map((f) => f.until()));
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    await Promise.all(feeds.map((f) => f.until((lobbies) => lobbies.some((l) => l.id === lobbyID))));
    // Serialisations of a lobby list, whether alone or inside a message around it.
    const serialised = stringify.mock.results.filter((r) => r.type === 'return' && typeof r.value === 'string' && r.value.includes('"playerIDToBotType"')).length;
    stringify.mockRestore();

    const delivered = new Set(feeds.flatMap((f) => f.items.map(listKey)));
    expect(delivered.size).toBeGreaterThanOrEqual(2);
    expect(serialised).toBe(delivered.size);
    // What they received is the list itself, the same as a query gives.
    const now = await host.client.lobbies.list.query();
    for (const f of feeds) expect(f.items.at(-1)).toEqual(now);
  } finally {
    stringify.mockRestore();
    for (const f of feeds) f.close();
  }
});

test('a message carrying serialised data is the same text as tRPC writes for the value itself; other messages are untouched', () => {
  const lobbies = [{ id: 'l_1', name: 'Zoë\'s "lobby"', players: [{ id: 'u_1', name: '<b>' }] }];
  for (const envelope of [{ id: 7 }, { id: 'seven', jsonrpc: '2.0' }]) {
    const message = { ...envelope, result: { type: 'data', data: serialisedOnce(lobbies) } };
    expect(wsEncoder.encode(message)).toBe(jsonEncoder.encode({ ...envelope, result: { type: 'data', data: lobbies } }));
  }
  for (const message of [{ id: 1, result: { type: 'started' } }, { id: 2, error: { message: 'no', code: -32600 } }, 'PONG']) {
    expect(wsEncoder.encode(message)).toBe(jsonEncoder.encode(message));
  }
  expect(wsEncoder.decode('{"id":1,"method":"subscription"}')).toEqual({ id: 1, method: 'subscription' });
  // Serialised once per value: the same object gives the same text, not a second serialisation.
  expect(serialisedOnce(lobbies)).toBe(serialisedOnce(lobbies));
  expect(JSON.stringify(serialisedOnce(lobbies))).toBe(JSON.stringify(lobbies));
});
