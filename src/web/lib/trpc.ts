/**
 * The tRPC client: queries and mutations batched over HTTP, subscriptions over the server's tRPC
 * websocket. Only the router's *type* comes from the server, so no server code ships; the batch
 * size is the limit the server enforces, and the header the server looks for on a token request,
 * from src/shared.
 */
import { createTRPCReact } from '@trpc/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { MAX_REQUESTS_IN_FLIGHT } from '../../shared/request-limits.js';
import { TOKEN_REQUEST_HEADER } from '../../shared/token-header.js';
import type { AppRouter } from '../../server/trpc/router.js';

export const trpc = createTRPCReact<AppRouter>();

function websocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

/** One websocket for the whole page; it reconnects by itself after a drop. */
export const wsClient = createWSClient({
  url: websocketUrl,
  lazy: { enabled: true, closeMs: 60_000 },
  retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 5_000),
});

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient }),
      // The server refuses a batch of more than this whole: more go as another batch.
      // The header marks the calls as this site's own fetches (a tag on another page cannot send
      // one): the server gives a websocket token (session.jwt) only to such a call.
      false: httpBatchLink({ url: '/trpc', maxItems: MAX_REQUESTS_IN_FLIGHT, headers: { [TOKEN_REQUEST_HEADER]: 'web' } }),
    }),
  ],
});
