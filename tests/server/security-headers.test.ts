/**
 * The headers every response carries, on both ports, whatever answers it (a page, an asset, the
 * API, a refusal, a websocket handshake refused, the connection limit's raw 429): `nosniff`
 * everywhere, and a Content-Security-Policy with no inline script that no page may frame.
 */
import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInGuest, SMALL_WEB_CLIENT, startServer, webClientBuilds, type Guest, type Server } from './support.js';

const FOREIGN = 'http://127.0.0.1:1';

let server: Server;
let channelPort: FastifyInstance;
let channelURL: string;
let guest: Guest;
const webClient = webClientBuilds();

beforeAll(async () => {
  const webDir = webClient(SMALL_WEB_CLIENT);
  server = await startServer({ webDir });
  channelPort = await server.app.channelServer();
  await channelPort.listen({ port: 0, host: '127.0.0.1' });
  channelURL = `http://127.0.0.1:${(channelPort.server.address() as net.AddressInfo).port}`;
  guest = await signInGuest(server, 'Headed');
});
afterAll(async () => {
  guest.close();
  await server.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** A request as a browser or client sends it, answered whole (a refused websocket handshake too). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode!, headers: response.headers });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const handshake = (extra: Record<string, string>) => ({
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  ...extra,
});

describe('every response', () => {
  it('says nosniff, on the main port and on the channel port, refusals and errors included', async () => {
    const cookie = { cookie: guest.cookie };
    const cases: [string, string, Parameters<typeof request>[1], number][] = [
      ['page', '/', {}, 200],
      ['page path', '/lobby-list', {}, 200],
      ['asset', '/assets/app-1a2b3c.js', {}, 200],
      ['missing asset', '/assets/gone-000000.js', {}, 404],
      ['REST', '/api/game_definitions', {}, 200],
      ['REST refusal', '/api/game_history_list', {}, 401],
      ['unknown API path', '/api/nothing', {}, 404],
      ['GraphQL', '/api/graphql?query=%7Blobbies%7Bid%7D%7D', { headers: cookie }, 200],
      ['tRPC query', '/trpc/session.me', { headers: cookie }, 200],
      ['tRPC subscription over HTTP', '/trpc/lobbies.onList', {}, 405],
      ['websocket path as a GET', '/channel', {}, 426],
      ['cross-site write', '/trpc/lobbies.create', { method: 'POST', headers: { ...cookie, origin: FOREIGN, 'content-type': 'application/json' }, body: '{}' }, 403],
      ['body that is not JSON', '/auth/guest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }, 400],
      ['body too large', '/auth/guest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(70_000)}"` }, 413],
      ['token refused', '/auth/jwt', { headers: cookie }, 403],
      ['token', '/auth/jwt', { headers: { ...cookie, 'x-mythos-client': 'test' } }, 200],
      ['OAuth not configured', '/auth/discord', {}, 404],
      ['logout', '/auth/logout', {}, 302],
      ['cross-site websocket handshake with the cookie', '/trpc', { headers: handshake({ ...cookie, origin: FOREIGN }) }, 403],
      ['cross-site /channel handshake with the cookie', '/channel', { headers: handshake({ ...cookie, origin: FOREIGN }) }, 403],
    ];
    for (const [what, url, options, status] of cases) {
      const answer = await request(`${server.url}${url}`, options);
      expect([what, answer.status, answer.headers['x-content-type-options']]).toEqual([what, status, 'nosniff']);
    }
    const onChannelPort: [string, string, Parameters<typeof request>[1], number][] = [
      ['anything else', '/', {}, 404],
      ['websocket path as a GET', '/channel', {}, 404],
      ['cross-site handshake with the cookie', '/channel', { headers: handshake({ ...cookie, origin: FOREIGN }) }, 403],
    ];
    for (const [what, url, options, status] of onChannelPort) {
      const answer = await request(`${channelURL}${url}`, options);
      expect([`channel port: ${what}`, answer.status, answer.headers['x-content-type-options']]).toEqual([`channel port: ${what}`, status, 'nosniff']);
    }
  });

  it("says nosniff on the connection limit's 429, written before any request is read", async () => {
    const limited = await startServer({ maxConnectionsPerAddress: 1 });
    const port = new URL(limited.url).port;
    const held = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => held.once('connect', resolve));
    const refused = net.connect(Number(port), '127.0.0.1');
    let raw = '';
    refused.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    await new Promise((resolve) => refused.once('close', resolve));
    held.destroy();
    await limited.close();
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
  });
});

describe("the site's pages", () => {
  it('carry a Content-Security-Policy with no inline script, and may not be framed', async () => {
    for (const url of ['/', '/lobby-list', '/game/g_x']) {
      const { headers } = await request(`${server.url}${url}`);
      expect(headers['content-type']).toMatch(/^text\/html/);
      const directives = Object.fromEntries(
        String(headers['content-security-policy']).split(';').map((directive) => {
          const [name, ...values] = directive.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: https:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect({
        frame: headers['x-frame-options'],
        resource: headers['cross-origin-resource-policy'],
        opener: headers['cross-origin-opener-policy'],
        referrer: headers['referrer-policy'],
      }).toEqual({ frame: 'DENY', resource: 'same-origin', opener: 'same-origin', referrer: 'same-origin' });
    }
  });
});
