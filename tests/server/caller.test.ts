/**
 * Who is calling (auth/caller.ts), one lookup with one precedence for every door: the session
 * cookie first; a `jwt` query parameter only on a websocket, and only when the cookie names
 * nobody; on an HTTP call a token in the URL is never read.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { callerOf } from '../../src/server/auth/caller.js';
import { channel, requestJWT } from '../compat/protocol-client.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

let server: Server;
let ann: Guest;
let bob: Guest;
let bobJWT: string;

beforeAll(async () => {
  server = await startServer();
  [ann, bob] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Bob')]);
  bobJWT = await requestJWT(server.url, bob.cookie);
});
afterAll(async () => {
  ann.close();
  bob.close();
  await server.close();
});

const lookup = (headers: Record<string, string>, url: string, transport: 'http' | 'websocket') => callerOf(server.app.services, { headers, url }, transport);

describe('callerOf', () => {
  test('the cookie names the caller and their session, on HTTP and on a websocket alike', async () => {
    for (const transport of ['http', 'websocket'] as const) {
      const caller = await lookup({ cookie: ann.cookie }, '/trpc', transport);
      expect(caller).toMatchObject({ user: { id: ann.userID }, sessionID: expect.any(String), refusedJWT: false });
      // The socket acts for the cookie's session: logging it out closes the socket.
      expect(caller.actsFor).toBe(caller.sessionID);
    }
  });

  test('the cookie comes first: a JWT of someone else beside it is not read', async () => {
    const caller = await lookup({ cookie: ann.cookie }, `/channel?jwt=${encodeURIComponent(bobJWT)}`, 'websocket');
    expect(caller.user?.id).toBe(ann.userID);
    const withBadToken = await lookup({ cookie: ann.cookie }, '/channel?jwt=garbage', 'websocket');
    expect(withBadToken).toMatchObject({ user: { id: ann.userID }, refusedJWT: false });
  });

  test('without a cookie session, a websocket is signed in by its JWT (with no session id: a token cannot renew itself; it acts for the session the token was issued under)', async () => {
    const bobs = await lookup({ cookie: bob.cookie }, '/trpc', 'http');
    expect(await lookup({}, `/trpc?jwt=${encodeURIComponent(bobJWT)}`, 'websocket')).toMatchObject({ user: { id: bob.userID }, sessionID: null, actsFor: bobs.sessionID, refusedJWT: false });
    expect(await lookup({ cookie: 'mythos_session=expired' }, `/trpc?jwt=${encodeURIComponent(bobJWT)}`, 'websocket')).toMatchObject({ user: { id: bob.userID } });
    expect(await lookup({}, '/channel?jwt=garbage', 'websocket')).toEqual({ user: null, sessionID: null, actsFor: null, refusedJWT: true });
    expect(await lookup({}, '/channel?jwt=', 'websocket')).toEqual({ user: null, sessionID: null, actsFor: null, refusedJWT: false });
  });

  test('an HTTP call never reads a JWT', async () => {
    expect(await lookup({}, `/api/lobby/create?jwt=${encodeURIComponent(bobJWT)}`, 'http')).toEqual({ user: null, sessionID: null, actsFor: null, refusedJWT: false });
  });
});

describe('every websocket door follows it', () => {
  test('/channel with a cookie and another user\'s JWT acts as the cookie\'s user', async () => {
    const lobbyID = (await ann.client.lobbies.create.mutate()).id;
    const socket = await channel(server.url, { cookie: ann.cookie, jwt: bobJWT });
    expect(await socket.quiet({ type: 'subscribe', topic: `chat/lobby/${lobbyID}` })).toEqual([]);
    socket.send({ type: 'chat', room: `lobby/${lobbyID}`, message: 'who am I?' });
    expect(await socket.until((m) => m.type === 'chat')).toMatchObject({ userID: ann.userID, message: 'who am I?' });
    await socket.close();
  });

  test('/trpc with a cookie and another user\'s JWT acts as the cookie\'s user', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(bobJWT)}`, { headers: { cookie: ann.cookie } });
    await new Promise((resolve) => socket.once('open', resolve));
    const answer = new Promise<{ result?: { data: { id: string } } }>((resolve) => socket.on('message', (raw) => resolve(JSON.parse(raw.toString()))));
    socket.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'session.me' } }));
    expect((await answer).result?.data.id).toBe(ann.userID);
    socket.close();
  });
});
