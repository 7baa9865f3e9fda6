/**
 * Logging out closes every socket that acts for the session: tRPC's /trpc and /channel on both
 * ports, opened with the session's cookie or with a token issued under it, so a token stolen
 * before the logout stops acting at it. On PostgreSQL the sockets another instance holds close too
 * (the bus's LISTEN/NOTIFY). The user's other sessions, and everyone else, keep theirs.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { channel, requestJWT } from '../compat/protocol-client.js';
import { startTwoInstances } from './databases.js';
import { signInGuest, startServer, TEST_DATABASE_URL, type Server } from './support.js';

const CLOSED = { code: 4401, reason: 'Logged out: the session this socket was signed in with has ended.' };

interface Watched {
  socket: WebSocket;
  /** Resolves with the close code and reason, when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** A round trip that answers only while the socket is open and signed in: resolves with the user id. */
  whoAmI(): Promise<string | null>;
}

function watch(socket: WebSocket, ask: () => Promise<string | null>): Watched {
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return { socket, closed, whoAmI: ask };
}

/** A raw tRPC websocket, signed in with the cookie or the token, once its caller is known. */
async function trpcSocket(url: string, auth: { cookie?: string; jwt?: string }): Promise<Watched> {
  const query = auth.jwt ? `?jwt=${encodeURIComponent(auth.jwt)}` : '';
  const socket = new WebSocket(`${url.replace('http', 'ws')}/trpc${query}`, { headers: auth.cookie ? { cookie: auth.cookie } : {} });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const whoAmI = () =>
    new Promise<string | null>((resolve) => {
      const asked = ++id;
      const onMessage = (raw: WebSocket.RawData) => {
        const message = JSON.parse(raw.toString()) as { id: number; result?: { data: { id: string } | null } };
        if (message.id !== asked) return;
        socket.off('message', onMessage);
        resolve(message.result?.data?.id ?? null);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: asked, method: 'query', params: { path: 'session.me' } }));
    });
  const watched = watch(socket, whoAmI);
  // Messages wait for the caller's lookup: an answer means the socket is signed in and listening.
  await whoAmI();
  return watched;
}

/** A /channel socket, signed in with the cookie or the token, once its caller is known. */
async function channelSocket(url: string, auth: { cookie?: string; jwt?: string }): Promise<Watched> {
  const connection = await channel(url, auth);
  const watched = watch(connection.socket, async () => {
    const answer = await connection.ask({ type: 'subscribe', topic: 'chat/lobby/nowhere' });
    return answer.message === 'You must be logged in to subscribe to chat/lobby/nowhere.' ? null : 'signed in';
  });
  await watched.whoAmI();
  return watched;
}

const logout = (url: string, cookie: string) => fetch(`${url}/auth/logout`, { headers: { cookie }, redirect: 'manual' });

describe('logging out, on one instance', () => {
  let server: Server;
  let channelURL: string;
  beforeAll(async () => {
    server = await startServer();
    const channelPort = await server.app.channelServer();
    await channelPort.listen({ port: 0, host: '127.0.0.1' });
    channelURL = `http://127.0.0.1:${(channelPort.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => server.close());

  test("closes the session's sockets on every path and port, with the reason; the user's other session and other users keep theirs", async () => {
    const leaver = await signInGuest(server, 'Leaver');
    const jwt = await requestJWT(server.url, leaver.cookie);
    const closing = [
      await trpcSocket(server.url, { cookie: leaver.cookie }),
      await trpcSocket(server.url, { jwt }),
      await channelSocket(server.url, { cookie: leaver.cookie }),
      await channelSocket(server.url, { jwt }),
      await channelSocket(channelURL, { cookie: leaver.cookie }),
      await channelSocket(channelURL, { jwt }),
    ];
    // The same user signed in elsewhere (another device): a session of its own.
    const elsewhere = `mythos_session=${await server.app.services.sessions.create(leaver.userID)}`;
    const stayer = await signInGuest(server, 'Stayer');
    const staying = [
      await trpcSocket(server.url, { cookie: elsewhere }),
      await trpcSocket(server.url, { jwt: await requestJWT(server.url, elsewhere) }),
      await trpcSocket(server.url, { cookie: stayer.cookie }),
      await channelSocket(channelURL, { cookie: stayer.cookie }),
    ];

    expect((await logout(server.url, leaver.cookie)).status).toBe(302);
    for (const socket of closing) expect(await socket.closed).toEqual(CLOSED);
    expect(await staying[0]!.whoAmI()).toBe(leaver.userID);
    expect(await staying[1]!.whoAmI()).toBe(leaver.userID);
    expect(await staying[2]!.whoAmI()).toBe(stayer.userID);
    expect(await staying[3]!.whoAmI()).toBe('signed in');
    for (const { socket } of staying) socket.close();
    leaver.close();
    stayer.close();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('logging out, on two instances over PostgreSQL', () => {
  let a: Server;
  let b: Server;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, b, close } = await startTwoInstances());
  });
  afterAll(() => close?.());

  test('closes the sockets the other instance holds for the session', async () => {
    const leaver = await signInGuest(a, 'Leaver');
    const jwt = await requestJWT(b.url, leaver.cookie);
    const onB = [
      await trpcSocket(b.url, { cookie: leaver.cookie }),
      await trpcSocket(b.url, { jwt }),
      await channelSocket(b.url, { cookie: leaver.cookie }),
      await channelSocket(b.url, { jwt }),
    ];
    const stayer = await signInGuest(b, 'Stayer');
    const staying = await trpcSocket(b.url, { cookie: stayer.cookie });

    expect((await logout(a.url, leaver.cookie)).status).toBe(302);
    for (const socket of onB) expect(await socket.closed).toEqual(CLOSED);
    expect(await staying.whoAmI()).toBe(stayer.userID);
    staying.socket.close();
    leaver.close();
    stayer.close();
  });
});
