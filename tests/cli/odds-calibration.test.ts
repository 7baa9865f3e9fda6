/**
 * `mythos odds-calibration` in small: the reliability table has its ten deciles, the Brier scores
 * are printed beside the favor-only baseline's, the HTML report holds the chart, and every
 * finished game's odds are 100% for its winner(s).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrationSummary, favorBaseline } from '../../src/cli/odds-calibration.js';
import { playOddsGame } from '../../src/cli/odds-game.js';
import { cli, tempDir } from './helpers.js';

describe('mythos odds-calibration', () => {
  it('prints the reliability table and Brier scores, and writes the chart', { timeout: 240_000 }, async () => {
    const dir = tempDir();
    const out = join(dir, 'odds.html');
    const run = await cli('odds-calibration', '--games', '6', '--rollouts', '2', '--points', '2', '--workers', '0', '--quiet', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n').filter((l) => /^\| \d+-\d+% \|/.test(l));
    expect(rows.map((r) => r.split('|')[1]!.trim())).toEqual(['0-10%', '10-20%', '20-30%', '30-40%', '40-50%', '50-60%', '60-70%', '70-80%', '80-90%', '90-100%']);
    expect(run.stdout).toMatch(/^6 games, 12 predictions/);
    expect(run.stdout).toMatch(/Brier score: odds 0\.\d{4}, favor-only baseline 0\.\d{4}/);
    expect(run.stdout).toMatch(/Without the prior \(each player's share of the rollouts won\): Brier 0\.\d{4}, largest gap \d+\.\d points/);
    expect(run.stdout).toContain('Finished games whose odds were not 100% for the winner(s): 0');
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
