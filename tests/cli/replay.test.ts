/**
 * `mythos replay`: saved games of every option and every module re-run to the same final state;
 * tampered files fail with the first differing JSON path; the narration adds up.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advance, createGame, GAME_OPTION_KEYS, MODULE_KEYS } from '../../src/engine/index.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import type { ReplayFile } from '../../src/cli/replay-file.js';
import { playToEnd } from '../support/play.js';
import { cli, tempDir } from './helpers.js';

const dir = tempDir();
const SEATS = 'valid_move,random_card,easy_bot,valid_move';

/** Plays one game with the given flags and returns the path of its replay file. */
async function savedGame(name: string, ...flags: string[]): Promise<string> {
  const saveDir = join(dir, name);
  const run = await cli('tournament', '--seats', SEATS, '--games', '1', '--seed', '11', '--workers', '0', '--save-games', saveDir, ...flags);
  expect(run.code, run.stderr).toBe(0);
  return join(saveDir, 'game-00000.json');
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ReplayFile;

function tampered(path: string, name: string, change: (doc: ReplayFile) => void): string {
  const doc = read(path);
  change(doc);
  const out = join(dir, name);
  writeFileSync(out, JSON.stringify(doc));
  return out;
}

describe('replay', () => {
  const cases = [
    ...GAME_OPTION_KEYS.map((option) => ({ name: `option ${option}`, flags: ['--option', option === 'unbid' ? 'unbid=false' : option] })),
    ...MODULE_KEYS.map((module) => ({ name: `module ${module}`, flags: ['--module', module] })),
  ];

  it.each(cases)('re-runs a saved game with $name to the identical final state', async ({ name, flags }) => {
    const path = await savedGame(name.replace(' ', '-'), ...flags);
    const doc = read(path);
    expect(doc.format).toBe('mythos-replay');
    if (flags[0] === '--module') expect(doc.setup.modules).toEqual([flags[1]]);
    const run = await cli('replay', path);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Age 1, turn 1\n');
    expect(run.stdout).toContain('Age 3, turn 5\n');
    expect(run.stdout).toMatch(/^ {2}bid: p1 \((valid_move|random_card|easy_bot)\) bids \d+ military on .+ \(spends \d+\)$/m);
    expect(run.stdout).toMatch(/^ {2}gain: p\d \(\w+\) gains .+ \((cost \d+ gold|free)/m);
    expect(run.stdout).toMatch(/^ {2}winners?: p\d/m);
    // The favor totals told from the events add up to the game's own counters.
    expect(run.stdout).not.toContain('note: favor from events differs');
    const final = doc.final.players.map((p) => `${p.userID} ${p.counters.favor}`).join(', ');
    expect(run.stdout).toContain(`final favor: ${final}\n`);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`OK ${path}: ${doc.actions.length} actions re-run, final state identical`);
  });

  it('tells clashes round by round with the winner', async () => {
    const path = await savedGame('clashes');
    const { stdout } = await cli('replay', path);
    expect(stdout).toMatch(/^ {2}clash for .+: p\d \(\w+\)( vs p\d \(\w+\))+\n {4}round 1: p\d \d+\+\[\d\]=\d+/m);
    expect(stdout).toMatch(/^ {4}winner: p\d \(\w+\)/m);
  });

  it('prints only the verdict with --quiet', async () => {
    const path = await savedGame('quiet');
    const run = await cli('replay', '--quiet', path);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`OK ${path}: ${read(path).actions.length} actions re-run, final state identical\n`);
  });

  it('fails on a changed favor in the saved final state, naming the first differing path', async () => {
    const path = await savedGame('favor');
    const favor = read(path).final.players[1]!.counters.favor;
    const bad = tampered(path, 'favor-tampered.json', (doc) => (doc.final.players[1]!.counters.favor += 5));
    const run = await cli('replay', '--quiet', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `FAIL ${bad}: the re-run differs from the saved final state; first difference at $.players[1].counters.favor: expected ${favor + 5}, actual ${favor}\n`,
    );
  });

  it('fails on a changed action the engine refuses, naming the action and the rule', async () => {
    const path = await savedGame('refused');
    const bad = tampered(path, 'refused-tampered.json', (doc) => {
      const first = doc.actions[0]!;
      if (first.action.type === 'BID') first.action.bid.military = 99;
    });
    const run = await cli('replay', '--quiet', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^FAIL ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: action 0 \\(BID by p1 at 1000\\) was refused: Invalid military bid: 99\\. Max bid: \\d+\\n$`));
  });

  it('fails on a changed action the engine accepts, at the first path where the games part', async () => {
    const path = await savedGame('diverge');
    const original = read(path);
    const last = original.actions.length - 1;
    const bad = tampered(path, 'diverge-tampered.json', (doc) => (doc.actions[last]!.now += 7_000));
    const run = await cli('replay', '--quiet', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL .+: the re-run differs from the saved final state; first difference at \$\.\S+: expected .+, actual .+\n$/);
  });

  it('re-runs a version 1 file (a xoroshiro128+ game, saved as version 3) with its own generator, bit for bit', async () => {
    const seats = ['p1', 'p2', 'p3'].map((userID) => ({ userID, botType: null }));
    const start = advance(createGame({ players: seats, definitions: GAME_DEFINITIONS, generator: 'xoroshiro128+' }, 1042, 0), 0).game;
    const { game, actions } = playToEnd(start, 8);
    if (game.rngState.kind !== 'xoroshiro128+') throw new Error('a xoroshiro128+ game');
    const { rngState, seedCommitment: _c, ...rest } = game;
    const file = join(dir, 'v1.json');
    const final = { ...rest, version: 3, rngState: rngState.state };
    writeFileSync(file, JSON.stringify({ format: 'mythos-replay', version: 1, setup: { seats }, seed: 1042, start: 0, actions, final }));
    const run = await cli('replay', '--quiet', file);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`OK ${file}: ${actions.length} actions re-run, final state identical\n`);
  });
});
