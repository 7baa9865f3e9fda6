/**
 * A stranger's seventeenth look: a websocket whose client has stopped reading. What the server
 * sends it waits on its connection (up to 1 MB in the server's memory, and what the kernel holds
 * beside it, about 3.8 MB on loopback), and the socket is dropped at its next send past that. But
 * a finished game's watcher is sent nothing more, and tRPC's keep-alive, which pings only a socket
 * quiet for 12 s, was put off by anything the client sent (an unasked PONG every few seconds, free
 * when it follows the server's PING): such a socket held 800 KB of the server's memory for as long
 * as its client kept writing (measured for 40 s). Every socket is now pinged with a payload of its
 * own, which a client that does not read cannot see to answer.
 *
 * And the other way round: a client that does not deflate, reading as fast as it could, was
 * dropped as a slow reader when it subscribed to many finished games at once, their messages
 * corked together for the turn counted as bytes it had not read.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { requestJWT } from '../compat/protocol-client.js';
import { until } from '../support/until.js';
import { botSeats, endableGame, saveEnd } from './endable-games.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

/** How often the server checks that each socket reads, here: short, so that many checks pass while the tests wait. */
const READ_CHECK_MS = 200;

let server: Server;
let stranger: Guest;
let gameID: string;
/** The eight seats' guests, who played every finished game here. */
let seatIDs: string[];

beforeAll(async () => {
  server = await startServer({}, { readCheckMs: READ_CHECK_MS });
  const seats = await Promise.all(Array.from({ length: 8 }, (_, i) => signInGuest(server, `Seat ${i}`)));
  seatIDs = seats.map((s) => s.userID);
  const game = await endableGame(server, 'g_finished', botSeats(seatIDs));
  await saveEnd(server, game);
  gameID = game.id;
  for (const seat of seats) seat.close();
  stranger = await signInGuest(server, 'Stranger');
});
afterAll(async () => {
  stranger?.close();
  await server?.close();
});

/** The server's end of every websocket open now. */
const serverSockets = () => new Set(server.app.fastify.websocketServer.clients as Set<WebSocket>);

/** A socket of the stranger's on `path`, open, with the server's end of it. */
async function strangerSocket(path: '/trpc' | '/channel', { deflate = true } = {}): Promise<{ socket: WebSocket; serverEnd: WebSocket }> {
  const before = serverSockets();
  const jwt = await requestJWT(server.url, stranger.cookie);
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}${path}?jwt=${encodeURIComponent(jwt)}`, { perMessageDeflate: deflate });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let serverEnd: WebSocket | undefined;
  while (!(serverEnd = [...serverSockets()].find((s) => !before.has(s)))) await new Promise((resolve) => setTimeout(resolve, 10));
  return { socket, serverEnd };
}

/**
 * A stranger's socket on each path that subscribes to the finished game, then reads nothing more
 * and keeps writing what its server might take for signs of life: on /trpc a PONG nobody asked for
 * every 50 ms (each one request), on /channel a pong frame with a payload of its own.
 */
const NON_READERS = [
  {
    path: '/trpc' as const,
    what: 'a tRPC socket that stops reading is closed, however often its client writes',
    subscribe: () => JSON.stringify({ id: 1, method: 'subscription', params: { path: 'games.onGame', input: { gameID } } }),
    write: (socket: WebSocket) => socket.send('PONG'),
  },
  {
    path: '/channel' as const,
    what: 'on /channel too: a socket that stops reading is closed, however often its client writes',
    subscribe: () => JSON.stringify({ type: 'subscribe', topic: `game/${gameID}` }),
    write: (socket: WebSocket) => socket.pong(Buffer.from('unasked')),
  },
];

for (const { path, what, subscribe, write } of NON_READERS) {
  test(what, async () => {
    const { socket, serverEnd } = await strangerSocket(path);
    let messages = 0;
    socket.on('message', () => (messages += 1));
    try {
      socket.send(subscribe());
      await until(() => messages >= 1, 10_000, 'the game');
      socket.pause();
      const writing = setInterval(() => socket.readyState === WebSocket.OPEN && write(socket), 50);
      try {
        // Twenty checks' time: the first ping goes unanswered, the next check cuts the socket.
        await until(() => serverEnd.readyState === WebSocket.CLOSED, 20 * READ_CHECK_MS, 'the server to cut the socket');
      } finally {
        clearInterval(writing);
      }
    } finally {
      socket.terminate();
    }
  });
}

test('a socket that reads is kept through the checks, though it sends nothing', async () => {
  for (const path of ['/trpc', '/channel'] as const) {
    const { socket, serverEnd } = await strangerSocket(path);
    let pings = 0;
    let closed: number | null = null;
    // ws answers each ping with its payload by itself, as browsers do.
    socket.on('ping', () => (pings += 1));
    socket.on('close', (code) => (closed = code));
    try {
      await until(() => pings >= 5 || closed !== null, 60 * READ_CHECK_MS, 'five checks');
      expect(closed).toBeNull();
      expect(serverEnd.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  }
});

test('a client that does not deflate is sent fourteen finished games subscribed at once, not dropped as a slow reader', async () => {
  // A server of its own, its sockets pinged at the usual 30 s: this client shares the test's event
  // loop with the server, and on a loaded machine (a CI run beside four other test files) the 2 MB
  // ahead of a 200 ms ping could take longer than that to read, which the read check rightly cuts.
  const own = await startServer({});
  const reader = await signInGuest(own, 'Reader');
  const seats = await Promise.all(Array.from({ length: 8 }, (_, i) => signInGuest(own, `Seat ${i}`)));
  for (const seat of seats) seat.close();
  // Each game's first message is about 145 KB: sent in one turn, fourteen wait on the connection
  // together, corked until the turn ends, past its 1 MB of bytes unread.
  const gameIDs: string[] = [];
  for (let g = 0; g < 14; g++) {
    const game = await endableGame(own, `g_finished_${g}`, botSeats(seats.map((seat) => seat.userID)));
    await saveEnd(own, game);
    gameIDs.push(game.id);
  }
  const jwt = await requestJWT(own.url, reader.cookie);
  const socket = new WebSocket(`${own.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let wholes = 0;
  let closed: number | null = null;
  socket.on('message', (message: Buffer) => {
    if (message.toString().includes('"events":')) wholes += 1;
  });
  socket.on('close', (code) => (closed = code));
  try {
    gameIDs.forEach((id, i) => socket.send(JSON.stringify({ id: i + 1, method: 'subscription', params: { path: 'games.onGame', input: { gameID: id } } })));
    await until(() => wholes === gameIDs.length || closed !== null, 60_000, 'every game, or the socket closed');
    expect(closed).toBeNull();
    expect(wholes).toBe(gameIDs.length);
  } finally {
    socket.close();
    reader.close();
    await own.close();
  }
});
