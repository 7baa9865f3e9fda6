/**
 * The server process (`npm start`): reads the configuration, starts, and stops gracefully on
 * SIGTERM/SIGINT with exit code 0. A start-up problem is one line on stderr (LOG_LEVEL=debug adds
 * the stack) and exit code 1. Everything is imported inside the try, so that even broken card
 * files (checked when the game data loads) are reported that way.
 */
import { describeStartupError, type StartupContext } from './startup-errors.js';
import type { RunningServer } from './start.js';

const debug = ['debug', 'trace'].includes((process.env.LOG_LEVEL ?? '').trim().toLowerCase());
const context: StartupContext = {};
let server: RunningServer;
try {
  const { configFromEnv } = await import('./config.js');
  const config = configFromEnv();
  Object.assign(context, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { startServer } = await import('./start.js');
  server = await startServer(config);
} catch (error) {
  for (const line of describeStartupError(error, context)) process.stderr.write(`${line}\n`);
  if (debug) process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

const { app, port, resumed } = server;
app.fastify.log.info(`Mythos is serving http://localhost:${port} (${app.services.db.dialect}; ${resumed} unfinished games resumed)`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.fastify.log.info(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.fastify.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
