/**
 * `mythos tournament`: the same arguments give the same table and the same files whatever the
 * number of worker threads; seats rotate; --out writes JSON and CSV, and a path it cannot write is
 * refused before the first game.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seatsForGame } from '../../src/cli/match.js';
import { builtinSeat } from '../../src/cli/seat-spec.js';
import { runGames } from '../../src/cli/pool.js';
import type { ModuleKey } from '../../src/engine/index.js';
import { wilson } from '../../src/cli/stats.js';
import { cli, refusedUsage, tempDir, withoutTiming } from './helpers.js';

const SEATS = 'easy_bot,valid_move,random_card,valid_move';
const dir = tempDir();

describe('tournament', () => {
  it('gives identical tables and JSON for one seed, run twice and on 0, 1 or 2 worker threads', async () => {
    const runs = [];
    for (const [i, workers] of ['0', '2', '1', '2'].entries()) {
      const out = join(dir, `run-${i}.json`);
      const run = await cli('tournament', '--seats', SEATS, '--games', '16', '--seed', '40', '--workers', workers, '--out', out, '--quiet');
      expect(run.code, run.stderr).toBe(0);
      runs.push({ table: withoutTiming(run.stdout).replace(`wrote ${out}`, 'wrote OUT'), json: readFileSync(out, 'utf8') });
    }
    for (const run of runs.slice(1)) {
      expect(run.table).toBe(runs[0]!.table);
      expect(run.json).toBe(runs[0]!.json);
    }
    expect(runs[0]!.table).toContain('tournament: 16 games, seats easy_bot,valid_move,random_card,valid_move (rotating), seed 40');
    expect(runs[0]!.table).toMatch(/^easy_bot +16 +/m);
    expect(runs[0]!.table).toMatch(/^valid_move +32 +/m);
  });

  it('writes per-kind results and per-game rows as JSON, with shared wins summing to the games', async () => {
    const out = join(dir, 'results.json');
    const run = await cli('tournament', '--seats', 'valid_move,random_card,easy_bot', '--games', '9', '--workers', '0', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as {
      format: string;
      config: { seats: string[]; games: number; seed: number; options: Record<string, boolean> };
      kinds: { kind: string; games: number; wins: number; winRateCI95: [number, number] }[];
      games: { game: number; seed: number; seats: { kind: string; winShare: number; favor: number }[] }[];
    };
    expect(doc.format).toBe('mythos-tournament');
    expect(doc.config).toMatchObject({ seats: ['valid_move', 'random_card', 'easy_bot'], games: 9, seed: 1 });
    expect(Object.keys(doc.config.options)).toHaveLength(13);
    expect(doc.kinds.map((k) => [k.kind, k.games])).toEqual([['valid_move', 9], ['random_card', 9], ['easy_bot', 9]]);
    expect(doc.kinds.reduce((n, k) => n + k.wins, 0)).toBeCloseTo(9, 2);
    expect(doc.games.map((g) => g.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Seats rotate: game i starts with the kind i places along the list.
    expect(doc.games.map((g) => g.seats[0]!.kind)).toEqual(['valid_move', 'random_card', 'easy_bot', 'valid_move', 'random_card', 'easy_bot', 'valid_move', 'random_card', 'easy_bot']);
    for (const g of doc.games) expect(g.seats.reduce((n, s) => n + s.winShare, 0)).toBeCloseTo(1, 3);
  });

  it('writes one CSV row per game with per-seat columns', async () => {
    const out = join(dir, 'results.csv');
    const run = await cli('tournament', '--seats', 'valid_move,random_card', '--games', '5', '--workers', '0', '--out', out, '--option', 'warTokens');
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(
      'game,seed,bot_seed,moves,' +
        'seat1_kind,seat1_favor,seat1_cards,seat1_tributes,seat1_prophecies,seat1_resources,seat1_clashes,seat1_clashes_won,seat1_win,' +
        'seat2_kind,seat2_favor,seat2_cards,seat2_tributes,seat2_prophecies,seat2_resources,seat2_clashes,seat2_clashes_won,seat2_win',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^0,1,\d+,\d+,valid_move,\d+,/);
    expect(lines[2]).toMatch(/^1,2,\d+,\d+,random_card,\d+,/);
    expect(run.stdout).toContain('options: warTokens');
  });

  it('stops every worker and reports the game when one fails', async () => {
    const match = { seats: [builtinSeat('valid_move'), builtinSeat('valid_move')], options: {}, modules: ['bogus' as ModuleKey], baseSeed: 1, cardsDir: null, botTimeoutMs: 0, expertBudget: null };
    await expect(runGames({ kind: 'tournament', match, saveDir: null }, 4, { workers: 2 })).rejects.toThrow(/^game \d: Module bogus not found$/);
    await expect(runGames({ kind: 'tournament', match, saveDir: null }, 4, { workers: 0 })).rejects.toThrow('Module bogus not found');
  });

  it('rotates seats so that no kind keeps the first seat', () => {
    const match = { seats: ['basic_bot', 'easy_bot', 'valid_move'] as const, options: {}, modules: [], baseSeed: 1 };
    const m = { ...match, seats: [...match.seats] };
    expect([0, 1, 2, 3].map((i) => seatsForGame(m, i))).toEqual([
      ['basic_bot', 'easy_bot', 'valid_move'],
      ['easy_bot', 'valid_move', 'basic_bot'],
      ['valid_move', 'basic_bot', 'easy_bot'],
      ['basic_bot', 'easy_bot', 'valid_move'],
    ]);
  });

  it('puts 95% Wilson intervals around win rates', () => {
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 20)[0]).toBe(0);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });

  it("takes the Expert Bot's budget: --think-iterations replays exactly, a different budget plays differently, bad budgets are refused", async () => {
    const run = (...budget: string[]) => cli('tournament', '--seats', 'expert_bot,easy_bot', '--games', '2', '--seed', '3', '--workers', '0', '--quiet', ...budget);
    const [a, b, c] = [await run('--think-iterations', '2'), await run('--think-iterations', '2'), await run('--think-iterations', '1')];
    for (const r of [a, b, c]) expect(r.code, r.stderr).toBe(0);
    expect(withoutTiming(a.stdout)).toBe(withoutTiming(b.stdout));
    // The favor line of each game differs with the budget on these seeds.
    expect(withoutTiming(a.stdout)).not.toBe(withoutTiming(c.stdout));
    const zero = await run('--think-iterations', '0');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--think-iterations');
    const word = await run('--think-ms', 'soon');
    expect(word.code).toBe(2);
    expect(word.stderr).toContain('--think-ms');
  });
});

describe('tournament --out is checked before the first game', () => {
  const tiny = ['tournament', '--seats', 'valid_move,valid_move', '--games', '1', '--workers', '0', '--quiet'];

  // Refused at once: one line, exit code 2, and not even the tournament's first line printed.
  const refused = (out: string, message: string) => refusedUsage([...tiny, '--out', out], message);

  it('refuses a directory', async () => {
    const out = join(dir, 'a-directory.json');
    mkdirSync(out);
    await refused(out, `--out ${out}: is a directory; give a file name`);
  });

  it('refuses a path through a plain file', async () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, 'x');
    await refused(join(file, 'results.json'), `--out ${join(file, 'results.json')}: cannot write there, '${file}' is a file, not a directory`);
  });

  // Root may write anywhere: there the permission cannot be taken away.
  it.skipIf(process.getuid?.() === 0)('refuses a directory it may not write in, and a file it may not write', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    const readOnly = join(dir, 'read-only.csv');
    writeFileSync(readOnly, '');
    chmodSync(locked, 0o555);
    chmodSync(readOnly, 0o444);
    try {
      await refused(join(locked, 'results.json'), `--out ${join(locked, 'results.json')}: cannot write there (no permission)`);
      await refused(readOnly, `--out ${readOnly}: the file cannot be written (no permission)`);
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it('makes a missing directory and writes the file there', async () => {
    const out = join(dir, 'new', 'deeper', 'results.csv');
    const run = await cli(...tiny, '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`\nwrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toMatch(/^game,seed,bot_seed,moves,seat1_kind,/);
  });
});
