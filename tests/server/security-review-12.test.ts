/**
 * Weaknesses a twelfth security review found, each proved here before it was fixed. Websocket
 * handshakes were counted only while their sockets were open: each costs 0.3 to 1 ms of CPU, and
 * one address opened and closed over 5,000 in 4 s (a core 44% busy from one client process),
 * never holding more than a few at once. And tRPC's HTTP calls were counted by the procedures'
 * middleware, so a call that reached no procedure (one that does not exist, a mutation asked for
 * with GET) counted nowhere: one address was answered 842 batches of 8 of them in 6 s.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import { configFromEnv } from '../../src/server/config.js';
import { SocketBudget } from '../../src/server/delivery/socket-limits.js';
import type { AppRouter } from '../../src/server/trpc/router.js';
import { requestJWT } from '../compat/protocol-client.js';
import { signInGuest, startServer, type Server } from './support.js';

let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A handshake to `url` from `from` (the address the proxy says): 101 when it opened (it is closed again), else the HTTP answer. */
function handshake(url: string, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'x-forwarded-for': from } });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    socket.once('error', reject);
  });
}

describe('websockets opened per address (SOCKET_OPENS_PER_ADDRESS)', () => {
  test('count /trpc and /channel on both ports together: the next handshake gets 429 with the reason; plain requests and other addresses are served', async () => {
    server = await startServer({ socketOpensPerAddress: 6, trustProxy: true });
    const channelPort = await server.app.channelServer();
    await channelPort.listen({ port: 0, host: '127.0.0.1' });
    const base = server.url.replace('http', 'ws');
    const channelBase = `ws://127.0.0.1:${(channelPort.server.address() as AddressInfo).port}`;
    const urls = [`${base}/trpc`, `${base}/channel`, `${channelBase}/channel`];
    // Six opened and closed, one after another: never more than one open at a time.
    for (const url of [...urls, ...urls]) expect(await handshake(url, '198.51.100.7')).toEqual({ status: 101, body: '' });
    const refusal = { status: 429, body: 'Too many websockets opened from this address: at most 6 in 10 seconds. Wait a moment.' };
    for (const url of urls) expect(await handshake(url, '198.51.100.7')).toEqual(refusal);
    expect((await fetch(`${server.url}/api/game_definitions`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(200);
    expect(await handshake(urls[0]!, '198.51.100.8')).toEqual({ status: 101, body: '' });
  });

  test('are counted in a sliding window of 10 s; a handshake refused (by either limit) counts in neither', () => {
    let now = 0;
    const budget = new SocketBudget(2, 4, false, () => now);
    /** A handshake's request from 192.0.2.1, with the connection it came on (closed by `close`). */
    const handshakeFrom = () => {
      const connection = new EventEmitter();
      return { req: { headers: {}, socket: Object.assign(connection, { remoteAddress: '192.0.2.1' }) } as unknown as IncomingMessage, close: () => connection.emit('close') };
    };
    const tooManyOpen = 'Too many open websockets from this address: at most 2.';
    const tooManyOpened = 'Too many websockets opened from this address: at most 4 in 10 seconds. Wait a moment.';
    const [first, second] = [handshakeFrom(), handshakeFrom()];
    expect([budget.admit(first.req), budget.admit(second.req)]).toEqual([null, null]);
    // Two open: a page retrying meanwhile is refused, and its refusals take none of the four.
    for (let i = 0; i < 5; i++) expect(budget.admit(handshakeFrom().req)).toBe(tooManyOpen);
    first.close();
    now = 4_000;
    const third = handshakeFrom();
    expect(budget.admit(third.req)).toBeNull();
    third.close();
    const fourth = handshakeFrom();
    expect(budget.admit(fourth.req)).toBeNull();
    fourth.close();
    // Four opened in the window (one still open): the fifth waits until the first leaves it.
    now = 9_999;
    const fifth = handshakeFrom();
    expect(budget.admit(fifth.req)).toBe(tooManyOpened);
    now = 10_000;
    expect(budget.admit(fifth.req)).toBeNull();
  });

  test('never refuse pages that reconnect: every open socket of an address at MAX_SOCKETS_PER_ADDRESS dropped twice in a few seconds comes back', async () => {
    const defaults = configFromEnv({});
    server = await startServer({ maxSocketsPerAddress: defaults.maxSocketsPerAddress, socketOpensPerAddress: defaults.socketOpensPerAddress });
    const reader = await signInGuest(server, 'Reader');
    const url = `${server.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(await requestJWT(server.url, reader.cookie))}`;
    let refused = 0;
    // One person's pages as the web client opens them (src/web/lib/trpc.ts), each watching the lobby list.
    const pages = Array.from({ length: defaults.maxSocketsPerAddress }, () => {
      const lists: unknown[] = [];
      const socket = createWSClient({
        url,
        WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
        retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 5_000),
        keepAlive: { enabled: true, intervalMs: 10_000, pongTimeoutMs: 5_000 },
        onError: () => refused++,
      });
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
      client.lobbies.onList.subscribe(undefined, { onData: (list) => lists.push(list) });
      return { socket, lists };
    });
    const sockets = () => server!.app.fastify.websocketServer.clients;
    for (let drop = 1; drop <= 3; drop++) {
      await expect.poll(() => pages.every((page) => page.lists.length === drop), { timeout: 20_000 }).toBe(true)
      if (drop === 3) break;
      // The network drops: every socket is gone at once, and each page reconnects.
      for (const socket of sockets()) socket.terminate();
    }
    expect(refused).toBe(0);
    for (const page of pages) page.socket.close();
    reader.close();
  }, 60_000);
});

describe("tRPC's HTTP calls", () => {
  test('count among the address\'s requests as they come, each call of a batch as one, those no procedure answers too: past them every call is refused (429)', async () => {
    // Counted by the procedures' middleware, a call that reached no procedure counted nowhere:
    // one address was answered 842 batches of 8 unknown procedures in 6 s, none refused.
    server = await startServer({ requestsPerAddress: 20 });
    const get = async (path: string) => {
      const answer = await fetch(`${server!.url}/trpc/${path}`);
      return [answer.status, await answer.json()] as const;
    };
    const unknown = (path: string) => ({ error: { message: `No procedure found on path "${path}"`, code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path, ruleCode: null } } });
    const eight = Array.from({ length: 8 }, () => 'nope').join(',');
    for (let i = 0; i < 2; i++) expect(await get(`${eight}?batch=1`)).toEqual([404, Array.from({ length: 8 }, () => unknown('nope'))]); // 16 of 20
    // A mutation asked for with GET is no procedure's call either.
    const [status] = await get('lobbies.create');
    expect(status).toBe(405); // 17 of 20
    expect(await get('session.me,nope,nope?batch=1')).toEqual([207, [{ result: { data: null } }, unknown('nope'), unknown('nope')]]); // 20 of 20
    const tooMany = (path: string) => ({
      error: { message: 'Too many requests from your address: at most 20 in 10 seconds. Wait a moment.', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path, ruleCode: null } },
    });
    expect(await get(`session.me,nope?batch=1`)).toEqual([429, [tooMany('session.me'), tooMany('nope')]]);
    expect(await get('nope')).toEqual([429, tooMany('nope')]);
    expect(await get('session.me')).toEqual([429, tooMany('session.me')]);
  });
});
