/**
 * Bots from outside the code base in a tournament: a module exporting a Decide function and a
 * program speaking line-delimited JSON, on worker threads and in this thread; and the clear,
 * one-line refusal of a bot that answers garbage, too late, illegally, or throws.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cli, tempDir, withoutTiming } from './helpers.js';

// Program bots are processes started per game, and worker threads load tsx: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

const MODULE_BOT = 'examples/bots/favor-hunter.ts';
const EXEC_BOT = 'exec:node examples/bots/first-choice.mjs';
const bot = (name: string) => `exec:node tests/cli/bots/${name}.mjs`;

describe('outside bots in a tournament', () => {
  it('seats a module bot and a program bot beside built-in kinds, the same on worker threads', async () => {
    const seats = `${MODULE_BOT},${EXEC_BOT},easy_bot,valid_move`;
    const dir = tempDir();
    const inThread = await cli('tournament', '--seats', seats, '--games', '4', '--workers', '0', '--quiet', '--save-games', dir);
    expect(inThread.stderr).toBe('');
    expect(inThread.code).toBe(0);
    for (const label of [MODULE_BOT, EXEC_BOT, 'easy_bot', 'valid_move']) expect(inThread.stdout).toMatch(new RegExp(`\\n${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +4 `));
    const onWorkers = await cli('tournament', '--seats', seats, '--games', '4', '--workers', '2', '--quiet');
    expect(onWorkers.code).toBe(0);
    const table = (stdout: string) => withoutTiming(stdout).split('\n').filter((line) => !line.startsWith('saved'));
    expect(table(onWorkers.stdout)).toEqual(table(inThread.stdout));

    // Each game replays from its file, outside bots and all.
    const files = readdirSync(dir);
    expect(files).toHaveLength(4);
    const replay = await cli('replay', '--quiet', join(dir, files[0]!));
    expect(replay.stdout).toMatch(/^OK /);
  });

  const refusals: [string, string[], RegExp][] = [
    ['answers garbage', [bot('garbage'), 'valid_move'], /^error: seat 1 \(exec:node tests\/cli\/bots\/garbage\.mjs\), game 0, age 1 turn 1 \(PLANNING\): the bot answered something that is not JSON: "I bid everything!"\n$/],
    ['does not answer in time', [bot('silent'), 'valid_move', '--bot-timeout', '300'], /^error: seat 1 \(exec:node tests\/cli\/bots\/silent\.mjs\), game 0, age 1 turn 1 \(PLANNING\): the bot did not answer within 300 ms\n$/],
    ['answers an illegal action', ['valid_move', bot('illegal')], /^error: seat 2 \(exec:node tests\/cli\/bots\/illegal\.mjs\), game 0, age 1 turn 1 \(PLANNING\): the engine refused the bot's BID: .+ \(\{"type":"BID","bid":\{"military":0,"tradeRowIndex":99\}\}\)\n$/],
    ['throws', ['tests/cli/bots/throws.js', 'valid_move'], /^error: seat 1 \(tests\/cli\/bots\/throws\.js\), game 0, age 1 turn 1 \(PLANNING\): the bot threw Error: out of ideas\n$/],
  ];

  it.each(refusals)('stops with one line naming the seat and the turn when a bot %s', async (_, args, message) => {
    const [first, second, ...rest] = args;
    for (const workers of ['0', '2']) {
      // One game: on a worker thread it is game 0 as well, so the message is the same.
      const run = await cli('tournament', '--seats', `${first},${second}`, '--games', '1', '--workers', workers, '--quiet', ...rest);
      expect(run.stderr).toMatch(message);
      expect(run.code).toBe(1);
    }
  });

  it('refuses a module without a Decide export, or a missing one, before any game', async () => {
    const noExport = await cli('tournament', '--seats', 'tests/cli/bots/no-export.js,valid_move', '--games', '2', '--quiet');
    expect(noExport.stderr).toBe('error: tests/cli/bots/no-export.js must export a Decide function named decide (or as its default export): see docs/bots.md\n');
    expect(noExport.code).toBe(2);
    expect(noExport.stdout).toBe('');
    const missing = await cli('tournament', '--seats', './nowhere/bot.js,valid_move', '--quiet');
    expect(missing.stderr).toMatch(/^error: --seats: no bot module at \.\/nowhere\/bot\.js \(.+\)\n$/);
    expect(missing.code).toBe(2);
  });

  it("examples/bots/expert-budget.ts names a budget it cannot read, before any game", () => {
    // Its budget comes from the environment: EXPERT_ITERATIONS=2OO (letters O) was NaN iterations,
    // and the seat failed at its first bid with "the bot threw TypeError: Cannot read properties
    // of undefined (reading 'bid')".
    const child = spawnSync(process.execPath, ['bin/mythos.js', 'tournament', '--seats', './examples/bots/expert-budget.ts,valid_move', '--games', '1', '--workers', '0', '--quiet'], {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: { ...process.env, EXPERT_ITERATIONS: '2OO' },
    });
    expect(child.stderr).toContain('EXPERT_ITERATIONS must be a whole number above 0, not "2OO"');
    expect(child.stderr).not.toContain('TypeError');
    expect(child.status).toBe(2);
  });
});
