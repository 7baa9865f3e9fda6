/**
 * What the server's log says about requests: nothing at info (a busy server's log would be nothing
 * else), one line per finished request at debug (secrets in its query string redacted, as
 * security-sessions.test.ts shows).
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { startServer, type Server } from './support.js';

let server: Server | undefined;
afterEach(async () => server?.close());

async function logOf(level: 'info' | 'debug'): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  server = await startServer({ logLevel: level }, { logger: pino({ level }, sink) });
  await fetch(`${server.url}/api/game_definitions?secret=abc`);
  await fetch(`${server.url}/api/game/nope/state`);
  return lines;
}

describe('request logging', () => {
  test('at info, no line per request', async () => {
    const lines = await logOf('info');
    expect(lines.filter((line) => line.msg === 'request' || line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });

  test('at debug, one line per finished request: method, path, status, time', async () => {
    const requests = (await logOf('debug')).filter((line) => line.msg === 'request');
    // Each line is written when its response has gone, so the two may come in either order.
    const seen = requests.map(({ method, url, status }) => ({ method, url, status })).sort((a, b) => String(a.url).localeCompare(String(b.url)));
    expect(seen).toEqual([
      { method: 'GET', url: '/api/game_definitions?secret=abc', status: 200 },
      { method: 'GET', url: '/api/game/nope/state', status: 401 },
    ]);
    expect(requests.every((line) => typeof line.ms === 'number')).toBe(true);
  });
});
