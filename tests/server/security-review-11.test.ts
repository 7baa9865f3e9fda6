/**
 * Weaknesses an eleventh security review found, each proved here before it was fixed: websocket
 * messages that cost the server far more than they counted. A tRPC PONG nobody asked for counted
 * nothing (one anonymous socket sent 2.9 million in 3 s and kept a core busy); a message could
 * come in 16,384 frames, each inflated on its own when compressed, before it counted once (98 KB
 * to send, 0.5 s of CPU); and a socket closed unread still inflated, message by message, all
 * that it had read before (0.8 s of CPU for a socket refused at its first message).
 */
import type net from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import WebSocket from 'ws';
import { startServer, type Server } from './support.js';

const tooMany = 'Too many requests from your address: at most 20 in 10 seconds. Wait a moment.';

/** Each test's own server, so that each starts with none of the address's requests counted. */
let server: Server;
beforeEach(async () => {
  server = await startServer({ requestsPerAddress: 20 });
});
afterEach(async () => {
  await server.close();
});

/** A websocket as any script could open one, with no account: what it hears, and how it closes. */
async function open(path: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}${path}`, options);
  await once(socket, 'open');
  const closed = new Promise<[number, string]>((resolve) => socket.once('close', (code, reason) => resolve([code, reason.toString()])));
  const heard: string[] = [];
  socket.on('message', (data: WebSocket.RawData) => heard.push(data.toString()));
  return { socket, closed, heard };
}

describe("a tRPC socket's PONG", () => {
  test("counts among the address's requests unless it answers the server's own PING: past them the socket is closed (1008)", async () => {
    // Unasked, a PONG counted nothing: one socket sent 2.9 million in 3 s and kept a core busy,
    // and compressed (each inflated on its own), 4 MB of them kept it busy for 24 s.
    const flooder = await open('/trpc');
    for (let i = 0; i < 20; i++) flooder.socket.send('PONG');
    // A moment for a close, which must not come yet (20 of 20).
    await sleep(200);
    expect(flooder.socket.readyState).toBe(WebSocket.OPEN);
    flooder.socket.send('PONG');
    expect(await flooder.closed).toEqual([1008, tooMany]);
    expect(flooder.heard).toEqual([]);

  });

  test("that answers the server's PING (sent to a socket quiet for 12 s) is free, even with the address's requests spent", async () => {
    const quiet = await open('/trpc');
    await new Promise<void>((resolve) => quiet.socket.on('message', (data: WebSocket.RawData) => data.toString() === 'PING' && resolve()));
    for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/trpc/session.me`)).status).toBe(200);
    quiet.socket.send('PONG');
    // A moment for a close, which must not come: the answer to the server's PING is free.
    await sleep(200);
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN);
    // A second PONG answers nothing.
    quiet.socket.send('PONG');
    expect(await quiet.closed).toEqual([1008, tooMany]);
  }, 30_000);
});

describe('a websocket message in many frames', () => {
  test.each(['/trpc', '/channel'])('is read in at most 16 on %s: one in 17 closes the socket (1008) unanswered', async (path) => {
    // ws took up to 16,384 frames for one message, each inflated on its own when compressed: one
    // message of empty frames, 98 KB to send, cost 0.5 s of CPU before it counted once.
    const message = path === '/trpc' ? JSON.stringify({ id: 1, method: 'query', params: { path: 'session.me' } }) : JSON.stringify({ type: 'subscribe', topic: 'nope' });
    const inFrames = (socket: WebSocket, frames: number) => {
      for (let i = 0; i < frames - 1; i++) socket.send(i === 0 ? message : '', { fin: false });
      socket.send('', { fin: true });
    };
    const sixteen = await open(path);
    inFrames(sixteen.socket, 16);
    for (let i = 0; i < 50 && sixteen.heard.length === 0; i++) await sleep(20);
    expect(sixteen.heard).toEqual([path === '/trpc' ? JSON.stringify({ id: 1, result: { type: 'data', data: null } }) : JSON.stringify({ type: 'error', message: 'Unknown topic: nope' })]);
    sixteen.socket.close();

    const seventeen = await open(path);
    inFrames(seventeen.socket, 17);
    expect(await seventeen.closed).toEqual([1008, '']);
    expect(seventeen.heard).toEqual([]);
  });
});

