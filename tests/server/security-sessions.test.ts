/**
 * The websocket JWT as an attacker would use a stolen one: after its owner logged out, to renew
 * itself for ever, as a credential for HTTP calls, or lifted from the server's log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import WebSocket from 'ws';
import { channel, jwtSubject, requestJWT } from '../compat/protocol-client.js';
import { lobbyListFeed } from './feeds.js';
import { clientFor, signInGuest, startServer, type Server } from './support.js';

/** Every log line the server writes, at every level. */
const lines: string[] = [];
let server: Server;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startServer({ logLevel: 'trace' }, { logger: pino({ level: 'trace' }, sink) });
});
afterAll(async () => server.close());

const jwtOf = (cookie: string) => requestJWT(server.url, cookie);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; iat: number; exp: number };

describe('the websocket JWT', () => {
  test('lives 15 minutes, names its session, and dies when its session is logged out', async () => {
    const guest = await signInGuest(server, 'Leaver');
    const jwt = await jwtOf(guest.cookie);
    const claims = claimsOf(jwt);
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims.sid).toEqual(expect.any(String));
    expect(jwtSubject(jwt)).toBe(guest.userID);

    const before = await channel(server.url, { jwt });
    expect(await before.quiet({ type: 'subscribe', topic: 'lobby_list' })).toEqual([]);
    await before.close();

    await fetch(`${server.url}/auth/logout`, { headers: { cookie: guest.cookie }, redirect: 'manual' });
    expect(await server.app.services.jwt.verify(jwt)).toBeNull();
    const after = await channel(server.url, { jwt });
    expect(await after.until(() => true)).toEqual({ type: 'error', message: 'Invalid JWT' });
    expect(await after.ask({ type: 'subscribe', topic: 'lobby_list' })).toEqual({ type: 'error', message: 'You must be logged in to subscribe to lobby_list.' });
    await after.close();
    const { client, close } = clientFor(server, null, jwt);
    expect(await lobbyListFeed(client.lobbies.onList).refusal()).toMatchObject({ code: 'UNAUTHORIZED' });
    close();
    guest.close();
  });

  test('is renewed only with the session cookie, never by itself', async () => {
    const guest = await signInGuest(server, 'Renewer');
    const jwt = await jwtOf(guest.cookie);
    // Over HTTP the token is no credential at all.
    const overHttp = await fetch(`${server.url}/trpc/session.jwt?jwt=${encodeURIComponent(jwt)}`);
    expect(overHttp.status).toBe(401);
    expect((await fetch(`${server.url}/auth/jwt?jwt=${encodeURIComponent(jwt)}`, { headers: { 'x-mythos-client': 'test' } })).status).toBe(401);
    // Over a websocket it signs in, but cannot get a successor.
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const answer = (id: number) => new Promise<{ result?: { data: unknown }; error?: unknown }>((resolve) => socket.on('message', (raw) => JSON.parse(raw.toString()).id === id && resolve(JSON.parse(raw.toString()))));
    const me = answer(1);
    socket.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'session.me' } }));
    expect((await me).result?.data).toMatchObject({ id: guest.userID });
    const renewal = answer(2);
    socket.send(JSON.stringify({ id: 2, method: 'query', params: { path: 'session.jwt' } }));
    expect((await renewal).error).toMatchObject({ message: 'A token cannot renew itself: ask with your session cookie.', data: { code: 'UNAUTHORIZED' } });
    socket.close();
    // With the cookie, a fresh one for the same session.
    const renewed = await guest.client.session.jwt.query();
    expect(claimsOf(renewed).sid).toBe(claimsOf(jwt).sid);
    guest.close();
  });

  test('is refused on state-changing HTTP calls', async () => {
    const guest = await signInGuest(server, 'Forger');
    const jwt = await jwtOf(guest.cookie);
    const before = (await guest.client.lobbies.list.query()).length;
    const create = await fetch(`${server.url}/trpc/lobbies.create?jwt=${encodeURIComponent(jwt)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(create.status).toBe(401);
    expect(((await create.json()) as { error: { message: string } }).error.message).toBe('You must be logged in.');
    const rest = await fetch(`${server.url}/api/lobby/create?jwt=${encodeURIComponent(jwt)}`, { method: 'POST' });
    expect(rest.status).toBe(401);
    expect((await guest.client.lobbies.list.query()).length).toBe(before);
    guest.close();
  });
});

describe('the log', () => {
  test('holds no JWT, session cookie or OAuth code, on any line', async () => {
    const guest = await signInGuest(server, 'Logged');
    const jwt = await jwtOf(guest.cookie);
    const session = guest.cookie.split('=')[1]!;
    const socket = await channel(server.url, { jwt });
    await socket.quiet({ type: 'subscribe', topic: 'lobby_list' });
    await socket.close();
    const { client, close } = clientFor(server, null, jwt);
    await lobbyListFeed(client.lobbies.onList).until();
    close();
    await fetch(`${server.url}/trpc/lobbies.create?jwt=${encodeURIComponent(jwt)}`, { method: 'POST', body: '{}' });
    await fetch(`${server.url}/channel?jwt=${encodeURIComponent(jwt)}`);
    await fetch(`${server.url}/auth/discord/callback?code=secret-code&state=secret-state`);
    await fetch(`${server.url}/auth/logout`, { headers: { cookie: guest.cookie, authorization: `Bearer ${jwt}` }, redirect: 'manual' });
    // Each request's one line is written once it is answered, the logout's last of all: waited
    // for, so every request's line is in before they are read.
    await expect.poll(() => lines.some((line) => (JSON.parse(line) as { url?: string }).url === '/auth/logout')).toBe(true);

    expect(lines.some((line) => line.includes('/channel?jwt=[redacted]'))).toBe(true);
    const signature = jwt.split('.')[2]!;
    for (const line of lines) {
      expect(line).not.toContain(signature);
      expect(line).not.toContain(session);
      expect(line).not.toContain('secret-code');
      expect(line).not.toContain('secret-state');
    }
    guest.close();
  });
});

describe('logging out', () => {
  test('a link or image on another site cannot log a visitor out; our own pages and the address bar can', async () => {
    const guest = await signInGuest(server, 'Stayer');
    const signedIn = async () => (await fetch(`${server.url}/auth/jwt`, { headers: { cookie: guest.cookie, 'x-mythos-client': 'test' } })).status === 200;
    const logout = (site: string) => fetch(`${server.url}/auth/logout`, { headers: { cookie: guest.cookie, 'sec-fetch-site': site }, redirect: 'manual' });

    for (const site of ['cross-site', 'same-site']) {
      const refused = await logout(site);
      expect([refused.status, await refused.text()], site).toEqual([403, 'Cross-site request refused.']);
      expect(await signedIn(), site).toBe(true);
    }
    const own = await logout('same-origin');
    expect([own.status, own.headers.get('location')]).toEqual([302, '/']);
    expect(await signedIn()).toBe(false);
    guest.close();
  });
});
