/**
 * Configuration from the environment, with working defaults.
 * `buildApp` takes a Config, so tests build one in code instead of touching the environment.
 */
import path from 'node:path';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeEndpoint: string;
  tokenEndpoint: string;
  userEndpoint: string;
}

export interface Config {
  port: number;
  /** The protocol's non-TLS websocket port for /channel (also served on `port`). */
  channelPort: number;
  host: string;
  /** PostgreSQL connection string; null means the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Signs websocket JWTs; null means generate one and keep it in the database. */
  sessionSecret: string | null;
  /** The address users reach the site at, for OAuth redirects. */
  publicUrl: string;
  discord: OAuthProviderConfig | null;
  google: OAuthProviderConfig | null;
  devUserIDs: string[];
  logLevel: string;
  /** 'pretty' lines for people, 'json' for collectors; null: pretty in a terminal, JSON otherwise. */
  logFormat: 'pretty' | 'json' | null;
  /** How long a bot waits before acting, so people can follow (0 in tests). */
  botDelayMs: number;
  /**
   * The most a searching bot (the Expert Bot) thinks about one decision in live games, in
   * milliseconds; 0: no limit but its own budget in iterations (answers then replay exactly).
   */
  botThinkMs: number;
  /** WebSocket messages deflated (permessage-deflate) when the client asks, as browsers do. */
  wsCompression: boolean;
  /** The built web client, served when present. */
  webDir: string;
  /**
   * Take the client's address from the last X-Forwarded-For entry (set it behind one reverse
   * proxy); otherwise the address is the connection's own.
   */
  trustProxy: boolean;
  /** A request must arrive whole within this time; 0 turns the limit off. */
  requestTimeoutMs: number;
  /** An idle connection is closed after this time; 0 turns the limit off. */
  connectionTimeoutMs: number;
  /** Lobbies without a game one user may host at once. */
  maxOpenLobbiesPerUser: number;
  /** Unfinished games one user may be seated in when starting another. */
  maxRunningGamesPerUser: number;
  /** Games one user may be seated in that started in the last hour, when starting another. */
  gamesPerUserPerHour: number;
  /** Games started from one address in the last hour, whoever started them (GAMES_PER_ADDRESS_PER_HOUR). */
  gamesPerAddressPerHour: number;
  /** Lobbies opened from one address in any 10 minutes, whoever opened them (LOBBIES_PER_ADDRESS). */
  lobbiesPerAddress: number;
  /** Lobby changes one user may make in any 10 seconds. */
  lobbyChangesPerUser: number;
  /** A player's pages of their own running game one user may open in any 10 seconds (GAME_OPENS_PER_USER). */
  gameOpensPerUser: number;
  /** Connections (any kind, on every port) one address may hold open at once; off behind a proxy. */
  maxConnectionsPerAddress: number;
  /** Connections one port may hold open at once, from everyone. */
  maxConnections: number;
  /** Websockets (/trpc and /channel, on every port) one address may hold open at once. */
  maxSocketsPerAddress: number;
  /** Websockets (/trpc and /channel, on every port) one address may open in any 10 seconds (SOCKET_OPENS_PER_ADDRESS). */
  socketOpensPerAddress: number;
  /** Subscriptions one address may start (tRPC and /channel together) in any 10 seconds. */
  subscriptionsPerAddress: number;
  /** Subscriptions one websocket (/trpc or /channel) may hold. */
  maxSubscriptionsPerSocket: number;
  /** REST, GraphQL and tRPC requests (queries and mutations) one address may make in any 10 seconds. */
  requestsPerAddress: number;
  /** Guest accounts one address may create in any 10 minutes. */
  guestLoginsPerAddress: number;
  /**
   * Whether a game in which two people signed in or played from one address is rated (RATE_SHARED_ADDRESSES=1).
   * Off by default: one person's second accounts at their own table would farm a rating
   * (services/shared-addresses.ts). On for a server whose players all share one address.
   */
  rateSharedAddresses: boolean;
  /** Chat messages one address may send in any 5 seconds (each user also has their own limit). */
  chatMessagesPerAddress: number;
  /** How long a person may take over one decision in a game with the turn timer on. */
  turnTimerSeconds: number;
  /**
   * Play now's window: people who press it within this many seconds of the first one waiting for
   * the same size are seated together, and bots take the seats nobody took when it ends.
   */
  playNowWindowSeconds: number;
  /** How long a game may go with no person connected before bots finish it. */
  abandonedGameSeconds: number;
  /** How long a lobby without a game may go unchanged, with its host not on its page, before the host counts as gone (the next person hosts it, or it closes); 0 keeps lobbies as they are. */
  idleLobbySeconds: number;
  /** The lobby list, and Play now's counts beside it, go to their watchers at most once in this long, however many change them (LOBBY_LIST_INTERVAL_MS). */
  lobbyListIntervalMs: number;
  /** The community chat the header links to (a Discord invite, a forum); null shows no link. */
  communityUrl: string | null;
}

