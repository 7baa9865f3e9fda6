/**
 * Who may be handed a websocket token: only a script of this site itself, or a protocol client.
 *
 * A token is the visitor for anyone holding it, and a GET is what any page can make the browser
 * send with the visitor's cookie: `<script src="http://ourhost:3000/auth/jwt">` from a page on
 * another port of the same host carries the SameSite=Lax cookie, and the answer, run as a script,
 * gave the whole token to a Proxy on the global named after the JWT's fixed header. So the token
 * endpoints (GET /auth/jwt, and `session.jwt` over tRPC's HTTP GET) ask for proof that the request
 * is the site's own fetch:
 *
 * - A header of our own (TOKEN_REQUEST_HEADER). A `<script>`, `<img>`, `<link>`, frame or form
 *   cannot send one, and a fetch from another origin that adds it must first pass a CORS
 *   preflight, which this server never grants. This holds in every browser, old ones included, and
 *   a protocol client just sends it.
 * - Fetch Metadata, when the browser sends it: `Sec-Fetch-Site: same-origin` (not another port,
 *   site or the address bar) and `Sec-Fetch-Dest: empty` (fetch, not a script or frame).
 * - An `Origin`, when there is one, of this site.
 *
 * The answer is JSON sent with `nosniff` (security-headers.ts), which a browser will not run as a
 * script even if all of the above were somehow passed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isCrossSite } from '../http-server.js';
import { TOKEN_REQUEST_HEADER } from '../../shared/token-header.js';

export { TOKEN_REQUEST_HEADER };

/** A token request from another page (another site, another port, a script tag, a frame). */
export const FOREIGN_TOKEN_REQUEST = "Tokens are only for this site's own pages: ask with fetch from a page of this site.";

/** A token request without the header: a protocol client that does not send it yet, or a page's tag. */
export const UNMARKED_TOKEN_REQUEST = `Ask for a token with the ${TOKEN_REQUEST_HEADER} header (any value).`;

/** Why a token may not be given in answer to these headers, or null if it may. */
export function tokenRequestRefusal(headers: IncomingHttpHeaders, publicUrl: string): string | null {
  const site = headers['sec-fetch-site'];
  const dest = headers['sec-fetch-dest'];
  if ((site !== undefined && site !== 'same-origin') || (dest !== undefined && dest !== 'empty')) return FOREIGN_TOKEN_REQUEST;
  if (isCrossSite(headers.origin, headers.host, publicUrl)) return FOREIGN_TOKEN_REQUEST;
  if (headers[TOKEN_REQUEST_HEADER.toLowerCase()] === undefined) return UNMARKED_TOKEN_REQUEST;
  return null;
}
