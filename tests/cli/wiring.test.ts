/**
 * The real command line, in child processes: `npm run cli` with worker threads (each worker loads
 * TypeScript through tsx), and the `mythos` bin for replay and errors.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, withoutTiming } from './helpers.js';

const root = join(import.meta.dirname, '../..');
const dir = tempDir();

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, timeout: 60_000 });
  // npm may warn about the machine's own npm config on stderr; those lines are not ours.
  const stderr = result.stderr
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('npm warn'))
    .join('\n');
  return { code: result.status, stdout: result.stdout, stderr };
}

describe('the mythos command line', () => {
  const out = join(dir, 'npm.json');
  const replays = join(dir, 'replays');
  const args = ['tournament', '--seats', 'valid_move,random_card,easy_bot', '--games', '12', '--seed', '5'];

  it('runs a tournament on 2 worker threads through `npm run cli`, same results as in-process', async () => {
    const child = run('npm', ['run', '--silent', 'cli', '--', ...args, '--workers', '2', '--out', out, '--save-games', replays]);
    expect(child.stderr).toBe(''); // no progress bar when stderr is not a terminal
    expect(child.code).toBe(0);
    expect(child.stdout).toMatch(/\n12 games in [\d.]+ s: [\d.]+ games\/s \(2 worker threads\)\n$/);
    expect(child.stdout).toContain(`saved 12 replays in ${replays}\n`);

    const inProcess = join(dir, 'in-process.json');
    const local = await cli(...args, '--workers', '0', '--out', inProcess);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(inProcess, 'utf8'));
    const table = (s: string) => withoutTiming(s).replace(/\nwrote .*\n/, '\n').replace(/saved .*\n/, '');
    expect(table(child.stdout)).toBe(table(local.stdout));
  });

  it('replays a saved game through the bin', async () => {
    // Its own saved games (in-process, quick), so that this test runs alone as well as after the first.
    const saved = join(dir, 'replays-for-bin');
    const saving = await cli('tournament', '--seats', 'valid_move,random_card,easy_bot', '--games', '4', '--seed', '5', '--workers', '0', '--save-games', saved);
    expect(saving.code, saving.stderr).toBe(0);
    const file = join(saved, 'game-00003.json');
    const child = run(process.execPath, ['bin/mythos.js', 'replay', '--quiet', file]);
    expect(child.stderr).toBe('');
    expect(child.stdout).toMatch(new RegExp(`^OK .*game-00003\\.json: \\d+ actions re-run, final state identical\\n$`));
    expect(child.code).toBe(0);
  });

  it('gives its verdict when what reads its output stops early (`mythos replay game.json | head`)', async () => {
    const saved = join(dir, 'replays-for-head');
    const saving = await cli('tournament', '--seats', 'valid_move,random_card', '--games', '1', '--seed', '5', '--workers', '0', '--save-games', saved);
    expect(saving.code, saving.stderr).toBe(0);
    // The reader is gone before the command writes its first line, as `head` is once it has its lines.
    const child = spawn(process.execPath, ['bin/mythos.js', 'replay', join(saved, 'game-00000.json')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    // Not a stack trace of EPIPE and exit code 1, which is replay's "the re-run differs".
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('exits with code 2 and one line on a usage error', () => {
    const child = run(process.execPath, ['bin/mythos.js', 'tournament', '--seats', 'valid_move,nope']);
    expect(child.stderr).toBe("error: unknown bot kind 'nope' in --seats (valid: easy_bot, basic_bot, basic_bot2, valid_move, random_card, expert_bot, a module path like ./my-bot.js, or exec:\"command\")");
    expect(child.code).toBe(2);
  });

  it("exits with code 2 on a subcommand's usage error too, not commander's own 1", () => {
    const child = run(process.execPath, ['bin/mythos.js', 'users', 'make-dev']);
    expect(child.stderr).toBe("error: missing required argument 'userID'");
    expect(child.stdout).toBe('');
    expect(child.code).toBe(2);
  });
});
