/**
 * The built web client served by the API's process: every page path (the root too, whatever the
 * client's Accept-Encoding) gets the single-page app's shell, hashed assets are cached for good,
 * and a missing asset or API path is a 404, never the shell. A path of the route table gets the
 * shell naming its page's files, as the build's manifest lists them, compressed as asked.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_FILES, routeFiles } from '../../src/server/route-files.js';
import { ROUTES } from '../../src/web/route-table.js';
import { PAGE_FRAMES } from '../../src/web/page-frames.js';
import { startServer, webClientBuilds, type Server } from './support.js';

const SHELL = '<!doctype html><title>Mythos</title><div id="root"></div>';

const webClient = webClientBuilds();

/** A response's body, decompressed as its Content-Encoding says. */
function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.rawPayload.toString();
}

function webDir(withShell: boolean): string {
  return webClient({ 'assets/app-1a2b3c.js': 'console.log("mythos")', ...(withShell ? { 'index.html': SHELL } : {}) });
}

describe('the web client', () => {
  let built: Server;
  let unbuilt: Server;
  beforeAll(async () => {
    [built, unbuilt] = await Promise.all([startServer({ webDir: webDir(true) }), startServer({ webDir: webDir(false) })]);
  });
  afterAll(async () => {
    await Promise.all([built?.close(), unbuilt?.close()]);
  });

  const get = (server: Server, url: string, headers: Record<string, string> = {}) => server.app.fastify.inject({ method: 'GET', url, headers });

  it('answers the root with the shell, with or without an Accept-Encoding (curl and health checks send none)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Record<string, string>[]) {
      const response = await get(built, '/', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(decoded(response)).toBe(SHELL);
    }
    expect((await built.app.fastify.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it("answers any other page path with the shell, for the client's router", async () => {
    for (const url of ['/lobby', '/game/g_abc?spectate=1', '/rules']) {
      const response = await get(built, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    }
  });

  it('caches hashed assets for a year, and answers a missing one or an unknown API path with a 404', async () => {
    const asset = await get(built, '/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await get(built, '/assets/app-000000.js');
    expect([stale.statusCode, stale.body]).toEqual([404, 'Not found: /assets/app-000000.js']);
    const api = await get(built, '/api/nothing-here');
    expect([api.statusCode, api.json()]).toEqual([404, { ok: false, error: 'Not found: GET /api/nothing-here' }]);
  });

  it('says so at the root when the web client has not been built', async () => {
    const response = await get(unbuilt, '/');
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/^Mythos server is running\. The web client has not been built/);
  });
});

/**
 * A build's manifest as Vite writes it (keys relative to its root, src/web): the entry with its
 * stylesheet and a chunk it shares with the login page, the login page with a chunk and a
 * stylesheet of its own, the game page, the rules page with its text. The other pages are chunks
 * without imports.
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true, imports: ['_react-r1.js'], css: ['assets/index-c1.css'] },
  '_react-r1.js': { file: 'assets/react-r1.js', name: 'react' },
  '_Button-b1.js': { file: 'assets/Button-b1.js', name: 'Button', imports: ['_react-r1.js'], css: ['assets/Button-c2.css'] },
  'pages/login.tsx': { file: 'assets/login-l1.js', src: 'pages/login.tsx', isDynamicEntry: true, imports: ['_react-r1.js', '_Button-b1.js'], css: ['assets/login-c3.css'] },
  'pages/game.tsx': { file: 'assets/game-g1.js', src: 'pages/game.tsx', isDynamicEntry: true, imports: ['_Button-b1.js'] },
  'pages/rules.tsx': { file: 'assets/rules-p1.js', src: 'pages/rules.tsx', isDynamicEntry: true },
  '../../docs/rules.md': { file: 'assets/rules-m1.md', src: '../../docs/rules.md' },
  ...Object.fromEntries(
    ROUTES.filter((r) => !['login', 'game', 'rules'].includes(r.page)).map((r) => [`pages/${r.page}.tsx`, { file: `assets/${r.page}-x.js`, isDynamicEntry: true }]),
  ),
};

/** Vite's shell, padded as a real one is (its head names the entry's files). */
const VITE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Mythos</title>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">
  </head>
  <body>
    <div id="root"><div class="boot-shell"><!-- page-frame --><p class="boot-loading" role="status">Loading...</p><!-- /page-frame --></div></div>${' '.repeat(200)}
  </body>
</html>
`;

describe("a page's files named in its HTML", () => {
  let site: Server;
  beforeAll(async () => {
    const key = (file: string) => path.posix.relative('src/web', file);
    const dir = webClient({
      'index.html': VITE_SHELL,
      '.vite/manifest.json': JSON.stringify(MANIFEST),
      [ROUTE_FILES]: JSON.stringify({ routes: routeFiles(ROUTES, MANIFEST, key, '/', PAGE_FRAMES) }),
    });
    site = await startServer({ webDir: dir });
  });
  afterAll(async () => {
    await site?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => site.app.fastify.inject({ method: 'GET', url, headers });
  const links = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);

  it("names the login page's chunks (not the entry's) and its stylesheets, in the order Vite loads them, after the entry's", async () => {
    const response = await get('/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(links(response.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">',
      // The client's first batch, the session and the site's settings: the same address for everyone.
      '<link rel="preload" as="fetch" crossorigin href="/trpc/session.me,definitions.site?batch=1&amp;input=%7B%7D">',
      '<link rel="modulepreload" crossorigin href="/assets/login-l1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Button-b1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/Button-c2.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/login-c3.css">',
    ]);
    // After the entry's stylesheet, inside the head.
    expect(response.body.indexOf('index-c1.css')).toBeLessThan(response.body.indexOf('login-l1.js'));
    expect(response.body.indexOf('login-c3.css')).toBeLessThan(response.body.indexOf('</head>'));
    // react-r1.js, the entry's, is not named twice.
    expect(response.body.match(/react-r1\.js/g)).toHaveLength(1);
  });

  it("gives a path with parameters its page's chunk (any case, with or without a trailing slash, with a query), and the rules their text", async () => {
    for (const url of ['/game/abc', '/Game/g_abc/', '/game/abc?spectate=1']) {
      const { body } = await get(url);
      expect(body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/game-g1.js">');
      expect(body, url).not.toContain('login-l1.js');
    }
    expect((await get('/game/abc/replay')).body).toContain('href="/assets/replay-x.js"');
    expect((await get('/game/abc/replay')).body).not.toContain('game-g1.js');
    const rules = await get('/rules');
    expect(links(rules.body)).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/rules-m1.md">');
    expect(links(rules.body)).toContain('<link rel="modulepreload" crossorigin href="/assets/rules-p1.js">');
    // Every page of the route table preloads the first batch.
    for (const url of ['/', '/lobby-list', '/game/abc', '/dev', '/all-cards']) expect((await get(url)).body, url).toContain('href="/trpc/session.me,definitions.site?batch=1&amp;input=%7B%7D"');
  });

  it("draws the card gallery's top in its HTML, in the shell's place for it, and no other page's", async () => {
    const { body } = await get('/all-cards');
    const frame = body.slice(body.indexOf('<div class="boot-shell">'), body.indexOf('</div></div>'));
    expect(frame).toBe(
      '<div class="boot-shell"><main class="boot-main"><div class="boot-gallery"><h1 class="boot-gallery-title">Cards</h1>' +
        '<input type="search" class="boot-gallery-search" data-frame-search placeholder="Find a card: a name, affinity, type or ability" aria-label="Find a card" maxlength="80">' +
        '<p class="boot-gallery-loading">Loading...</p></div></main>',
    );
    for (const url of ['/login', '/rules', '/', '/game/abc', '/nope']) expect((await get(url)).body, url).toContain('<div class="boot-shell"><!-- page-frame --><p class="boot-loading" role="status">Loading...</p><!-- /page-frame --></div>');
  });

  it('gives an unknown path, and a known one with more segments, the plain shell', async () => {
    for (const url of ['/nope', '/login/more', '/game', '/game//']) {
      const response = await get(url);
      expect([url, response.statusCode, response.body]).toEqual([url, 200, VITE_SHELL]);
    }
  });

  it('sends brotli, gzip or none as Accept-Encoding asks, each with its own entity tag, and revalidates with a 304', async () => {
    const plain = (await get('/login')).body;
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain));
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const refused = await get('/login', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const none = await get('/login', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
    expect(new Set([br.headers.etag, gzip.headers.etag, none.headers.etag]).size).toBe(3);
    const again = await get('/login', { 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers.etag) });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    // The root and an unknown path come compressed as well.
    expect((await get('/', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect(zlib.gunzipSync((await get('/nope', { 'accept-encoding': 'gzip' })).rawPayload).toString()).toBe(VITE_SHELL);
  });

  it("keeps the build's own records to itself", async () => {
    for (const url of ['/.vite/manifest.json', `/${ROUTE_FILES}`]) {
      const response = await get(url);
      expect(response.body, url).toBe(VITE_SHELL);
    }
  });
});