type Env = Record<string, string | undefined>;

/** A configuration value the operator must fix; its message says what is wrong and what to do. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function provider(env: Env, name: 'DISCORD' | 'GOOGLE', defaults: Omit<OAuthProviderConfig, 'clientId' | 'clientSecret'>): OAuthProviderConfig | null {
  const clientId = env[`${name}_CLIENT_ID`];
  const clientSecret = env[`${name}_CLIENT_SECRET`];
  // One of the pair alone was a server without that sign-in, and nothing said why.
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    const [set, missing] = clientId ? ['CLIENT_ID', 'CLIENT_SECRET'] : ['CLIENT_SECRET', 'CLIENT_ID'];
    const who = name === 'DISCORD' ? 'Discord' : 'Google';
    throw new ConfigError(`${name}_${set} is set but ${name}_${missing} is not: sign-in with ${who} needs both; set ${name}_${missing}, or unset ${name}_${set} for no sign-in with ${who}`);
  }
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authorizeEndpoint: webAddress(env, `${name}_AUTHORIZE_URL`) ?? defaults.authorizeEndpoint,
    tokenEndpoint: webAddress(env, `${name}_TOKEN_URL`) ?? defaults.tokenEndpoint,
    userEndpoint: webAddress(env, `${name}_USER_URL`) ?? defaults.userEndpoint,
  };
}

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a whole number, not "${raw}"`);
  return n;
}

/**
 * A limit against abuse: a count of at least 1. At 0 it refused everything it counts (MAX_CONNECTIONS=0:
 * every connection, in a server that had started), where an operator may well read 0 as no limit.
 */
function limit(env: Env, key: string, fallback: number): number {
  const n = int(env, key, fallback);
  if (n === 0) throw new Error(`${key} must be a whole number from 1 up, not "${env[key]}" (0 would refuse everything it counts; a large number is as good as no limit)`);
  return n;
}

function webAddress(env: Env, key: string): string | null {
  const raw = env[key];
  if (raw === undefined || raw === '') return null;
  if (!/^https?:\/\/[^\s]+$/.test(raw) || !URL.canParse(raw)) throw new Error(`${key} must be an http:// or https:// address, not "${raw}"`);
  return raw;
}

const ON = ['true', '1', 'on', 'yes'];
const OFF = ['false', '0', 'off', 'no'];

/** A switch: true/false, 1/0, on/off or yes/no in any case; anything else is refused rather than read as the default. */
function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const word = raw.trim().toLowerCase();
  if (ON.includes(word)) return true;
  if (OFF.includes(word)) return false;
  throw new Error(`${key} must be true or false (or 1 or 0, on or off, yes or no), not "${raw}"`);
}

