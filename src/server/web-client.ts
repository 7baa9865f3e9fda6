/**
 * Serves the built web client (dist/web) from the API's own process: hashed files under /assets
 * are cached for a year, index.html is revalidated every time, and any other GET that is not an
 * API path gets the single-page app's shell so the client's router can take it. Files compressed
 * at build time (.br, .gz beside the original) are sent to browsers that accept them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths that belong to the API: an unknown one is a JSON 404, never the web client's shell. */
const API_PATH = /^\/(api|trpc|auth|channel)(\/|\?|$)/;

const NOT_BUILT =
  'Mythos server is running. The web client has not been built, so only the API is served here: /trpc, /api, /auth and the /channel websocket (docs/protocol.md).';

export async function registerWebClient(fastify: FastifyInstance, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  await fastify.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    preCompressed: true,
    // Cache-Control is set here, by file, rather than by `send`'s one-size default.
    cacheControl: false,
    setHeaders(response, file) {
      const hashed = path.relative(root, file).startsWith(`assets${path.sep}`);
      response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });

  const shell = (reply: FastifyReply) =>
    fs.existsSync(path.join(root, 'index.html')) ? reply.sendFile('index.html') : reply.code(404).type('text/plain').send(NOT_BUILT);

  // The site's root is the static root directory, and a directory without an index is a 403 to
  // the static plugin whenever no precompressed variant is asked for (curl, health checks,
  // link previews): the root is a page like any other.
  fastify.get('/', async (_request, reply) => shell(reply));

  fastify.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const page = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);
    if (!page) return reply.code(404).send({ ok: false, error: `Not found: ${request.method} ${url}` });
    // A missing hashed file is a stale page asking for an old build: a 404, not the shell.
    if (url.startsWith('/assets/')) return reply.code(404).type('text/plain').send(`Not found: ${url}`);
    return shell(reply);
  });
}
