/**
 * `mythos odds-calibration`: are the spectators' live odds (src/bots/odds.ts) right as often as
 * they claim? Plays bot games of mixed kinds, predicts at random decision points from the
 * spectator's view, and compares each player's predicted chance with whether they won: a
 * reliability table by decile of the prediction, the Brier score, and the Brier score of a
 * baseline that predicts from current favor alone (a softmax of favor, its temperature the best
 * of a grid for these very games, so the baseline is as strong as favor alone can be). Writes the
 * reliability chart into a self-contained HTML report.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Command } from 'commander';
import { plural } from '../shared/plural.js';
import { parseInteger } from './args.js';
import { checkOutputFile } from './common-flags.js';
import { CliError } from './errors.js';
import type { Io } from './io.js';
import { MAX_SEED } from './match.js';
import type { OddsRecord } from './odds-game.js';
import { defaultWorkers, runGames } from './pool.js';
import { progressBar } from './progress.js';

export interface CalibrationArgs {
  games: number;
  rollouts: number;
  points: number;
  seed: number;
  workers: number;
  out: string | null;
  quiet: boolean;
  /** Also print the reliability table for each third of the game (by progress at the prediction). */
  byProgress?: boolean;
  /** Write every game's record (predictions with their rollout wins and progress) here as JSON, to fit or check offline. */
  records?: string | null;
}

export interface CalibrationBucket {
  /** The decile, 0 (0-10%) to 9 (90-100%). */
  decile: number;
  count: number;
  predicted: number;
  actual: number;
}

export interface CalibrationSummary {
  games: number;
  predictions: number;
  buckets: CalibrationBucket[];
  brier: number;
  baselineBrier: number;
  baselineTemperature: number;
  /**
   * The largest |predicted - actual| over deciles holding at least GAP_MIN_COUNT predictions, in
   * points; null when no decile holds that many (a gap over a handful would be noise).
   */
  worstGap: number | null;
  /** Finished games whose odds gave the winner(s) anything but their share of 100%. */
  wrongFinals: number;
  /** The same without the estimator's prior (each player's share of the rollouts won), for comparison. */
  rawBrier: number;
  rawWorstGap: number | null;
}

/** Softmax of favor at temperature t (Infinity: equal shares). */
export function favorBaseline(favor: readonly number[], t: number): number[] {
  if (!Number.isFinite(t)) return favor.map(() => 1 / favor.length);
  const top = Math.max(...favor);
  const w = favor.map((f) => Math.exp((f - top) / t));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
}

const TEMPERATURES = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, Infinity];

function brierOf(records: readonly OddsRecord[], predict: (p: OddsRecord['predictions'][number]) => number[]): number {
  let sum = 0;
  let n = 0;
  for (const r of records)
    for (const p of r.predictions) {
      const q = predict(p);
      for (let i = 0; i < q.length; i++) {
        sum += (q[i]! - r.outcome[i]!) ** 2;
        n++;
      }
    }
  return n === 0 ? 0 : sum / n;
}

/** The share of the rollouts each player won, without the prior (equal shares if none was played). */
const rawOdds = (p: OddsRecord['predictions'][number]) => p.wins.map((w) => (p.rollouts === 0 ? 1 / p.wins.length : w / p.rollouts));

function reliability(records: readonly OddsRecord[], predict: (p: OddsRecord['predictions'][number]) => number[]): CalibrationBucket[] {
  const buckets: CalibrationBucket[] = Array.from({ length: 10 }, (_, decile) => ({ decile, count: 0, predicted: 0, actual: 0 }));
  for (const r of records)
    for (const p of r.predictions) {
      predict(p).forEach((q, i) => {
        const b = buckets[Math.min(9, Math.floor(q * 10))]!;
        b.count++;
        b.predicted += q;
        b.actual += r.outcome[i]!;
      });
    }
  for (const b of buckets) if (b.count > 0) [b.predicted, b.actual] = [b.predicted / b.count, b.actual / b.count];
  return buckets;
}

/** The fewest predictions a decile needs for its gap to count: below it the share won is mostly chance. */
const GAP_MIN_COUNT = 30;

/** The largest |predicted - actual| over deciles holding at least GAP_MIN_COUNT predictions, in points; null if none does. */
function worstGapOf(buckets: readonly CalibrationBucket[]): number | null {
  const gaps = buckets.filter((b) => b.count >= GAP_MIN_COUNT).map((b) => Math.abs(b.predicted - b.actual) * 100);
  return gaps.length === 0 ? null : Math.max(...gaps);
}

