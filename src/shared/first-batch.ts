/**
 * The queries every page of the web client asks for first: who is signed in, and the site's own
 * settings (the layout reads both). The client sends them as a batch of their own before its first
 * render, and the server names that batch's address in each page's HTML as a preload, so the
 * browser asks for it beside the scripts instead of after they have run: a round trip less before
 * a page that waits for the session (every signed-in page) can draw.
 *
 * In src/shared, with no imports, so the client asks for the very address the server preloads.
 */
export const FIRST_QUERIES = ['session.me', 'definitions.site'] as const;

/** The address tRPC's batch link makes of that batch: its paths in order, no inputs (`{}`). */
export const FIRST_BATCH_URL = `/trpc/${FIRST_QUERIES.join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
