/**
 * The tRPC client: queries and mutations batched over HTTP, subscriptions over the server's tRPC
 * websocket. Only the router's *type* comes from the server, so no server code ships; the batch
 * size is the limit the server enforces, the header the server looks for on a token request and
 * the first batch's queries, from src/shared.
 */
import { createTRPCReact } from '@trpc/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { MAX_REQUESTS_IN_FLIGHT } from '../../shared/request-limits.js';
import { FIRST_QUERIES } from '../../shared/first-batch.js';
import { TOKEN_REQUEST_HEADER } from '../../shared/token-header.js';
import type { AppRouter } from '../../server/trpc/router.js';

export const trpc = createTRPCReact<AppRouter>();

function websocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

/**
 * One websocket for the whole page; it reconnects by itself after a drop. It pings the server
 * when quiet, so a connection that died without closing (a network gone, a laptop's sleep) is
 * closed within 15 s and the page says it is reconnecting: without it a page offline for 20 s
 * said nothing. (The server answers "PING" with "PONG" and counts the PING among the address's
 * requests, as it counts a "PONG" it did not ask for; the page sends one PING in 10 s at most.)
 */
export const wsClient = createWSClient({
  url: websocketUrl,
  lazy: { enabled: true, closeMs: 60_000 },
  retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 5_000),
  keepAlive: { enabled: true, intervalMs: 10_000, pongTimeoutMs: 5_000 },
});

const isFirstQuery = (path: string) => (FIRST_QUERIES as readonly string[]).includes(path);

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient }),
      false: splitLink({
        // The session and the site's settings go in a batch of their own, whatever else a page
        // asks for at the same moment, so the first one's address is the one each page's HTML
        // preloads (src/shared/first-batch.ts). A preload cannot send a header, and these need none.
        condition: (op) => op.type === 'query' && isFirstQuery(op.path),
        true: httpBatchLink({ url: '/trpc' }),
        // The server refuses a batch of more than this whole: more go as another batch.
        // The header marks the calls as this site's own fetches (a tag on another page cannot send
        // one): the server gives a websocket token (session.jwt) only to such a call.
        false: httpBatchLink({ url: '/trpc', maxItems: MAX_REQUESTS_IN_FLIGHT, headers: { [TOKEN_REQUEST_HEADER]: 'web' } }),
      }),
    }),
  ],
});