export function calibrationSummary(records: readonly OddsRecord[]): CalibrationSummary {
  const buckets = reliability(records, (p) => p.odds);
  const predictions = records.reduce((n, r) => n + r.predictions.length, 0);
  let baselineBrier = Infinity;
  let baselineTemperature = Infinity;
  for (const t of TEMPERATURES) {
    const score = brierOf(records, (p) => favorBaseline(p.favor, t));
    if (score < baselineBrier) [baselineBrier, baselineTemperature] = [score, t];
  }
  const wrongFinals = records.filter((r) => r.finalOdds.some((q, i) => Math.abs(q - r.outcome[i]!) > 1e-9)).length;
  return {
    games: records.length,
    predictions,
    buckets,
    brier: brierOf(records, (p) => p.odds),
    baselineBrier,
    baselineTemperature,
    worstGap: worstGapOf(buckets),
    wrongFinals,
    rawBrier: brierOf(records, rawOdds),
    rawWorstGap: worstGapOf(reliability(records, rawOdds)),
  };
}

/** The thirds of a game the progress split prints (progress at the prediction: turns played of all). */
export const PROGRESS_THIRDS = [
  { label: 'first third', from: 0, to: 1 / 3 },
  { label: 'second third', from: 1 / 3, to: 2 / 3 },
  { label: 'last third', from: 2 / 3, to: Infinity },
] as const;

/** The records with only their predictions made in [from, to) of the game's progress. */
export function recordsInProgress(records: readonly OddsRecord[], from: number, to: number): OddsRecord[] {
  return records.map((r) => ({ ...r, predictions: r.predictions.filter((p) => p.progress >= from && p.progress < to) }));
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * The summary's last lines. Without predictions (a third of the game no prediction fell in) there
 * is nothing to score, and without a decile of GAP_MIN_COUNT predictions no gap to speak of: both
 * are said in words, since a score of 0.0000 or a gap of 0.0 points would read as perfect odds.
 */
function scoreLines(s: CalibrationSummary): string[] {
  if (s.predictions === 0) return ['No predictions here: nothing to score, and not enough data for a calibration gap'];
  const notEnough = `not enough data for a calibration gap (no decile has ${GAP_MIN_COUNT} or more predictions; play more --games)`;
  return [
    `Brier score: odds ${s.brier.toFixed(4)}, favor-only baseline ${s.baselineBrier.toFixed(4)} (softmax of favor, temperature ${s.baselineTemperature}) ${s.brier < s.baselineBrier ? 'better' : 'NOT better'} than the baseline`,
    s.worstGap === null ? `Largest gap: ${notEnough}` : `Largest gap over deciles with ${GAP_MIN_COUNT}+ predictions: ${s.worstGap.toFixed(1)} points (aim: 3)`,
    `Without the prior (each player's share of the rollouts won): Brier ${s.rawBrier.toFixed(4)}, ${s.rawWorstGap === null ? 'largest gap: not enough data' : `largest gap ${s.rawWorstGap.toFixed(1)} points`}`,
  ];
}

export function calibrationTable(s: CalibrationSummary): string {
  const lines = [
    `${plural(s.games, 'game')}, ${plural(s.predictions, 'prediction')} (${plural(s.buckets.reduce((a, b) => a + b.count, 0), 'player-prediction')})`,
    '',
    '| Decile | Predictions | Predicted | Won | Gap (points) |',
    '|---|---:|---:|---:|---:|',
    ...s.buckets.map((b) =>
      b.count === 0
        ? `| ${b.decile * 10}-${b.decile * 10 + 10}% | 0 | - | - | - |`
        : `| ${b.decile * 10}-${b.decile * 10 + 10}% | ${b.count} | ${pct(b.predicted)} | ${pct(b.actual)} | ${((b.actual - b.predicted) * 100).toFixed(1)} |`,
    ),
    '',
    ...scoreLines(s),
    `Finished games whose odds were not 100% for the winner(s): ${s.wrongFinals}`,
  ];
  return `${lines.join('\n')}\n`;
}

export function calibrationHtml(s: CalibrationSummary, command: string, timing = ''): string {
  const size = 420;
  const pad = 40;
  const x = (v: number) => pad + v * (size - 2 * pad);
  const y = (v: number) => size - pad - v * (size - 2 * pad);
  const used = s.buckets.filter((b) => b.count > 0);
  const points = used.map((b) => `<circle cx="${x(b.predicted).toFixed(1)}" cy="${y(b.actual).toFixed(1)}" r="${Math.max(3, Math.min(10, Math.sqrt(b.count) / 3)).toFixed(1)}" fill="#5b3fc4"><title>${b.decile * 10}-${b.decile * 10 + 10}%: predicted ${pct(b.predicted)}, won ${pct(b.actual)}, ${b.count} predictions</title></circle>`);
  const line = used.map((b, i) => `${i === 0 ? 'M' : 'L'}${x(b.predicted).toFixed(1)},${y(b.actual).toFixed(1)}`).join(' ');
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1].map((v) => `<text x="${x(v)}" y="${size - pad + 16}" text-anchor="middle" font-size="11">${v * 100}%</text><text x="${pad - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11">${v * 100}%</text>`);
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mythos odds calibration</title>
<style>body{font-family:system-ui,sans-serif;max-width:820px;margin:2em auto;color:#1c1830}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}</style></head><body>
<h1>Mythos live odds: calibration</h1>
<p><code>${escape(command)}</code></p>
${timing ? `<p>${escape(timing)}</p>` : ''}
<h2>Reliability</h2>
<svg width="${size}" height="${size}" role="img" aria-label="Reliability chart: predicted chance against the share won, by decile">
<rect x="${pad}" y="${pad}" width="${size - 2 * pad}" height="${size - 2 * pad}" fill="none" stroke="#999"/>
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#bbb" stroke-dasharray="4 4"/>
${ticks.join('\n')}
<path d="${line}" fill="none" stroke="#5b3fc4" stroke-width="2"/>
${points.join('\n')}
<text x="${size / 2}" y="${size - 6}" text-anchor="middle" font-size="12">predicted chance</text>
<text x="12" y="${size / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 12 ${size / 2})">share won</text>
</svg>
<pre>${escape(calibrationTable(s))}</pre>
</body></html>
`;
}

const loadAverage = () => loadavg().map((x) => x.toFixed(2)).join(' ');

export async function runCalibration(args: CalibrationArgs, io: Io): Promise<CalibrationSummary> {
  // Both files are checked before the first game: a bad path must not cost the whole run.
  if (args.out) checkOutputFile(args.out, '--out');
  if (args.records) checkOutputFile(args.records, '--records');
  const bar = progressBar(io, args.games, { quiet: args.quiet, label: 'odds' });
  const started = performance.now();
  const loadBefore = loadAverage();
  let records: OddsRecord[];
  try {
    records = await runGames({ kind: 'odds', seed: args.seed, rollouts: args.rollouts, points: args.points }, args.games, { workers: args.workers, onProgress: (n) => bar.update(n) });
  } finally {
    bar.stop();
  }
  const summary = calibrationSummary(records);
  io.out(calibrationTable(summary));
  if (args.byProgress)
    for (const third of PROGRESS_THIRDS) {
      io.out(`\nPredictions in the game's ${third.label}:\n`);
      io.out(calibrationTable(calibrationSummary(recordsInProgress(records, third.from, third.to))));
    }
  if (args.records) writeFileSync(args.records, JSON.stringify(records));
  const seconds = (performance.now() - started) / 1000;
  const command = `mythos odds-calibration --games ${args.games} --rollouts ${args.rollouts} --points ${args.points} --seed ${args.seed}`;
  const timing = `${plural(args.games, 'game')} in ${seconds.toFixed(1)} s on ${plural(args.workers, 'worker')}; load average ${loadBefore} at the start, ${loadAverage()} at the end`;
  if (args.out) writeFileSync(args.out, calibrationHtml(summary, command, timing));
  io.out(`${args.out ? `wrote ${args.out}: ` : ''}${timing}\n`);
  return summary;
}