describe('a socket closed unread', () => {
  test('inflates nothing more of what its client sent before the refusal', async () => {
    // Compressed, each message is inflated on its own (about 100 us of CPU for a few bytes): a
    // socket refused at its first message still inflated, one by one, the 80 KB or so ws had read.
    const requests = server.app.services.requests;
    const take = requests.take.bind(requests);
    let counted = 0;
    requests.take = (key, count) => {
      counted += 1;
      return take(key, count);
    };
    try {
      const flooder = await open('/trpc', { perMessageDeflate: { clientNoContextTakeover: true } });
      expect(flooder.socket.extensions).toContain('permessage-deflate');
      // 2,000 compressed messages that are not JSON, written at once: each counts as a request.
      const deflated = zlib.deflateRawSync(Buffer.from('x'), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).subarray(0, -4);
      const mask = Buffer.from([1, 2, 3, 4]);
      const frame = Buffer.concat([Buffer.from([0xc1, 0x80 | deflated.length]), mask, Buffer.from(deflated.map((byte, i) => byte ^ mask[i % 4]!))]);
      (flooder.socket as unknown as { _socket: net.Socket })._socket.write(Buffer.concat(Array.from({ length: 2_000 }, () => frame)));
      expect(await flooder.closed).toEqual([1008, tooMany]);
      // Twenty answered (each a parse error), the twenty-first refused; of the rest, at most what was being inflated then.
      expect(flooder.heard).toHaveLength(20);
      expect(counted).toBeLessThan(30);
    } finally {
      requests.take = take;
    }
  });
});

describe("GraphQL's introspection (__schema, __type)", () => {
  test('counts for the fields it could resolve, as any query does: past the limit it is refused unrun', async () => {
    // Counted as fields of no type, it cost nothing: fifteen aliases of __schema with every type's
    // fields and arguments (384 KB an answer, 23 ms of CPU) counted as one request, and one
    // address's 600 of them held another person's request 177 ms. The counts below are this
    // schema's: GraphiQL's introspection could resolve 8,385 fields (42 requests).
    const limited = await startServer({ requestsPerAddress: 100 });
    try {
      const signedIn = await fetch(`${limited.url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'Asker' }), redirect: 'manual' }); // 1 of 100
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      const ask = async (query: string) => {
        const answer = await fetch(`${limited.url}/api/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
        return [answer.status, await answer.json()] as [number, { data?: { __schema?: { queryType: { name: string } } } | null; errors?: { message: string }[] }];
      };
      // GraphiQL's own introspection is answered: 43 of 100, then 85.
      for (let i = 0; i < 2; i++) {
        const [status, body] = await ask(getIntrospectionQuery());
        expect(status).toBe(200);
        expect(body.data?.__schema?.queryType.name).toBe('Query');
      }
      // The third would pass 100: refused unrun (86 of 100).
      expect(await ask(getIntrospectionQuery())).toEqual([
        429,
        { data: null, errors: [{ message: 'Too many fields asked for from your address: this query could ask for 8385, and each 200 count as one of the 100 requests allowed in 10 seconds. Wait a moment, or ask for fewer.' }] },
      ]);
      // Fifteen aliases of it are past what one request may ask for.
      const typeRef = 'type { name kind ofType { name kind ofType { name kind } } }';
      const fragment = `fragment F on __Schema { types { name kind description fields(includeDeprecated: true) { name description isDeprecated deprecationReason args { name description defaultValue ${typeRef} } ${typeRef} } } }`;
      const aliases = Array.from({ length: 15 }, (_, i) => `a${i}: __schema { ...F }`).join(' ');
      const [status, body] = await ask(`{ ${aliases} } ${fragment}`);
      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.message)).toEqual(['This query could ask for 46260 fields, more than the 20000 a request may: ask for fewer lists, or fewer fields in them.']);
    } finally {
      await limited.close();
    }
  });
});
