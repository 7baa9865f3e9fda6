/**
 * Real server processes for the tests of what an operator sees (`npm start`, the compiled server,
 * the admin CLI beside it): started with the server's test environment, their output collected,
 * and every one of them stopped, with its temporary directories removed, after the file's tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import { SERVER_MAIN } from '../../bin/build-server.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Stops what is still running after the file's tests: SIGTERM, then SIGKILL after 5 s. */
export function processes(label: string) {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    // SIGTERM first: npm passes it on to the server (a SIGKILL would orphan it).
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    // Each has 5 s to exit: the wait ends when the last one has, not after the whole 5 s.
    const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
    for (const child of running) child.kill('SIGTERM');
    const giveUp = new AbortController();
    await Promise.race([Promise.all(running.map(exited)), sleep(5_000, undefined, { signal: giveUp.signal }).catch(() => undefined)]);
    giveUp.abort();
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a command with the server's environment (port 0, no separate /channel port, quiet bots). */
  function run(command: string, args: string[], env: Record<string, string>, cwd = ROOT): Run {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, PORT: '0', CHANNEL_PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', BOT_DELAY_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, stdout: () => out, stderr: () => err, exit };
  }

  return {
    run,
    /** The server as `npm start` runs it: compiled into dist/server (by the node tests' global setup). */
    server: (env: Record<string, string>, cwd = ROOT) => run(process.execPath, ['--enable-source-maps', path.resolve(ROOT, SERVER_MAIN)], env, cwd),
    /** A directory of the test's own, removed after the file's tests. */
    tempDir(): string {
      const dir = mkdtempSync(path.join(tmpdir(), `mythos-${label}-`));
      dirs.push(dir);
      return dir;
    },
  };
}

/** Waits for the server's "serving" log line and returns its port. */
export async function servingPort(r: Run, timeoutMs = 180_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Mythos is serving http:\/\/localhost:(\d+)/.exec(r.stdout());
    if (match) return Number(match[1]);
    if (r.child.exitCode !== null) throw new Error(`the server stopped: ${r.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start: ${r.stdout()} ${r.stderr()}`);
}
