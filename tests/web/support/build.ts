/**
 * Vitest global setup for the browser tests: builds the web client when dist/web is missing or
 * older than any source it is built from (the same check `npm start` makes, bin/build-web.mjs),
 * so a test never runs against a stale client.
 */
import { buildWebIfStale } from '../../../bin/build-web.mjs';

export default function setup(): void {
  buildWebIfStale();
}
