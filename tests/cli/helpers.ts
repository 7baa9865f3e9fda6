/** Runs the CLI in-process and captures what it prints; temporary directories for its files. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { bufferIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(...argv: string[]): Promise<CliRun> {
  const io = bufferIo();
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** Runs the CLI and expects a usage error: `error: {message}` alone on stderr, nothing on stdout (nothing run), exit code 2. */
export async function refusedUsage(argv: readonly string[], message: string): Promise<void> {
  const run = await cli(...argv);
  expect(run.stderr).toBe(`error: ${message}\n`);
  expect(run.stdout).toBe('');
  expect(run.code).toBe(2);
}

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'mythos-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The tournament's output without its last line (the timing, which varies run to run). */
export function withoutTiming(stdout: string): string {
  return stdout.replace(/\n[^\n]*games\/s[^\n]*\n$/, '\n');
}