/** pino's levels; silent logs nothing. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevelOf(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'info';
  const level = raw.trim().toLowerCase();
  if (LOG_LEVELS.includes(level)) return level;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.slice(0, -1).join(', ')} or silent, not "${raw}"`);
}

function logFormatOf(raw: string | undefined): Config['logFormat'] {
  if (raw === undefined || raw === '') return null;
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new Error(`LOG_FORMAT must be pretty or json, not "${raw}"`);
}

export function configFromEnv(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000);
  return {
    port,
    channelPort: int(env, 'CHANNEL_PORT', 3002),
    // An empty variable is an unset one, as for the numbers: an empty WEB_DIR or DATA_DIR was the
    // current directory, and an empty WEB_DIR served its files (the SQLite database under var/ among them).
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.DATA_DIR || './var'),
    sessionSecret: env.SESSION_SECRET || null,
    // Without a trailing slash: OAuth's redirect address is PUBLIC_URL followed by /auth/...
    publicUrl: webAddress(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? `http://localhost:${port}`,
    discord: provider(env, 'DISCORD', {
      authorizeEndpoint: 'https://discord.com/oauth2/authorize',
      tokenEndpoint: 'https://discord.com/api/oauth2/token',
      userEndpoint: 'https://discord.com/api/users/@me',
    }),
    google: provider(env, 'GOOGLE', {
      authorizeEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenEndpoint: 'https://oauth2.googleapis.com/token',
      userEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    }),
    devUserIDs: (env.DEV_USER_IDS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: logLevelOf(env.LOG_LEVEL),
    logFormat: logFormatOf(env.LOG_FORMAT),
    botDelayMs: int(env, 'BOT_DELAY_MS', 800),
    botThinkMs: int(env, 'BOT_THINK_MS', 800),
    wsCompression: flag(env, 'WS_COMPRESSION', true),
    webDir: path.resolve(env.WEB_DIR || './dist/web'),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000),
    connectionTimeoutMs: int(env, 'CONNECTION_TIMEOUT_MS', 60_000),
    maxOpenLobbiesPerUser: limit(env, 'MAX_OPEN_LOBBIES_PER_USER', 3),
    maxRunningGamesPerUser: limit(env, 'MAX_RUNNING_GAMES_PER_USER', 10),
    gamesPerUserPerHour: limit(env, 'GAMES_PER_USER_PER_HOUR', 20),
    gamesPerAddressPerHour: limit(env, 'GAMES_PER_ADDRESS_PER_HOUR', 60),
    lobbiesPerAddress: limit(env, 'LOBBIES_PER_ADDRESS', 30),
    lobbyChangesPerUser: limit(env, 'LOBBY_CHANGES_PER_USER', 30),
    gameOpensPerUser: limit(env, 'GAME_OPENS_PER_USER', 15),
    maxConnectionsPerAddress: limit(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256),
    maxConnections: limit(env, 'MAX_CONNECTIONS', 8_192),
    maxSocketsPerAddress: limit(env, 'MAX_SOCKETS_PER_ADDRESS', 32),
    socketOpensPerAddress: limit(env, 'SOCKET_OPENS_PER_ADDRESS', 100),
    maxSubscriptionsPerSocket: limit(env, 'MAX_SUBSCRIPTIONS_PER_SOCKET', 100),
    subscriptionsPerAddress: limit(env, 'SUBSCRIPTIONS_PER_ADDRESS', 120),
    requestsPerAddress: limit(env, 'REQUESTS_PER_ADDRESS', 600),
    guestLoginsPerAddress: limit(env, 'GUEST_LOGINS_PER_ADDRESS', 20),
    rateSharedAddresses: flag(env, 'RATE_SHARED_ADDRESSES', false),
    chatMessagesPerAddress: limit(env, 'CHAT_MESSAGES_PER_ADDRESS', 15),
    turnTimerSeconds: int(env, 'TURN_TIMER_SECONDS', 90),
    playNowWindowSeconds: int(env, 'PLAY_NOW_WINDOW_SECONDS', 20),
    abandonedGameSeconds: int(env, 'ABANDONED_GAME_SECONDS', 600),
    idleLobbySeconds: int(env, 'IDLE_LOBBY_SECONDS', 900),
    lobbyListIntervalMs: int(env, 'LOBBY_LIST_INTERVAL_MS', 1_000),
    communityUrl: webAddress(env, 'COMMUNITY_URL'),
  };
}
