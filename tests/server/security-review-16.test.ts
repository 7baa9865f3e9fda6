/**
 * A stranger's sixteenth look: what a spectator's subscription to a finished game holds. Each held
 * the game's whole view and event log, and the game as read, for as long as it stayed open (280 KB
 * of the server's heap for an eight-seat game over tRPC, 390 KB over /channel; 26 and 13 KB now);
 * one address at its sockets' and
 * subscriptions' caps (3,200 subscriptions of distinct finished games, which any site with a
 * history has) could so hold most of a gigabyte.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { requestJWT } from '../compat/protocol-client.js';
import { botSeats, endableGame, saveEnd } from './endable-games.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Finished eight-seat games; six at once stay under a socket's 1 MB of unsent messages. */
const GAMES = 6;

let server: Server;
let stranger: Guest;
const gameIDs: string[] = [];

beforeAll(async () => {
  server = await startServer();
  const seats = await Promise.all(Array.from({ length: 8 }, (_, i) => signInGuest(server, `Seat ${i}`)));
  for (let g = 0; g < GAMES; g++) {
    const game = await endableGame(server, `g_finished_${g}`, botSeats(seats.map((s) => s.userID)));
    await saveEnd(server, game);
    gameIDs.push(game.id);
  }
  stranger = await signInGuest(server, 'Stranger');
});
afterAll(async () => {
  stranger?.close();
  await server?.close();
});

/**
 * A socket of the stranger's, spoken raw, keeping each message's text; or, with `keep` false,
 * only counting them (a kept text would count in this process's heap beside the server's).
 */
async function strangerSocket(keep = true): Promise<{ socket: WebSocket; messages: string[]; count: () => number; wholes: () => number }> {
  const jwt = await requestJWT(server.url, stranger.cookie);
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const messages: string[] = [];
  let count = 0;
  let wholes = 0;
  socket.on('message', (message: Buffer) => {
    const text = message.toString();
    count += 1;
    if (text.includes('"events":')) wholes += 1;
    if (keep) messages.push(text);
  });
  return { socket, messages, count: () => count, wholes: () => wholes };
}

const subscribe = (socket: WebSocket, id: number, gameID: string) =>
  socket.send(JSON.stringify({ id, method: 'subscription', params: { path: 'games.onGame', input: { gameID } } }));

/** The server's heap in use after its garbage is collected (the cached games dropped first: they are a cache's, not a watcher's). */
function heapInUse(): number {
  (server.app.services.games as unknown as { cache: Map<string, unknown> }).cache.clear();
  for (let i = 0; i < 3; i++) collectGarbage();
  return process.memoryUsage().heapUsed;
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Waits until `done`, or `ms` at most, and goes on either way. */
async function atMost(ms: number, done: () => boolean): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

test("a finished game's watcher is sent the game whole, then its table; nothing more is computed for it", async () => {
  const { socket, messages } = await strangerSocket();
  try {
    subscribe(socket, 1, gameIDs[0]!);
    const data = () => messages.map((m) => JSON.parse(m) as { result?: { type: string; data?: Record<string, unknown> } }).flatMap((m) => (m.result?.type === 'data' ? [m.result.data!] : []));
    await until(() => data().length >= 2);
    const [whole, table] = data();
    expect(whole).toMatchObject({ sequenceID: expect.any(Number), game: expect.objectContaining({ gameEndTimestamp: expect.any(Number) }) });
    expect(Object.keys(table!).sort()).toEqual(['away', 'seats', 'sequenceID', 'serverTime', 'table']);
    expect(table).toMatchObject({ sequenceID: whole!.sequenceID, table: true });
    // The steps of that game are no longer kept for anyone: nobody will be sent a next one.
    expect(server.app.services.gameFeed.size).toBe(0);
  } finally {
    socket.close();
  }
});

test('six open subscriptions of six finished games hold a few KB of the server each, not their views', async () => {
  const { socket, count, wholes } = await strangerSocket(false);
  try {
    // One game's subscription first, so that what any subscription sets up once is there before.
    subscribe(socket, 100, gameIDs[0]!);
    await until(() => wholes() >= 1);
    await atMost(2_000, () => count() >= 3);
    const before = heapInUse();
    gameIDs.forEach((gameID, i) => subscribe(socket, i + 1, gameID));
    await until(() => wholes() >= 1 + GAMES);
    // Each whole game is followed by its table (its first and last messages).
    await atMost(2_000, () => count() >= 3 + 3 * GAMES);
    const held = (heapInUse() - before) / GAMES;
    // Measured: about 250 KB each before, 36 KB after, most of which stays once they close (the
    // server's other caches of a game it has read).
    expect(held).toBeLessThan(100 * 1024);
  } finally {
    socket.close();
  }
});

test('on /channel too: six finished games watched hold a few KB of the server each', async () => {
  const jwt = await requestJWT(server.url, stranger.cookie);
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/channel?jwt=${encodeURIComponent(jwt)}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let games = 0;
  socket.on('message', (message: Buffer) => {
    if (message.toString().startsWith('{"type":"topic"')) games += 1;
  });
  try {
    socket.send(JSON.stringify({ type: 'subscribe', topic: `game/${gameIDs[0]!}` }));
    await until(() => games >= 1);
    const before = heapInUse();
    for (const gameID of gameIDs.slice(1)) socket.send(JSON.stringify({ type: 'subscribe', topic: `game/${gameID}` }));
    await until(() => games >= GAMES);
    const held = (heapInUse() - before) / (GAMES - 1);
    expect(held).toBeLessThan(100 * 1024);
  } finally {
    socket.close();
  }
});

test('eight finished games subscribed at once on one socket are all sent, not taken for a slow reader', async () => {
  // Their first messages, 145 KB each before they are deflated, waited together past the socket's
  // 1 MB as they queued for deflating, and the socket was dropped (1006) though it read at once.
  const seats = await Promise.all(Array.from({ length: 8 }, (_, i) => signInGuest(server, `More ${i}`)));
  const more: string[] = [];
  for (let g = 0; g < 2; g++) {
    const game = await endableGame(server, `g_more_${g}`, botSeats(seats.map((s) => s.userID)));
    await saveEnd(server, game);
    more.push(game.id);
  }
  const { socket, wholes } = await strangerSocket(false);
  let closed: number | null = null;
  socket.on('close', (code) => (closed = code));
  try {
    [...gameIDs, ...more].forEach((gameID, i) => subscribe(socket, i + 1, gameID));
    await until(() => wholes() >= GAMES + 2 || closed !== null);
    expect(closed).toBeNull();
    expect(wholes()).toBe(GAMES + 2);
  } finally {
    socket.close();
    for (const seat of seats) seat.close();
  }
});
