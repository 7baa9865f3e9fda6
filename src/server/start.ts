/**
 * Starting the server process: check the configuration, lock the SQLite data directory, build
 * the app and listen, and only then resume unfinished games, so that a start which fails (a busy
 * port) has not acted on any game. `main.ts` calls it; tests call it in-process.
 */
import type { AddressInfo } from 'node:net';
import { buildApp, type App, type BuildOptions } from './app.js';
import { checkConfig } from './config-check.js';
import { ConfigError, type Config } from './config.js';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.js';

export interface RunningServer {
  app: App;
  /** The port listened on (the configured one, or the one the system chose for PORT=0). */
  port: number;
  /** The separate /channel port, or null when /channel is served on `port` only. */
  channelPort: number | null;
  /** Unfinished games whose bots were set going again. */
  resumed: number;
  /** Stops serving, waits for the games in progress to commit, closes the database, unlocks. */
  close(): Promise<void>;
}

/**
 * Listens, naming HOST when it is no address at all: Node looks a name up first, and its
 * ENOTFOUND read like a database's (on PostgreSQL it was blamed on DATABASE_URL).
 */
async function listenOn(listen: () => Promise<unknown>, host: string): Promise<void> {
  try {
    await listen();
  } catch (error) {
    const e = error as { syscall?: string; code?: string };
    if (e.syscall !== 'getaddrinfo') throw error;
    throw new ConfigError(`HOST must be an address of this machine (0.0.0.0 for all of its addresses, 127.0.0.1 for itself alone), not "${host}" (${e.code ?? 'no such address'}): fix HOST or unset it for the default`);
  }
}

const portOf = (address: AddressInfo | string | null): number => (typeof address === 'object' && address !== null ? address.port : 0);

export async function startServer(config: Config, options: BuildOptions = {}): Promise<RunningServer> {
  checkConfig(config);
  // PostgreSQL is built for several instances (LISTEN/NOTIFY, sequenceID compare-and-swap);
  // an SQLite file is for one server.
  const lock: DataDirLock | null = config.databaseUrl ? null : lockDataDir(config.dataDir);
  let app: App | null = null;
  try {
    app = await buildApp(config, options);
    const fastify = app.fastify;
    await listenOn(() => fastify.listen({ port: config.port, host: config.host }), config.host);
    let channelPort: number | null = null;
    if (config.channelPort !== config.port && config.channelPort > 0) {
      // Protocol clients on a non-TLS page open /channel on port 3002.
      const channel = await app.channelServer();
      await listenOn(() => channel.listen({ port: config.channelPort, host: config.host }), config.host);
      channelPort = portOf(channel.server.address());
    }
    const resumed = await app.services.games.resume();
    const running = app;
    return {
      app: running,
      port: portOf(running.fastify.server.address()),
      channelPort,
      resumed,
      async close() {
        try {
          await running.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
