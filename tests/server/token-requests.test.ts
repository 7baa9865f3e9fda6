/**
 * The websocket token goes only to the site's own fetch or a protocol client: GET /auth/jwt and
 * tRPC's `session.jwt` over HTTP refuse what another page can make a browser send (a script tag, a
 * frame, a fetch from another port or site), and answer JSON that no browser runs as a script.
 * (tests/web/other-origins.test.ts makes the same attempts from a real page in Chromium.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

const FOREIGN = "Tokens are only for this site's own pages: ask with fetch from a page of this site.";
const UNMARKED = 'Ask for a token with the X-Mythos-Client header (any value).';

let server: Server;
let guest: Guest;
beforeAll(async () => {
  server = await startServer();
  guest = await signInGuest(server, 'Holder');
});
afterAll(async () => {
  guest.close();
  await server.close();
});

/** What Chromium sends with a request of each kind, from our own page or from another. */
const OWN_FETCH: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'x-mythos-client': 'web' };
const REFUSED: [string, Record<string, string>, string][] = [
  ['a script tag on another port of this host', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' }, FOREIGN],
  ['a script tag on another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' }, FOREIGN],
  ['a script tag on our own page (injected markup)', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' }, FOREIGN],
  ['a frame on another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }, FOREIGN],
  ['the address bar', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, FOREIGN],
  ['a fetch from another port, header and all', { ...OWN_FETCH, 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:1' }, FOREIGN],
  ['an Origin of another site, from a browser without Fetch Metadata', { 'x-mythos-client': 'web', origin: 'http://localhost:1' }, FOREIGN],
  ['a script tag in a browser without Fetch Metadata', {}, UNMARKED],
];

describe('GET /auth/jwt', () => {
  test("answers the site's own fetch (and a protocol client) with JSON a browser will not run", async () => {
    for (const headers of [OWN_FETCH, { 'x-mythos-client': 'bot', origin: server.url }, { 'x-mythos-client': '' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/auth/jwt`, { headers: { cookie: guest.cookie, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const body = (await response.json()) as { ok: boolean; jwt: string };
      expect(body).toEqual({ ok: true, jwt: expect.any(String) });
      expect(await server.app.services.jwt.verify(body.jwt)).toBe(guest.userID);
    }
  });

  test.each(REFUSED)('refuses %s with 403 and the reason, signed in or not', async (_from, headers, message) => {
    for (const cookie of [{ cookie: guest.cookie }, {}] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/auth/jwt`, { headers: { ...cookie, ...headers } });
      expect([response.status, await response.text()]).toEqual([403, message]);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('session.jwt over tRPC', () => {
  const overHttp = (headers: Record<string, string>, batch = false) =>
    fetch(`${server.url}/trpc/session.jwt${batch ? '?batch=1&input=%7B%7D' : ''}`, { headers: { cookie: guest.cookie, ...headers } });

  test("answers the site's own fetch, with nosniff", async () => {
    const response = await overHttp(OWN_FETCH);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const token = ((await response.json()) as { result: { data: string } }).result.data;
    expect(await server.app.services.jwt.verify(token)).toBe(guest.userID);
  });

  test.each(REFUSED)('refuses %s over an HTTP GET (single or batched) with FORBIDDEN and the reason', async (_from, headers, message) => {
    const single = await overHttp(headers);
    expect(single.status).toBe(403);
    expect(((await single.json()) as { error: unknown }).error).toMatchObject({ message, data: { code: 'FORBIDDEN', httpStatus: 403 } });
    const batched = await overHttp(headers, true);
    expect(batched.status).toBe(403);
    expect(((await batched.json()) as { error: unknown }[])[0]!.error).toMatchObject({ message, data: { code: 'FORBIDDEN' } });
  });

  test('answers over a websocket opened with the cookie (its handshake passed the cross-site check; no tag can send its messages)', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { cookie: guest.cookie } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const answer = new Promise<{ result?: { data: string } }>((resolve) => socket.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
    socket.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'session.jwt' } }));
    const token = (await answer).result?.data;
    expect(await server.app.services.jwt.verify(token ?? '')).toBe(guest.userID);
    socket.close();
  });
});
