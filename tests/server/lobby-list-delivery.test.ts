/**
 * The lobby list reaches every `lobbies.onList` subscriber whole once, then as what changed
 * (src/shared/lobby-list.ts), each message one JSON text written once however many subscribers
 * are sent it: serialised again for each of them, one address's hundreds of subscriptions pushed
 * 2.9 GB in 17.6 s, every copy costing the server a serialisation.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { jsonEncoder } from '@trpc/server/adapters/ws';
import { serialisedOnce, wsEncoder } from '../../src/server/delivery/serialised-once.js';
import type { LobbyView } from '../../src/server/services/lobbies.js';
import { feed, lobbyListFeed, type Feed } from './feeds.js';
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

test('twenty subscribers on four sockets: each message the server sends is serialised once for all of them, and every subscriber ends with the list a query gives', async () => {
  await host.client.lobbies.create.mutate();
  const stringify = vi.spyOn(JSON, 'stringify');
  let feeds: Feed<LobbyView[]>[] = [];
  try {
    // Five subscriptions on each watcher's socket, as one script would open them.
    feeds = watchers.flatMap((watcher) => Array.from({ length: 5 }, () => lobbyListFeed(watcher.client.lobbies.onList)));
    await Promise.all(feeds.map((f) => f.until()));
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    await Promise.all(feeds.map((f) => f.until((lobbies) => lobbies.some((l) => l.id === lobbyID))));
    // Serialisations of a message of the list, whether alone or inside a message around it.
    const texts = stringify.mock.results.flatMap((r) => (r.type === 'return' && typeof r.value === 'string' && /^\{"(whole|changed)":/.test(r.value) ? [r.value] : []));
    stringify.mockRestore();

    // Two kinds at least (the whole list, the new lobby), each written once however many were sent it.
    expect(new Set(texts).size).toBeGreaterThanOrEqual(2);
    expect(texts.length).toBe(new Set(texts).size);
    expect(texts.length).toBeLessThan(feeds.length);
    // What they made of them is the list itself, the same as a query gives.
    const now = await host.client.lobbies.list.query();
    for (const f of feeds) expect(f.items.at(-1)).toEqual(now);
  } finally {
    stringify.mockRestore();
    for (const f of feeds) f.close();
  }
});

test('after the whole list, a watcher is sent only the lobbies that changed, and the order only when lobbies came or went', async () => {
  const { id: first } = await host.client.lobbies.create.mutate();
  const messages = feed(watchers[0]!.client.lobbies.onList, undefined);
  try {
    const [whole] = await messages.count(1);
    const before = await host.client.lobbies.list.query();
    expect(whole).toEqual({ whole: before });
    // A toggle in one lobby of several: that lobby alone.
    await host.client.lobbies.setOption.mutate({ lobbyID: first, option: 'hideFavor', value: true });
    const toggled = await messages.until((m) => 'changed' in m);
    const lobby = (await host.client.lobbies.get.query({ lobbyID: first }));
    expect(toggled).toEqual({ changed: [lobby] });
    expect(before.length).toBeGreaterThan(1);
    // A lobby that went: no lobby changed, the order without it.
    await host.client.lobbies.leave.mutate({ lobbyID: first });
    const gone = await messages.until((m) => 'order' in m);
    expect(gone).toEqual({ changed: [], order: before.filter((l) => l.id !== first).map((l) => l.id) });
  } finally {
    messages.close();
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
