/**
 * `mythos odds-calibration` in small: the reliability table has its ten deciles, the Brier scores
 * are printed beside the favor-only baseline's, the HTML report holds the chart, and every
 * finished game's odds are 100% for its winner(s); --by-progress splits the table by the game's
 * thirds and --records keeps the predictions for fitting offline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrationSummary, favorBaseline } from '../../src/cli/odds-calibration.js';
import { playOddsGame, type OddsRecord } from '../../src/cli/odds-game.js';
import { cli, tempDir } from './helpers.js';

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
    expect(run.stdout).toMatch(/Without the prior \(each player's share of the rollouts won\): Brier 0\.\d{4}, largest gap \d+\.\d points/);
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