const positive = (flag: string, min = 1) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new CliError(`${flag} must be a whole number of at least ${min}, not '${text}'`);
  return n;
};

export function oddsCalibrationCommand(io: Io): Command {
  return new Command('odds-calibration')
    .description("check the spectators' live odds: play bot games, predict from the spectator's view, print the reliability table and Brier scores")
    .option('--games <n>', 'games to play', positive('--games'), 300)
    .option('--rollouts <n>', 'rollouts per prediction', positive('--rollouts'), 16)
    .option('--points <n>', 'predictions per game, at random decision points', positive('--points'), 4)
    .option('--seed <n>', 'seed of the games and the sampling', (t) => parseInteger(t, '--seed', { min: 0, max: MAX_SEED }), 1)
    .option('--workers <n>', 'worker threads (0: this thread)', positive('--workers', 0), defaultWorkers())
    .option('--out <file>', 'the HTML report with the reliability chart', 'odds-calibration.html')
    .option('--quiet', 'no progress bar')
    .option('--by-progress', "also print the table for each third of the game (when the prediction was made)")
    .option('--records <file>', "write every game's predictions (rollout wins, progress, outcome) as JSON, to fit or check offline")
    .addHelpText(
      'after',
      `
Aim: in each decile the predicted and actual win rates differ by at most 3 points, and the Brier
score beats the favor-only baseline.

Examples:
  $ mythos odds-calibration --games 2000
  $ mythos odds-calibration --games 50 --rollouts 8 --out small.html`,
    )
    .action(async (raw: { games: number; rollouts: number; points: number; seed: number; workers: number; out: string; quiet?: boolean; byProgress?: boolean; records?: string }) => {
      await runCalibration({ ...raw, quiet: raw.quiet ?? false, out: raw.out, byProgress: raw.byProgress ?? false, records: raw.records ?? null }, io);
    });
}
