/**
 * The server process as an operator runs it: `npm start` stops on SIGTERM and SIGINT sent to npm
 * itself, one server per SQLite data directory (the admin CLI still works beside it), and every
 * start-up problem is one line on stderr with a non-zero exit code and no stack.
 */
import { chmodSync, cpSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../src/server/config.js';
import { GameService } from '../../src/server/services/game-service.js';
import { startServer } from '../../src/server/start.js';
import { cli } from '../cli/helpers.js';
import { processes, ROOT, servingPort, type Run } from './processes.js';

// Each of these tests starts real processes: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

const { run, server, tempDir } = processes('start');

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** The server's stderr without npm's own notices, as lines. */
const errorLines = (r: Run) =>
  r
    .stderr()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('npm warn'));

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops gracefully with exit code 0 on %s sent to npm itself, freeing its port', async (signal) => {
    const r = run('npm', ['start'], { DATA_DIR: tempDir() });
    const port = await servingPort(r);
    expect((await fetch(`http://127.0.0.1:${port}/api/lobby/list`)).status).toBeLessThan(500);
    r.child.kill(signal);
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toContain(`${signal}: shutting down`);
    expect(await portIsFree(port)).toBe(true);
  });
});

describe('one server per data directory', () => {
  it('refuses a second server on the same DATA_DIR with one line, while the admin CLI keeps working', async () => {
    const dataDir = tempDir();
    const first = server({ DATA_DIR: dataDir });
    await servingPort(first);

    const second = server({ DATA_DIR: dataDir });
    expect(await second.exit).toBe(1);
    expect(errorLines(second)).toEqual([
      `mythos: cannot start: another Mythos server (pid ${first.child.pid}) is already using the data directory ${dataDir}: stop it first, or give this server another DATA_DIR`,
    ]);

    const saved = process.env.DATA_DIR;
    const savedUrl = process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    try {
      expect(await cli('db', 'migrate')).toMatchObject({ code: 0, stdout: 'database is up to date\n' });
      expect(await cli('users', 'list')).toMatchObject({ code: 0, stdout: 'id\tname\tlogin\tdeveloper\tgames\n' });
      expect(await cli('games', 'list')).toMatchObject({ code: 0 });
    } finally {
      process.env.DATA_DIR = saved;
      if (savedUrl !== undefined) process.env.DATABASE_URL = savedUrl;
    }

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    // The lock went with the first server: the next one starts.
    const third = server({ DATA_DIR: dataDir });
    await servingPort(third);
    third.child.kill('SIGKILL');
    await third.exit;
    // A killed server leaves no stale lock behind.
    const fourth = server({ DATA_DIR: dataDir });
    await servingPort(fourth);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exit).toBe(0);
  });
});

describe('the database file, whatever path leads to it', () => {
  const inProcess = (dataDir: string) => startServer({ ...configFromEnv({}), port: 0, channelPort: 0, host: '127.0.0.1', dataDir, botDelayMs: 0 }, { logger: pino({ level: 'silent' }) });

  it('refuses a second data directory whose database file is a symlink to a running server\'s, with one line', async () => {
    const first = path.join(tempDir(), 'data');
    const running = await inProcess(first);
    try {
      const second = tempDir();
      symlinkSync(path.join(first, 'mythos.sqlite'), path.join(second, 'mythos.sqlite'));
      const r = server({ DATA_DIR: second });
      expect(await r.exit).toBe(1);
      expect(errorLines(r)).toEqual([
        `mythos: cannot start: another Mythos server (pid ${process.pid}) is already using the database ${path.join(first, 'mythos.sqlite')}, which ${path.join(second, 'mythos.sqlite')} links to: stop it first, or give this server another DATA_DIR`,
      ]);
    } finally {
      await running.close();
    }
  });

  it('keeps the data directory 0700 and the database, its -wal and -shm, the lock and the pid file 0600', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const running = await inProcess(dataDir);
    const mode = (name: string) => (statSync(path.join(dataDir, name)).mode & 0o777).toString(8);
    try {
      expect(mode('.')).toBe('700');
      expect(Object.fromEntries(['mythos.sqlite', 'mythos.sqlite-wal', 'mythos.sqlite-shm', 'server.lock', 'server.pid'].map((name) => [name, mode(name)]))).toEqual({
        'mythos.sqlite': '600',
        'mythos.sqlite-wal': '600',
        'mythos.sqlite-shm': '600',
        'server.lock': '600',
        'server.pid': '600',
      });
    } finally {
      await running.close();
    }
    // Files an older version left readable by everyone are closed to others at the next start.
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'mythos.sqlite'), 0o644);
    const again = await inProcess(dataDir);
    try {
      expect([mode('.'), mode('mythos.sqlite')]).toEqual(['750', '640']);
    } finally {
      await again.close();
    }
  });
});

