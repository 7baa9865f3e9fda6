/**
 * The twenty-third security review: what the server reads of a stranger's request, and what it
 * does with it, before any limit counts it, searched for work that grows faster than the bytes
 * sent (a pattern that scans a run again from each of its places) or a throw that becomes a
 * server fault. Each hole is proved here before it was fixed.
 *
 * - The page shell matched a request's path against the route table after dropping its trailing
 *   slashes with `/\/+$/`, which, at each slash of a run that does not end the path, scans the
 *   rest of the run before it fails: a path of 16,300 slashes and a letter, the most a request's
 *   head may hold, cost 80 ms of the event loop's CPU over the network (a page, 1 ms), and pages
 *   are counted by no limit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closedAfterEach } from './support.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A built web client of one shell and one page of the route table (`/lobby/:id`), which names its chunk. */
function webDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-web-'));
  made.push(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Mythos</title></head><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(dir, '.vite'));
  const routes = [{ path: '/lobby/:id', modules: ['/assets/lobby-page.js'], styles: [], fetches: [] }];
  fs.writeFileSync(path.join(dir, '.vite', 'routes.json'), JSON.stringify({ routes }));
  return dir;
}

describe("a page's path", () => {
  const { start } = closedAfterEach();

  test('is matched against the route table in time linear in its length: a long run of slashes costs what its bytes do', async () => {
    const server = await start({ webDir: webDir() });
    const get = (url: string) => server.app.fastify.inject({ method: 'GET', url });
    // Trailing slashes are still dropped before the match: the lobby page names its chunk.
    for (const url of ['/lobby/l_1', '/lobby/l_1///', '/LOBBY/l_1/']) expect((await get(url)).body).toContain('/assets/lobby-page.js');
    for (const url of ['/lobby', '/lobby//', '/lobby/l_1/x', '/lobby//l_1']) expect((await get(url)).body).not.toContain('/assets/lobby-page.js');

    // Past the 16 KB a request's head may hold over the network (inject writes none of it), so
    // that the cost shows far above the noise: 100,000 slashes and a letter took over 3 s, each
    // slash a scan of the run after it; now a few milliseconds.
    const started = performance.now();
    const answer = await get(`/${'/'.repeat(100_000)}a`);
    const took = performance.now() - started;
    expect(answer.statusCode).toBe(200);
    expect(took).toBeLessThan(1_000);
  });
});
