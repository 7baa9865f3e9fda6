/**
 * What the operator reads when the server cannot start: one line saying what is wrong and what to
 * do (the card files: one line per problem, all of them), never a stack trace; LOG_LEVEL=debug
 * adds the stack. This module must load even when the card files are broken, so it imports no
 * game data.
 */
import { DefinitionError } from '../engine/cards/definitions.js';
import { ConfigError } from './config-check.js';
import { DataDirBusyError } from './db/data-dir-lock.js';

interface SystemError {
  code?: string;
  syscall?: string;
  port?: number;
  address?: string;
  message: string;
  errors?: unknown[];
}

/** The parts of the configuration a message can name (may be unknown: the config itself failed). */
export interface StartupContext {
  databaseUrl?: string | null;
  dataDir?: string;
}

const PREFIX = 'mythos: cannot start:';

function postgresTarget(databaseUrl: string): { host: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl);
    return { host: url.host || 'localhost:5432', database: decodeURIComponent(url.pathname.slice(1)) || url.username, user: decodeURIComponent(url.username) };
  } catch {
    return { host: '?', database: '?', user: '?' };
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EAI_AGAIN', 'ECONNRESET']);

/** A PostgreSQL connection's failure in words (the database missing, the login refused, the server unreachable), or null. */
export function describeDatabase(error: SystemError, databaseUrl: string): string | null {
  const { host, database, user } = postgresTarget(databaseUrl);
  // Node reports each address it tried (localhost: ::1 then 127.0.0.1) in an AggregateError.
  const code = error.code ?? (error.errors?.[0] as SystemError | undefined)?.code;
  if (code === '3D000') return `the PostgreSQL database "${database}" does not exist on ${host}: create it (createdb ${database}) or fix DATABASE_URL`;
  if (code === '28P01' || code === '28000') return `PostgreSQL on ${host} refused the login of user "${user}": fix the user or password in DATABASE_URL`;
  if (code !== undefined && UNREACHABLE.has(code)) {
    return `cannot reach the PostgreSQL server at ${host} (${code}): start it, or fix the host and port in DATABASE_URL`;
  }
  return null;
}

function describeListen(error: SystemError): string | null {
  if (error.syscall !== 'listen') return null;
  const port = error.port ?? '?';
  if (error.code === 'EADDRINUSE') return `port ${port} is already in use (another server?): stop that program, or set PORT (or CHANNEL_PORT) to a free port`;
  if (error.code === 'EACCES') return `no permission to listen on port ${port}: use a port above 1023, or set PORT (or CHANNEL_PORT)`;
  if (error.code === 'EADDRNOTAVAIL') return `cannot listen on ${error.address ?? 'HOST'}:${port}: this machine has no such address; fix HOST`;
  return null;
}

/** The lines to print for an error thrown while starting. */
export function describeStartupError(error: unknown, context: StartupContext = {}): string[] {
  if (error instanceof DefinitionError) {
    const n = error.problems.length;
    return [`${PREFIX} the card files have ${n} problem${n === 1 ? '' : 's'}; fix ${n === 1 ? 'it' : 'them'} in data/ and start again:`, ...error.problems.map((p) => `  ${p}`)];
  }
  if (error instanceof DataDirBusyError) return [`${PREFIX} ${error.message}: stop it first, or give this server another DATA_DIR`];
  if (error instanceof ConfigError) return [`${PREFIX} ${error.message}`];
  const e = (error ?? {}) as SystemError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  // configFromEnv's own refusals: "PORT must be a whole number, not "abc"", "LOG_FORMAT must be ...".
  const variable = /^([A-Z][A-Z0-9_]*) must be /.exec(message);
  if (variable) return [`${PREFIX} ${message}: fix ${variable[1]} or unset it for the default`];
  const listen = describeListen(e);
  if (listen) return [`${PREFIX} ${listen}`];
  if (context.databaseUrl) {
    const database = describeDatabase(e, context.databaseUrl);
    if (database) return [`${PREFIX} ${database}`];
  } else if (e.code?.startsWith('SQLITE_') || e.code === 'EACCES' || e.code === 'EROFS') {
    return [`${PREFIX} cannot use the SQLite database in ${context.dataDir ?? 'DATA_DIR'} (${e.code}: ${message}): check that DATA_DIR is a writable directory`];
  }
  return [`${PREFIX} ${message.split('\n')[0]} (LOG_LEVEL=debug shows the details)`];
}
