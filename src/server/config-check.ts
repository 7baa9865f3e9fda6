/**
 * Checks of the configuration that `configFromEnv` cannot make on a single variable's text: a
 * database URL of another kind, a port out of range. Shared by the server and the admin CLI, so
 * neither takes `mysql://...` for PostgreSQL.
 */
import type { Config } from './config.js';

/** A configuration value the operator must fix; its message says what is wrong and what to do. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const POSTGRES_SCHEMES = ['postgres:', 'postgresql:'];

/** The URL's scheme and host only: never its password. */
function describeUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `a ${scheme}: URL` : `"${url.length > 20 ? `${url.slice(0, 20)}...` : url}"`;
}

export function checkDatabaseUrl(databaseUrl: string | null): void {
  if (databaseUrl === null) return;
  let protocol: string | null = null;
  try {
    protocol = new URL(databaseUrl).protocol;
  } catch {
    protocol = null;
  }
  if (protocol === null || !POSTGRES_SCHEMES.includes(protocol)) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), not ${describeUrl(databaseUrl)}: fix it, or unset it to use SQLite in DATA_DIR`,
    );
  }
}

function checkPort(name: string, port: number): void {
  if (port > 65_535) throw new ConfigError(`${name} must be a port number from 0 to 65535, not ${port}: fix ${name} or unset it for the default`);
}

/** Throws a ConfigError for the first value that cannot work. */
export function checkConfig(config: Pick<Config, 'databaseUrl' | 'port' | 'channelPort'>): void {
  checkPort('PORT', config.port);
  checkPort('CHANNEL_PORT', config.channelPort);
  checkDatabaseUrl(config.databaseUrl);
}
