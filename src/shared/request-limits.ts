/**
 * How many queries and mutations one connection may have unanswered at once: a websocket, or one
 * HTTP batch. One websocket message may hold an array of requests, and each request may be a
 * whole game's view: without a cap one 64 KB message could ask for hundreds of games and hold the
 * event loop for everyone. A client that waits for its answers never meets it (the web client
 * has a few requests out at a time).
 *
 * In src/shared, with no imports, so the web client's batching link reads the same number
 * without importing server code.
 */
export const MAX_REQUESTS_IN_FLIGHT = 8;

/**
 * The most user ids one call may ask about (`users.byIDs`, `ratings.ofUsers`): each id is a row
 * read. The web client asks in batches of this size (src/web/lib/id-batches.ts).
 */
export const MAX_IDS_PER_CALL = 200;
