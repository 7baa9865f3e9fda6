/**
 * Checks of the configuration that `configFromEnv` cannot make on a single variable's text: a
 * database URL of another kind, a port out of range, a time too long for a timer. Shared by the
 * server and the admin CLI, so neither takes `mysql://...` for PostgreSQL.
 */
import { ConfigError, type Config } from './config.js';

export { ConfigError };

const POSTGRES_SCHEMES = ['postgres:', 'postgresql:'];

/** The URL's scheme, or its first characters with any user and password blanked: never its password. */
function describeUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme) return `a ${scheme}: URL`;
  // "postgres//mythos:hunter2@db/mythos" (its colon missing) showed "postgres//mythos:hun...".
  const shown = url.replace(/[^/]*@/, '...@');
  return `"${shown.length > 20 ? `${shown.slice(0, 20)}...` : shown}"`;
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

/**
 * Node's longest timer, in ms (about 24.8 days). A longer delay does not wait: Node fires it at
 * once, with a TimeoutOverflowWarning, and a clock that arms itself again with the same delay (a
 * table's turn timer, as its time "runs out") then wakes every millisecond for the game's life.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The settings that become timers: each one's variable, its unit in ms, and the longest multiple of it the server waits (the slow pace is twice the turn timer). */
const TIMED_SETTINGS = [
  ['botDelayMs', 'BOT_DELAY_MS', 1, 1],
  ['requestTimeoutMs', 'REQUEST_TIMEOUT_MS', 1, 1],
  ['connectionTimeoutMs', 'CONNECTION_TIMEOUT_MS', 1, 1],
  ['turnTimerSeconds', 'TURN_TIMER_SECONDS', 1_000, 2],
  ['playNowWindowSeconds', 'PLAY_NOW_WINDOW_SECONDS', 1_000, 1],
  ['abandonedGameSeconds', 'ABANDONED_GAME_SECONDS', 1_000, 1],
  ['idleLobbySeconds', 'IDLE_LOBBY_SECONDS', 1_000, 1],
  ['lobbyListIntervalMs', 'LOBBY_LIST_INTERVAL_MS', 1, 1],
] as const satisfies readonly (readonly [keyof Config, string, number, number])[];

type TimedSetting = (typeof TIMED_SETTINGS)[number][0];

function checkTime(name: string, value: number, unitMs: number, longest: number): void {
  const most = Math.floor(LONGEST_TIMER_MS / (unitMs * longest));
  if (value <= most) return;
  const why = longest === 2 ? 'twice it, the slow pace, must fit in one timer of at most about 24.8 days' : 'it must fit in one timer of at most about 24.8 days';
  throw new ConfigError(`${name} must be at most ${most} (${why}), not ${value}: fix ${name} or unset it for the default`);
}

/** Throws a ConfigError for the first value that cannot work. */
export function checkConfig(config: Pick<Config, 'databaseUrl' | 'port' | 'channelPort' | TimedSetting>): void {
  checkPort('PORT', config.port);
  checkPort('CHANNEL_PORT', config.channelPort);
  for (const [key, name, unitMs, longest] of TIMED_SETTINGS) checkTime(name, config[key], unitMs, longest);
  checkDatabaseUrl(config.databaseUrl);
}
