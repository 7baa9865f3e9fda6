/**
 * What each test file costs in CPU: `npx tsx bench/suite-cost.ts [vitest filters]` (say
 * `--project browser`, or a file name) runs those files one at a time (MYTHOS_TEST_WORKERS=1),
 * reads the whole machine's CPU from /proc/stat four times a second, and prints each file's CPU
 * and wall time, the most expensive first, as the markdown rows bench/RESULTS.md records.
 *
 * Why one at a time: the suite runs three files at once on two cores and is bound by their CPU,
 * so a file's wall time in a full run says how long it shared the machine, not what it cost. A
 * file that waits (on a turn timer, a bot's delay) looks long there and is cheap; run alone,
 * its CPU is what the machine spends on it (its servers, its Chromium and the runner together).
 * Linux only (/proc/stat).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: { status: string }[];
}

/** The machine's busy CPU time, in seconds (user, nice, system, irq, softirq of every core). */
function busySeconds(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq] = fields as [number, number, number, number, number, number, number];
  return (user + nice + system + irq + softirq) / 100;
}

/** The busy CPU time at `t` (ms since the epoch), read between the two samples around it. */
function busyAt(samples: readonly (readonly [number, number])[], t: number): number {
  let i = samples.findIndex(([time]) => time >= t);
  if (i < 0) i = samples.length - 1;
  if (i === 0) i = 1;
  const [t0, c0] = samples[i - 1]!;
  const [t1, c1] = samples[i]!;
  return c0 + ((c1 - c0) * (t - t0)) / Math.max(1, t1 - t0);
}

const report = path.join(os.tmpdir(), `mythos-suite-cost-${process.pid}.json`);
const samples: [number, number][] = [[Date.now(), busySeconds()]];
const sampler = setInterval(() => samples.push([Date.now(), busySeconds()]), 250);
const loadBefore = os.loadavg();
const started = Date.now();

const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2), '--reporter=json', `--outputFile=${report}`], {
  env: { ...process.env, MYTHOS_TEST_WORKERS: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const code = await new Promise<number | null>((resolve) => vitest.on('exit', resolve));
clearInterval(sampler);
samples.push([Date.now(), busySeconds()]);
if (!fs.existsSync(report)) throw new Error(`vitest wrote no report (exit code ${code})`);
const files = (JSON.parse(fs.readFileSync(report, 'utf8')) as { testResults: FileResult[] }).testResults;
fs.rmSync(report);

const rows = files
  .map((f) => ({
    file: path.relative(process.cwd(), f.name),
    cpu: busyAt(samples, f.endTime) - busyAt(samples, f.startTime),
    wall: (f.endTime - f.startTime) / 1000,
    failed: f.assertionResults.filter((a) => a.status === 'failed').length,
  }))
  .sort((a, b) => b.cpu - a.cpu);
const total = rows.reduce((sum, r) => sum + r.cpu, 0);
const fixed = (n: number) => n.toFixed(1);

console.log(`${rows.length} files, one at a time: ${fixed(total)} s of CPU in their runs, ${fixed((Date.now() - started) / 1000)} s in all (vitest exit code ${code})`);
console.log(`${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} x${os.availableParallelism()}, node ${process.version}; load average ${loadBefore.map(fixed).join(', ')} before, ${os.loadavg().map(fixed).join(', ')} after`);
console.log('\n| file | CPU | share | wall | CPU over wall |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) {
  const failed = r.failed > 0 ? ` (${r.failed} failed)` : '';
  console.log(`| ${r.file}${failed} | ${fixed(r.cpu)} s | ${((100 * r.cpu) / total).toFixed(1)}% | ${fixed(r.wall)} s | ${(r.cpu / Math.max(r.wall, 0.001)).toFixed(2)} |`);
}
