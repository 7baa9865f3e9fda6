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
 * - GraphQL's variables written as JSON text (a GET's `variables=`, or a POST's `"variables"` given
 *   as a string) were parsed by graphql-helix after the server's checks: text that was valid JSON
 *   but no object (`variables=1`, `true`, `"x"`) failed inside graphql, and was answered as the
 *   server's fault, "Something went wrong on our side." (500), and logged as an error, where the
 *   same value sent as an object was the caller's error (400).
 */
import { describe, expect, test } from 'vitest';
import { TOKEN_REQUEST_HEADER } from '../../src/shared/token-header.js';
import { closedAfterEach, errorLines, loggedLines, webClientBuilds } from './support.js';

const build = webClientBuilds();
/** A built web client of one shell and one page of the route table (`/lobby/:id`), which names its chunk. */
const webDir = () =>
  build({
    'index.html': '<!doctype html><html><head><title>Mythos</title></head><body><div id="root"></div></body></html>',
    '.vite/routes.json': JSON.stringify({ routes: [{ path: '/lobby/:id', modules: ['/assets/lobby-page.js'], styles: [], fetches: [] }] }),
  });

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

describe("GraphQL's variables written as JSON text", () => {
  const { start, signIn } = closedAfterEach();

  test('that is no object are refused as the caller\'s error, on GET and POST, and nothing is logged as the server\'s fault', async () => {
    const { logger, lines } = loggedLines('info');
    const server = await start({}, { logger });
    const ann = await signIn(server, 'Ann');
    const headers = { cookie: ann.cookie, [TOKEN_REQUEST_HEADER]: 'test' };
    const query = 'query($id: ID!) { user(id: $id) { id } }';
    const get = async (variables: string) => {
      const answer = await fetch(`${server.url}/api/graphql?${new URLSearchParams({ query, variables })}`, { headers });
      return [answer.status, await answer.json()];
    };
    const post = async (variables: unknown) => {
      const answer = await fetch(`${server.url}/api/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
      return [answer.status, await answer.json()];
    };
    const refused = [400, { data: null, errors: [{ message: 'The variables must be a JSON object.' }] }];
    for (const text of ['1', '-1', 'true', '"x"', '[]']) {
      expect(await get(text)).toEqual(refused);
      expect(await post(text)).toEqual(refused);
    }
    // Text that is no JSON at all, as before.
    expect(await get('{')).toEqual([400, { errors: [{ message: 'Variables are invalid JSON.' }] }]);
    expect(await post('{')).toEqual([400, { errors: [{ message: 'Variables are invalid JSON.' }] }]);

    // An object's text is read as the object, on both.
    const found = [200, { data: { user: { id: ann.userID } } }];
    expect(await get(JSON.stringify({ id: ann.userID }))).toEqual(found);
    expect(await post(JSON.stringify({ id: ann.userID }))).toEqual(found);
    expect(await post({ id: ann.userID })).toEqual(found);
    expect(errorLines(lines)).toEqual([]);
  });
});
