/**
 * WebSocket messages are deflated (permessage-deflate) for a client that asks, as every browser
 * does, with no context kept between messages; WS_COMPRESSION=off sends them as they are. What a
 * watcher of a whole game receives is counted on the TCP socket, beside the messages it decodes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { Socket } from 'node:net';
import { MAX_BODY_BYTES } from '../../src/server/http-server.js';
import { decisionNow, definitionsOf, simpleAction } from './play.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

/** A raw tRPC websocket watching a game: the messages it decoded and the bytes the socket read. */
interface Watcher {
  extensions: string;
  messages: string[];
  wireBytes(): number;
  close(): void;
}

async function watch(server: Server, guest: Guest, gameID: string): Promise<Watcher> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { cookie: guest.cookie, origin: server.url } });
  let extensions = '';
  socket.once('upgrade', (response) => {
    extensions = String(response.headers['sec-websocket-extensions'] ?? '');
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let wire = 0;
  (socket as unknown as { _socket: Socket })._socket.on('data', (chunk: Buffer) => {
    wire += chunk.length;
  });
  const messages: string[] = [];
  socket.on('message', (raw) => messages.push(raw.toString()));
  socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'games.onGame', input: { gameID } } }));
  return { get extensions() { return extensions; }, messages, wireBytes: () => wire, close: () => socket.close() };
}

/** Ann plays a whole game against an Easy Bot; the watcher is Ann's own second tab. */
async function playedGame(server: Server): Promise<Watcher & { ended: boolean }> {
  const ann = await signInGuest(server, 'Ann');
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  const watcher = await watch(server, ann, gameID);
  const definitions = await definitionsOf(ann.client);
  for (let moves = 0; moves < 500; moves++) {
    const { update, decision } = await decisionNow(ann.client, gameID, definitions, ann.userID);
    if (update.game.gameEndTimestamp !== null) break;
    const action = simpleAction(decision);
    if (action) await ann.client.games.act.mutate({ gameID, action });
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const { update } = await decisionNow(ann.client, gameID, definitions, ann.userID);
  // The last steps reach the watcher a moment after the player's own answer.
  await expect.poll(() => watcher.messages.some((m) => m.includes('/game/gameEndTimestamp'))).toBe(true);
  ann.close();
  return Object.assign(watcher, { ended: update.game.gameEndTimestamp !== null });
}

const decoded = (w: Watcher) => w.messages.reduce((n, m) => n + Buffer.byteLength(m), 0);

describe('websocket messages deflated (the default)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  test('negotiated without context between messages, and a whole game arrives in under half its bytes', { timeout: 120_000 }, async () => {
    const w = await playedGame(server);
    expect(w.ended).toBe(true);
    expect(w.extensions).toContain('permessage-deflate');
    expect(w.extensions).toContain('server_no_context_takeover');
    expect(w.extensions).toContain('client_no_context_takeover');
    // Every message decoded: the same JSON as without compression.
    for (const m of w.messages) expect(() => JSON.parse(m)).not.toThrow();
    expect(w.wireBytes()).toBeLessThan(decoded(w) / 2);
    w.close();
  });
});

describe('a compressed message that unfolds past the size limit', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  test('is refused as an uncompressed one of that size would be: the socket closed with 1009', async () => {
    const ann = await signInGuest(server, 'Ann');
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { cookie: ann.cookie, origin: server.url } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // Four times the limit of one repeated byte: a few hundred bytes on the wire.
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(Buffer.alloc(MAX_BODY_BYTES * 4, 'a'), { compress: true });
    expect(await closed).toBe(1009);
    ann.close();
  });
});

describe('WS_COMPRESSION=off', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ wsCompression: false });
  });
  afterAll(() => server.close());

  test('no extension is agreed and every message goes as it is', { timeout: 120_000 }, async () => {
    const w = await playedGame(server);
    expect(w.ended).toBe(true);
    expect(w.extensions).toBe('');
    expect(w.wireBytes()).toBeGreaterThanOrEqual(decoded(w));
    w.close();
  });
});
