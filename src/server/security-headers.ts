/**
 * The headers every response carries, on every port, refusals included (helmet sets them; each is
 * listed with its reason in docs/security.md). Built once: helmet checks the policy as it builds.
 *
 * - `X-Content-Type-Options: nosniff`: a browser runs a response as a script, or applies it as a
 *   style, only if it says it is one. Without it, GET /auth/jwt's token, loaded by another page
 *   with `<script src>`, ran as a script whose names a Proxy on that page's globals could read.
 * - `Content-Security-Policy`: scripts only from this site's own files, never inline or from
 *   `eval`, so injected markup cannot run; `frame-ancestors 'none'` and `X-Frame-Options: DENY`
 *   (for browsers without CSP 2): no page may frame the site to trick a click (clickjacking).
 *   Styles may be inline: Mantine and the charts set them on elements as they render.
 * - `Cross-Origin-Resource-Policy: same-origin`: no other origin (another port of this host
 *   included) may embed any response with a tag, whatever its type.
 * - `Cross-Origin-Opener-Policy: same-origin`: a page that opens the site in a window keeps no
 *   handle on it.
 * - `Referrer-Policy: same-origin`: the game and lobby addresses a player visits are not sent to
 *   other sites (the sign-in providers' picture hosts).
 *
 * - `Cache-Control: no-store`: no cache, the browser's or one on the way (a reverse proxy told to
 *   cache the site), keeps an answer: a token (`GET /auth/jwt`), a player's hand, their account.
 *   The site's own files replace it with their own (web-client.ts).
 *
 * Left out on purpose: HSTS (TLS ends at the reverse proxy, which sets it for the names it serves)
 * and the legacy headers for Internet Explorer and Flash.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The Content-Security-Policy directives, also read by the tests. */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // The icon is a data: URL; profile pictures come from the sign-in providers' hosts.
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // fetch, and the websocket to the same host and port.
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const setHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  xContentTypeOptions: true,
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

/** Sets the headers on every response the server sends, first thing, so refusals carry them too. */
export function addSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('cache-control', 'no-store');
    setHeaders(request.raw, reply.raw, () => done());
  });
}
