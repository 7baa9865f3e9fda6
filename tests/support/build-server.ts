/**
 * Vitest global setup for the node tests: compiles the server into dist/server when it is missing
 * or older than any source it is built from (the check `npm start` makes, bin/build-server.mjs),
 * once, before any file runs. The tests that start the server as a process run that build, as
 * `npm start` does; a file building it itself could delete it under another file's running server.
 */
import { buildServerIfStale } from '../../bin/build-server.mjs';

export default function setup(): void {
  buildServerIfStale();
}
