/**
 * The request header that marks a request for a websocket token as a script's own fetch (any
 * value): a tag on another page cannot send it, and a fetch from another origin that adds it needs
 * a CORS preflight the server never grants (src/server/auth/token-requests.ts).
 *
 * In src/shared, with no imports, so the web client sends the same name the server checks.
 */
export const TOKEN_REQUEST_HEADER = 'X-Mythos-Client';
