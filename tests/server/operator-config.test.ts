/**
 * An operator's environment, as `npm start` reads it: a value a variable cannot take stops the
 * server at start with one line naming the variable and what it takes (no stack trace, no silent
 * default, no server that starts and then refuses everyone), and a variable set to nothing is as
 * if unset.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { processes, servingPort, type Run } from './processes.js';

// Each test starts real server processes: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

const spawned = processes('operator');
const tempDir = spawned.tempDir;

/** The compiled server, as `npm start` runs it, on loopback and a port of the system's choosing, in a directory of its own. */
const server = (env: Record<string, string>, cwd = tempDir()): Run => spawned.server({ HOST: '127.0.0.1', DATA_DIR: path.join(cwd, 'var'), ...env }, cwd);

/** The lines a start that cannot work prints, having checked it exits with 1 and no stack. */
async function failure(env: Record<string, string>): Promise<string[]> {
  const r = server(env);
  expect(await r.exit).toBe(1);
  expect(r.stderr()).not.toMatch(/\n\s+at /);
  return r.stderr().split('\n').filter((line) => line !== '');
}

async function stop(r: Run): Promise<void> {
  r.child.kill('SIGTERM');
  expect(await r.exit).toBe(0);
}

describe('a switch given a word it does not take', () => {
  it.each(['TRUST_PROXY', 'WS_COMPRESSION', 'RATE_SHARED_ADDRESSES'])('%s=maybe stops the start', async (name) => {
    // WS_COMPRESSION=false was compression on, TRUST_PROXY=yes no proxy: each read as its default.
    expect(await failure({ [name]: 'maybe' })).toEqual([
      `mythos: cannot start: ${name} must be true or false (or 1 or 0, on or off, yes or no), not "maybe": fix ${name} or unset it for the default`,
    ]);
  });
});

describe('values that were a server refusing everyone, or a stack of pino', () => {
  it('LOG_LEVEL=verbose names LOG_LEVEL and its levels', async () => {
    // It was "default level:verbose must be included in custom levels".
    expect(await failure({ LOG_LEVEL: 'verbose' })).toEqual([
      'mythos: cannot start: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent, not "verbose": fix LOG_LEVEL or unset it for the default',
    ]);
  });

  it('a limit of 0, which refused every connection of a server that had started', async () => {
    expect(await failure({ MAX_CONNECTIONS: '0' })).toEqual([
      'mythos: cannot start: MAX_CONNECTIONS must be a whole number from 1 up, not "0" (0 would refuse everything it counts; a large number is as good as no limit): fix MAX_CONNECTIONS or unset it for the default',
    ]);
    expect(await failure({ REQUESTS_PER_ADDRESS: '0' })).toEqual([
      'mythos: cannot start: REQUESTS_PER_ADDRESS must be a whole number from 1 up, not "0" (0 would refuse everything it counts; a large number is as good as no limit): fix REQUESTS_PER_ADDRESS or unset it for the default',
    ]);
  });

  it('PUBLIC_URL without its scheme, which refused every sign-in and move a browser sent as cross-site', async () => {
    expect(await failure({ PUBLIC_URL: 'mythos.example.org' })).toEqual([
      'mythos: cannot start: PUBLIC_URL must be an http:// or https:// address, not "mythos.example.org": fix PUBLIC_URL or unset it for the default',
    ]);
  });

  it('half of an OAuth pair, which was a server without that sign-in and no word of why', async () => {
    expect(await failure({ DISCORD_CLIENT_ID: '1234' })).toEqual([
      'mythos: cannot start: DISCORD_CLIENT_ID is set but DISCORD_CLIENT_SECRET is not: sign-in with Discord needs both; set DISCORD_CLIENT_SECRET, or unset DISCORD_CLIENT_ID for no sign-in with Discord',
    ]);
    expect(await failure({ GOOGLE_CLIENT_SECRET: 'shh' })).toEqual([
      'mythos: cannot start: GOOGLE_CLIENT_SECRET is set but GOOGLE_CLIENT_ID is not: sign-in with Google needs both; set GOOGLE_CLIENT_ID, or unset GOOGLE_CLIENT_SECRET for no sign-in with Google',
    ]);
  });

  it('a HOST that is no address names HOST, not a stack of getaddrinfo', async () => {
    expect(await failure({ HOST: 'no-such-host.invalid' })).toEqual([
      'mythos: cannot start: HOST must be an address of this machine (0.0.0.0 for all of its addresses, 127.0.0.1 for itself alone), not "no-such-host.invalid" (ENOTFOUND): fix HOST or unset it for the default',
    ]);
  });

  it('a DATABASE_URL without its colon shows none of its password', async () => {
    expect(await failure({ DATABASE_URL: 'postgres//mythos:hunter2@db/mythos' })).toEqual([
      'mythos: cannot start: DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), not "postgres//...@db/myt...": fix it, or unset it to use SQLite in DATA_DIR',
    ]);
  });
});

describe('a variable set to nothing is as if unset', () => {
  it('WEB_DIR= and DATA_DIR= do not serve the current directory nor keep the database in it', async () => {
    // Resolved as given, an empty WEB_DIR was the current directory, served file by file: here a
    // secret beside the server, and the SQLite database that an empty DATA_DIR kept there too.
    const cwd = tempDir();
    writeFileSync(path.join(cwd, 'secret.txt'), 'not for the web');
    const web = path.join(cwd, 'dist/web');
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Mythos</title>');
    const r = server({ WEB_DIR: '', DATA_DIR: '', PUBLIC_URL: '', LOG_LEVEL: '', HOST: '' }, cwd);
    const port = await servingPort(r);
    try {
      const secret = await fetch(`http://127.0.0.1:${port}/secret.txt`);
      expect(await secret.text()).not.toContain('not for the web');
      const database = await fetch(`http://127.0.0.1:${port}/mythos.sqlite`);
      expect(database.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(existsSync(path.join(cwd, 'var/mythos.sqlite'))).toBe(true);
      expect(existsSync(path.join(cwd, 'mythos.sqlite'))).toBe(false);
    } finally {
      await stop(r);
    }
  });

  it("PUBLIC_URL's trailing slash is not doubled in OAuth's redirect address", async () => {
    const r = server({ PUBLIC_URL: 'https://mythos.example.org/', DISCORD_CLIENT_ID: '1234', DISCORD_CLIENT_SECRET: 'shh' });
    const port = await servingPort(r);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/auth/discord`, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      expect(new URL(answer.headers.get('location')!).searchParams.get('redirect_uri')).toBe('https://mythos.example.org/auth/discord/callback');
    } finally {
      await stop(r);
    }
  });
});
