/** Reads the configuration, builds the app and listens; shuts down gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const app = await buildApp(config);
const resumed = await app.services.games.resume();
await app.fastify.listen({ port: config.port, host: config.host });
if (config.channelPort !== config.port && config.channelPort > 0) {
  // The spec's clients on a non-TLS page open /channel on port 3002.
  await (await app.channelServer()).listen({ port: config.channelPort, host: config.host });
}
app.fastify.log.info(`Mythos is serving http://localhost:${config.port} (${app.services.db.dialect}; ${resumed} unfinished games resumed)`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.fastify.log.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.fastify.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