describe('resuming games', () => {
  it('happens only once the server listens: a start that fails on a busy port resumes nothing', async () => {
    const resume = vi.spyOn(GameService.prototype, 'resume');
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    const config = { ...configFromEnv({}), port, channelPort: 0, host: '127.0.0.1', dataDir: tempDir(), botDelayMs: 0 };
    const options = { logger: pino({ level: 'silent' }) };
    try {
      await expect(startServer(config, options)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(resume).not.toHaveBeenCalled();
      // The failed start let go of the data directory: the next start takes it, listens, then resumes.
      const running = await startServer({ ...config, port: 0 }, options);
      expect(resume).toHaveBeenCalledTimes(1);
      expect(running.app.fastify.server.listening).toBe(true);
      await running.close();
    } finally {
      busy.close();
      resume.mockRestore();
    }
  });
});

describe('start-up errors', () => {
  async function failure(env: Record<string, string>, start: (env: Record<string, string>) => Run = server): Promise<string[]> {
    const r = start({ DATA_DIR: tempDir(), ...env });
    expect(await r.exit).toBe(1);
    const lines = errorLines(r);
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
    return lines;
  }

  it('PORT=abc', async () => {
    expect(await failure({ PORT: 'abc' })).toEqual(['mythos: cannot start: PORT must be a whole number, not "abc": fix PORT or unset it for the default']);
  });

  it('a turn timer whose slow pace does not fit in a timer', async () => {
    // Past Node's longest timer a delay fires at once: the table's clock would wake every millisecond.
    expect(await failure({ TURN_TIMER_SECONDS: '1100000' })).toEqual([
      'mythos: cannot start: TURN_TIMER_SECONDS must be at most 1073741 (twice it, the slow pace, must fit in one timer of at most about 24.8 days), not 1100000: fix TURN_TIMER_SECONDS or unset it for the default',
    ]);
    expect(await failure({ IDLE_LOBBY_SECONDS: '2147484' })).toEqual([
      'mythos: cannot start: IDLE_LOBBY_SECONDS must be at most 2147483 (it must fit in one timer of at most about 24.8 days), not 2147484: fix IDLE_LOBBY_SECONDS or unset it for the default',
    ]);
  });

  it('LOG_FORMAT=xml', async () => {
    expect(await failure({ LOG_FORMAT: 'xml' })).toEqual(['mythos: cannot start: LOG_FORMAT must be pretty or json, not "xml": fix LOG_FORMAT or unset it for the default']);
  });

  it('COMMUNITY_URL that is not a web address', async () => {
    expect(await failure({ COMMUNITY_URL: 'javascript:alert(1)' })).toEqual([
      'mythos: cannot start: COMMUNITY_URL must be an http:// or https:// address, not "javascript:alert(1)": fix COMMUNITY_URL or unset it for the default',
    ]);
  });

  it('a busy port', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      expect(await failure({ PORT: String(port) })).toEqual([
        `mythos: cannot start: port ${port} is already in use (another server?): stop that program, or set PORT (or CHANNEL_PORT) to a free port`,
      ]);
    } finally {
      busy.close();
    }
  });

  it('a DATABASE_URL that is not PostgreSQL', async () => {
    expect(await failure({ DATABASE_URL: 'mysql://root:secret@localhost/mythos' })).toEqual([
      'mythos: cannot start: DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), not a mysql: URL: fix it, or unset it to use SQLite in DATA_DIR',
    ]);
  });

  it('an unreachable PostgreSQL server', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure({ DATABASE_URL: `postgres://mythos@127.0.0.1:${port}/mythos` })).toEqual([
      `mythos: cannot start: cannot reach the PostgreSQL server at 127.0.0.1:${port} (ECONNREFUSED): start it, or fix the host and port in DATABASE_URL`,
    ]);
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)('a missing PostgreSQL database (runs with TEST_DATABASE_URL)', async () => {
    const url = new URL(pgUrl!);
    url.pathname = '/mythos_no_such_database';
    expect(await failure({ DATABASE_URL: url.href })).toEqual([
      `mythos: cannot start: the PostgreSQL database "mythos_no_such_database" does not exist on ${url.host}: create it (createdb mythos_no_such_database) or fix DATABASE_URL`,
    ]);
  });

  it('card-file problems, all of them at once', async () => {
    // A copy of the program with two broken cards in its data files.
    const copy = tempDir();
    for (const item of ['src', 'data', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, item), path.join(copy, item), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const file = path.join(copy, 'data/cards/age-1.json');
    const cards = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    cards[0] = { ...cards[0], cost: -1 };
    cards[1] = { ...cards[1], abilities: ['harvest 1G'] };
    writeFileSync(file, JSON.stringify(cards));
    // The copy runs its own TypeScript through tsx: building it would add a whole compile to the
    // test, and the card files are checked by the same code (src/engine/data.ts) either way.
    const lines = await failure({}, (env) => run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], env, copy));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('mythos: cannot start: the card files have 2 problems; fix them in data/ and start again:');
    expect(lines[1]).toMatch(/^ {2}data\/cards\/age-1\.json: card \d+ \(.+\): field cost: Too small/);
    expect(lines[2]).toMatch(/^ {2}data\/cards\/age-1\.json: card \d+ \(.+\): field abilities\.0: invalid ability string: harvest 1G$/);
  });

  it('LOG_LEVEL=debug adds the stack', async () => {
    const r = server({ DATA_DIR: tempDir(), PORT: '99999', LOG_LEVEL: 'debug' });
    expect(await r.exit).toBe(1);
    expect(errorLines(r)[0]).toBe('mythos: cannot start: PORT must be a port number from 0 to 65535, not 99999: fix PORT or unset it for the default');
    expect(r.stderr()).toMatch(/\n\s+at /);
  });
});
