/**
 * `mythos odds-calibration` in small: the reliability table has its ten deciles, the Brier scores
 * are printed beside the favor-only baseline's, the HTML report holds the chart, and every
 * finished game's odds are 100% for its winner(s); --by-progress splits the table by the game's
 * thirds and --records keeps the predictions for fitting offline. Too few predictions for a gap
 * (or none at all) is said in words, and the output files are checked before the first game.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrationSummary, calibrationTable, favorBaseline } from '../../src/cli/odds-calibration.js';
import { playOddsGame, type OddsRecord } from '../../src/cli/odds-game.js';
import { cli, refusedUsage, tempDir } from './helpers.js';

describe('mythos odds-calibration', () => {
  it('prints the reliability table and Brier scores, and writes the chart', { timeout: 240_000 }, async () => {
    const dir = tempDir();
    const out = join(dir, 'odds.html');
    const records = join(dir, 'records.json');
    const run = await cli('odds-calibration', '--games', '6', '--rollouts', '2', '--points', '2', '--workers', '0', '--quiet', '--out', out, '--by-progress', '--records', records);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n').filter((l) => /^\| \d+-\d+% \|/.test(l));
    // The whole table, then one for each third of the game (--by-progress).
    expect(rows).toHaveLength(40);
    const deciles = ['0-10%', '10-20%', '20-30%', '30-40%', '40-50%', '50-60%', '60-70%', '70-80%', '80-90%', '90-100%'];
    for (let t = 0; t < 4; t++) expect(rows.slice(t * 10, t * 10 + 10).map((r) => r.split('|')[1]!.trim())).toEqual(deciles);
    expect(run.stdout).toMatch(/^6 games, 12 predictions/);
    expect(run.stdout).toMatch(/Brier score: odds 0\.\d{4}, favor-only baseline 0\.\d{4}/);
    // 6 games put fewer than 30 predictions in every decile: too few for a gap.
    expect(run.stdout).toContain('\nLargest gap: not enough data for a calibration gap (no decile has 30 or more predictions; play more --games)\n');
    expect(run.stdout).toMatch(/\nWithout the prior \(each player's share of the rollouts won\): Brier 0\.\d{4}, largest gap: not enough data\n/);
    expect(run.stdout).toContain('Finished games whose odds were not 100% for the winner(s): 0');
    // --by-progress: the table again for each third of the game; together they hold every prediction.
    for (const third of ['first third', 'second third', 'last third']) expect(run.stdout).toContain(`Predictions in the game's ${third}:`);
    const perThird = [...run.stdout.matchAll(/^6 games, (\d+) predictions/gm)].map((m) => Number(m[1]));
    expect(perThird).toHaveLength(4);
    expect(perThird.slice(1).reduce((a, b) => a + b, 0)).toBe(12);
    // --records: every game's predictions with their rollout wins and progress, to fit or check offline.
    const saved = JSON.parse(readFileSync(records, 'utf8')) as OddsRecord[];
    expect(saved).toHaveLength(6);
    for (const r of saved) for (const p of r.predictions) expect(p.wins).toHaveLength(r.outcome.length);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('Reliability chart');
  });

  it("gives each finished game's winner(s) 100%, and counts the predictions into deciles", { timeout: 120_000 }, () => {
    const records = [0, 1, 2].map((i) => playOddsGame({ kind: 'odds', seed: 5, rollouts: 2, points: 2 }, i));
    for (const r of records) {
      expect(r.finalOdds).toEqual(r.outcome);
      expect(r.outcome.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      for (const p of r.predictions) expect(p.odds.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
    const summary = calibrationSummary(records);
    expect(summary.buckets).toHaveLength(10);
    expect(summary.buckets.reduce((a, b) => a + b.count, 0)).toBe(records.reduce((a, r) => a + r.predictions.length * r.outcome.length, 0));
    expect(summary.wrongFinals).toBe(0);
    expect(favorBaseline([3, 3], 5)).toEqual([0.5, 0.5]);
  });
});

describe('odds-calibration with too little data', () => {
  const dir = tempDir();

  it('says there is not enough data for a gap, and that a third of the game without predictions has nothing to score', { timeout: 60_000 }, async () => {
    const out = join(dir, 'tiny.html');
    const run = await cli('odds-calibration', '--games', '1', '--rollouts', '1', '--points', '1', '--workers', '0', '--quiet', '--out', out, '--by-progress');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^1 game, 1 prediction \(\d player-predictions\)\n/);
    expect(run.stdout).not.toContain('Largest gap over deciles');
    expect(run.stdout).not.toMatch(/largest gap \d/);
    // The whole table and the third the one prediction fell in; the two other thirds are empty.
    expect(run.stdout.split('\nLargest gap: not enough data for a calibration gap (no decile has 30 or more predictions; play more --games)\n')).toHaveLength(3);
    const empty = run.stdout.split('\n1 game, 0 predictions (0 player-predictions)\n');
    expect(empty).toHaveLength(3);
    for (const table of empty.slice(1)) expect(table).toMatch(/\n\nNo predictions here: nothing to score, and not enough data for a calibration gap\nFinished games whose odds/);
    expect(readFileSync(out, 'utf8')).toContain('Largest gap: not enough data for a calibration gap');
  });

  // Two players, odds 25% and 75% every time; the first wins a third of the games: a gap of 8.3 points either side.
  const records = (games: number): OddsRecord[] =>
    Array.from({ length: games }, (_, i) => {
      const outcome = i % 3 === 0 ? [1, 0] : [0, 1];
      return { kinds: ['easy_bot', 'basic_bot'], outcome, finalOdds: outcome, predictions: [{ step: 1, progress: 0.5, odds: [0.25, 0.75], favor: [1, 2], wins: [1, 3], rollouts: 4 }] };
    });

  it('prints the gap from the first decile of 30 predictions on', () => {
    expect(calibrationTable(calibrationSummary(records(29)))).toContain(
      "\nLargest gap: not enough data for a calibration gap (no decile has 30 or more predictions; play more --games)\nWithout the prior (each player's share of the rollouts won): Brier 0.2349, largest gap: not enough data\n",
    );
    expect(calibrationTable(calibrationSummary(records(30)))).toContain(
      "\nLargest gap over deciles with 30+ predictions: 8.3 points (aim: 3)\nWithout the prior (each player's share of the rollouts won): Brier 0.2292, largest gap 8.3 points\n",
    );
  });

  const refused = (argv: string[], message: string) => refusedUsage(['odds-calibration', '--games', '1', '--rollouts', '1', '--points', '1', '--workers', '0', '--quiet', ...argv], message);

  it('refuses an --out or --records it cannot write before the first game', async () => {
    const folder = join(dir, 'report.html');
    mkdirSync(folder);
    await refused(['--out', folder], `--out ${folder}: is a directory; give a file name`);
    const file = join(dir, 'plain');
    writeFileSync(file, 'x');
    await refused(['--out', join(dir, 'ok.html'), '--records', join(file, 'records.json')], `--records ${join(file, 'records.json')}: cannot write there, '${file}' is a file, not a directory`);
  });
});
