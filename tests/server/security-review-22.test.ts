/**
 * The twenty-second security review, a stranger's look at what every request carries before any
 * route reads it: its headers. Two holes, each proved here before it was fixed.
 *
 * - A Cookie header with any cookie whose value is not valid percent-encoding (`other=%E0%A4%A`,
 *   whoever set it) made every request a server fault: the session cookie was read by a parser
 *   that decoded every cookie of the header, and threw on that one. Each request of the visitor,
 *   on every door (tRPC, REST, GraphQL, /auth, both websockets), was answered "Something went wrong
 *   on our side." and logged as an error with its stack: a stray cookie of another program on the
 *   same host name broke the site for its visitor, and anyone could write the error log.
 * - The page shell's If-None-Match was split with `/\s*,\s*\/`, which backtracks over a run of
 *   spaces at each of its places: a 16 KB header of spaces between two tags, the most a request's
 *   headers may hold, cost 80 ms of the event loop's CPU (tabs 110 ms), and a page is counted by no
 *   limit. One client writing such requests at 160 KB/s would have held the event loop for everyone.
 */
import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { TOKEN_REQUEST_HEADER } from '../../src/shared/token-header.js';
import { closedAfterEach, clientFor, errorLines, loggedLines, webClientBuilds } from './support.js';

/** The first message a websocket is sent after it opens and sends `first`, or how it closed. */
function firstMessage(url: string, headers: Record<string, string>, first: unknown): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => socket.send(JSON.stringify(first)));
    socket.on('message', (data) => {
      resolve(String(data));
      socket.close();
    });
    socket.on('close', (code) => resolve(`closed ${code}`));
    socket.on('unexpected-response', (_request, response) => resolve(`HTTP ${response.statusCode}`));
    socket.on('error', () => undefined);
  });
}

describe('a Cookie header holding a cookie that is not valid percent-encoding', () => {
  const { start, signIn } = closedAfterEach();
  /** Set by another program on the same host name, or by anyone's script: not ours to decode. */
  const STRAY = 'other=%E0%A4%A';

  test("signs its visitor in by the session cookie beside it, on every door, and logs nothing as the server's fault", async () => {
    const { logger, lines } = loggedLines('info');
    const server = await start({}, { logger });
    const ann = await signIn(server, 'Ann');
    const cookie = `${STRAY}; ${ann.cookie}`;
    const headers = { cookie, [TOKEN_REQUEST_HEADER]: 'test' };

    const trpc = clientFor(server, cookie, null);
    try {
      expect(await trpc.client.session.me.query()).toMatchObject({ id: ann.userID, name: 'Ann' });
    } finally {
      trpc.close();
    }
    const rest = await fetch(`${server.url}/api/user/${ann.userID}/rating`, { headers });
    expect(rest.status).toBe(200);
    const graphql = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(await graphql.json()).toEqual({ data: { me: { id: ann.userID } } });
    const jwt = await fetch(`${server.url}/auth/jwt`, { headers });
    expect([jwt.status, (await jwt.json()) as unknown]).toEqual([200, { ok: true, jwt: expect.any(String) }]);

    // The websockets read the same cookie at their handshake.
    const ws = server.url.replace('http', 'ws');
    expect(JSON.parse(await firstMessage(`${ws}/trpc`, headers, { id: 1, method: 'query', params: { path: 'session.me' } }))).toMatchObject({
      id: 1,
      result: { data: { id: ann.userID } },
    });
    expect(JSON.parse(await firstMessage(`${ws}/channel`, headers, { type: 'subscribe', topic: 'lobby/l_none' }))).toEqual({
      type: 'error',
      message: 'Lobby l_none not found.',
    });

    // Logging out reads it too: the session ends, and the cookie no longer signs anyone in.
    const logout = await fetch(`${server.url}/auth/logout`, { headers, redirect: 'manual' });
    expect(logout.status).toBe(302);
    expect(await server.app.services.sessions.validate(ann.cookie.slice(ann.cookie.indexOf('=') + 1))).toBeNull();
    expect(errorLines(lines)).toEqual([]);
  });

  test('alone, or as the session cookie itself, leaves its visitor anonymous, not a server fault', async () => {
    const { logger, lines } = loggedLines('info');
    const server = await start({}, { logger });
    for (const cookie of [STRAY, 'mythos_session=%E0%A4%A', `mythos_session=%; ${STRAY}`]) {
      const trpc = clientFor(server, cookie, null);
      try {
        expect(await trpc.client.session.me.query()).toBeNull();
      } finally {
        trpc.close();
      }
      const definitions = await fetch(`${server.url}/api/game_definitions`, { headers: { cookie } });
      expect(definitions.status).toBe(200);
      const rest = await fetch(`${server.url}/api/game/g_none/state`, { headers: { cookie } });
      expect([rest.status, await rest.json()]).toEqual([401, { ok: false, error: 'You must be logged in.' }]);
    }
    expect(errorLines(lines)).toEqual([]);
  });
});

describe("the page shell's If-None-Match", () => {
  const { start } = closedAfterEach();
  const build = webClientBuilds();
  /** A built web client of one shell, so that every page path is answered with it. */
  const webDir = () => build({ 'index.html': '<!doctype html><title>Mythos</title><div id="root"></div>' });

  test('is read in time linear in its length: a long run of spaces costs what its bytes do', async () => {
    const server = await start({ webDir: webDir() });
    const get = (headers: Record<string, string>) => server.app.fastify.inject({ method: 'GET', url: '/lobby-list', headers });
    const etag = String((await get({})).headers.etag);
    // Still compared tag by tag, with the spaces around each comma: the page's own tag is a 304.
    expect((await get({ 'if-none-match': `W/"old-gzip" ,  ${etag}` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': `W/"old-gzip",${etag.slice(0, -2)}x"` })).statusCode).toBe(200);

    // Past the 16 KB the network lets a request's headers hold (inject writes none of it), so that
    // the split's cost shows far above the noise: 100,000 spaces took over 3 s, each place a scan
    // of the run after it; now a few milliseconds.
    const started = performance.now();
    const answer = await get({ 'if-none-match': `"a"${' '.repeat(100_000)}"b"` });
    const took = performance.now() - started;
    expect(answer.statusCode).toBe(200);
    expect(took).toBeLessThan(1_000);
  });
});
