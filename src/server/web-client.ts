/**
 * Serves the built web client (dist/web) from the API's own process: hashed files under /assets
 * are cached for a year, HTML is revalidated every time, and any other GET that is not an API path
 * gets the single-page app's shell so the client's router can take it. Files compressed at build
 * time (.br, .gz beside the original) are sent to browsers that accept them.
 *
 * A path of the route table (src/web/route-table.ts) gets the shell with its page's files named in
 * its head (modulepreload for the page's chunks, preload for its stylesheets and the files it
 * fetches; the build lists them in dist/web/.vite/routes.json), so the browser fetches them beside
 * the entry script instead of after it has run (docs/decisions.md), and with the client's first
 * batch of queries (the session and the site's settings), which every page waits for. Each page's
 * HTML is made and compressed once, at startup.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import { FIRST_BATCH_URL } from '../shared/first-batch.js';
import { escapeHtml, withPageFrame } from '../shared/page-frame.js';
import { ROUTE_FILES, type RouteFiles } from './route-files.js';

/** Paths that belong to the API: an unknown one is a JSON 404, never the web client's shell. */
const API_PATH = /^\/(api|trpc|auth|channel)(\/|\?|$)/;

const NOT_BUILT =
  'Mythos server is running. The web client has not been built, so only the API is served here: /trpc, /api, /auth and the /channel websocket (docs/protocol.md).';

/** One HTML document, as sent: as it is, brotli and gzip (each only when smaller), and its entity tag's stem. */
interface Html {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

/**
 * Each document compressed once per process, kept by its text. Brotli at its best quality is
 * about 90 ms of CPU for a build's two dozen documents: paid once by a server, but again at every
 * start of a server in a process that starts many (the test suite starts hundreds). A new build's
 * documents are new texts; the old ones are let go past a few builds' worth.
 */
const COMPRESSED = new Map<string, Html>();
const KEPT_DOCUMENTS = 200;

function compressed(html: string): Html {
  let made = COMPRESSED.get(html);
  if (!made) {
    if (COMPRESSED.size >= KEPT_DOCUMENTS) COMPRESSED.clear();
    COMPRESSED.set(html, (made = compress(html)));
  }
  return made;
}

function compress(html: string): Html {
  const identity = Buffer.from(html);
  const smaller = (variant: Buffer) => (variant.length < identity.length ? variant : undefined);
  return {
    identity,
    br: smaller(zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: smaller(zlib.gzipSync(identity, { level: 9 })),
    etag: crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 16),
  };
}

/**
 * The shell with the page's files named at the end of its head, after the entry's own: its chunks
 * as module preloads, its stylesheets and fetched files as preloads, and the client's first batch
 * (src/shared/first-batch.ts; the same address for everyone: the cookie says who asks). The
 * stylesheets stay preloads (not stylesheets): Vite's preload helper adds them when the chunk is
 * imported, in the place and order it always has, now from the cache. `crossorigin` as the entry's
 * links have it and as the helper and `fetch` request them, so the preloaded responses are the
 * ones used. A page with a frame of its own has it drawn under the site's.
 */
export function pageHtml(shell: string, files: RouteFiles): string {
  const links = [
    `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(FIRST_BATCH_URL)}">`,
    ...files.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
    ...files.fetches.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`),
  ];
  const end = shell.indexOf('</head>');
  if (end < 0) return shell;
  const html = `${shell.slice(0, end)}  ${links.join('\n    ')}\n  ${shell.slice(end)}`;
  return files.frame === undefined ? html : withPageFrame(html, files.frame);
}

/** A path's segments matched against a route's (`:name` any one segment; case-insensitive, as react-router's). */
function matches(route: string[], url: string[]): boolean {
  return route.length === url.length && route.every((segment, i) => (segment.startsWith(':') ? url[i] !== '' : segment.toLowerCase() === url[i]!.toLowerCase()));
}

/**
 * A path's segments, its trailing slashes dropped first. Dropped by a loop, in time linear in the
 * path: `/\/+$/` scanned a run of slashes again from each of its places when the run did not end
 * the path, and a page path of 16,300 slashes and a letter (the most a request's head holds) cost
 * 80 ms of CPU on a page no request limit counts (tests/server/security-review-23.test.ts).
 */
function segments(pathname: string): string[] {
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end--;
  return pathname.slice(0, end).split('/').slice(1);
}

/** The page files the build wrote, or none (a build from before they were written, or a test's shell). */
function readRouteFiles(root: string): RouteFiles[] {
  const file = path.join(root, ROUTE_FILES);
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { routes: RouteFiles[] }).routes;
}

/**
 * Whether an If-None-Match header lists `etag`. Split on its commas and trimmed, in time linear in
 * the header: split with `/\s*,\s*\/`, a run of spaces was scanned again from each of its places,
 * and a 16 KB header of spaces (the most a request's headers hold) cost 80 ms of CPU, on a page
 * that no request limit counts (tests/server/security-review-22.test.ts).
 */
function listsTag(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((tag) => tag.trim() === etag);
}

/** Brotli or gzip as the request's Accept-Encoding prefers (`;q=0` refuses one) among those the document has, else none. */
function encodingFor(request: FastifyRequest, html: Html): 'br' | 'gzip' | 'identity' {
  const offered = (['br', 'gzip'] as const).filter((encoding) => html[encoding] !== undefined);
  return negotiate(String(request.headers['accept-encoding'] ?? ''), offered) ?? 'identity';
}

export async function registerWebClient(fastify: FastifyInstance, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  await fastify.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    preCompressed: true,
    // The build's own records (.vite: Vite's manifest, the route files) are not the site's.
    dotfiles: 'ignore',
    // Cache-Control is set here, by file, rather than by `send`'s one-size default.
    cacheControl: false,
    setHeaders(response, file) {
      const hashed = path.relative(root, file).startsWith(`assets${path.sep}`);
      response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });

  // Every HTML document the server sends, made once: the shell, and the shell of each route's page.
  const index = path.join(root, 'index.html');
  const shellHtml = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : undefined;
  const shell = shellHtml === undefined ? undefined : compressed(shellHtml);
  const pages =
    shellHtml === undefined
      ? []
      : readRouteFiles(root).map((files) => ({ route: segments(files.path), html: compressed(pageHtml(shellHtml, files)) }));

  const sendHtml = (request: FastifyRequest, reply: FastifyReply) => {
    if (!shell) return reply.code(404).type('text/plain').send(NOT_BUILT);
    const url = segments(request.url.split('?')[0]!);
    const html = pages.find((page) => matches(page.route, url))?.html ?? shell;
    const encoding = encodingFor(request, html);
    const etag = `"${html.etag}-${encoding}"`;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
    if (listsTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(html[encoding] ?? html.identity);
  };

  // The site's root is the static root directory, and a directory without an index is a 403 to
  // the static plugin whenever no precompressed variant is asked for (curl, health checks,
  // link previews): the root is a page like any other.
  fastify.get('/', async (request, reply) => sendHtml(request, reply));

  fastify.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const page = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);
    if (!page) return reply.code(404).send({ ok: false, error: `Not found: ${request.method} ${url}` });
    // A missing hashed file is a stale page asking for an old build: a 404, not the shell.
    if (url.startsWith('/assets/')) return reply.code(404).type('text/plain').send(`Not found: ${url}`);
    return sendHtml(request, reply);
  });
}
