/**
 * `npm run bench`: runs each benchmark several times and prints the medians as the markdown
 * rows that bench/RESULTS.md records. `npm run bench -- --seconds 5 --runs 5` to change the run.
 *
 * `--anchor DIR` also runs boardgame.io's raw reducer on the same game shape from the anchor
 * harness in DIR (its `bench-engine.js`, `npm ci` done there), one of its runs between each of
 * ours, both on CPU 0, and prints the ratio of the medians: these machines are noisy, so only a
 * ratio measured in one session means anything.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { benchEngine, playGame, type EngineResult } from './engine.js';
import { benchOptions, numberOption } from './options.js';

const options = benchOptions({
  seconds: { type: 'string', default: '3' },
  runs: { type: 'string', default: '5' },
  anchor: { type: 'string' },
  'anchor-games': { type: 'string', default: '300' },
});

const canPin = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** One run of the anchor's boardgame.io reducer (a child process of its own, as it runs itself). */
function anchorRun(dir: string, games: number): EngineResult {
  const script = path.join(dir, 'bench-engine.js');
  const command = canPin ? 'taskset' : process.execPath;
  const args = [...(canPin ? ['-c', '0', process.execPath] : []), script, '--child', 'reducer', String(games)];
  const run = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`the anchor's run failed: ${run.stderr}`);
  const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as { games: number; moves: number; sec: number };
  return { games: out.games, moves: out.moves, seconds: out.sec, gamesPerSecond: out.games / out.sec, movesPerSecond: out.moves / out.sec, microsPerMove: (out.sec * 1e6) / out.moves };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const seconds = numberOption('seconds', options.seconds);
const runs = numberOption('runs', options.runs);
const anchorGames = numberOption('anchor-games', options['anchor-games']);

const anchor = options.anchor;
// The same core as the anchor's runs, so the two share whatever else the machine does.
if (anchor && canPin) spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);

// Warm up the JIT before measuring.
for (let i = 0; i < 200; i++) playGame(100_000 + i);

const results: EngineResult[] = [];
const anchorResults: EngineResult[] = [];
for (let i = 0; i < runs; i++) {
  results.push(benchEngine(seconds, 1 + i * 100_000));
  if (anchor) anchorResults.push(anchorRun(anchor, anchorGames));
}
const gps = results.map((r) => r.gamesPerSecond);
const mps = results.map((r) => r.movesPerSecond);
const us = results.map((r) => r.microsPerMove);

console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}, NODE_ENV=${process.env.NODE_ENV ?? ''}`);
console.log(`engine, 4 players, valid_move seats, ${runs} runs of ${seconds}s`);
console.log('| figure | median | min | max |');
console.log('|---|---|---|---|');
console.log(`| games/s | ${median(gps).toFixed(0)} | ${Math.min(...gps).toFixed(0)} | ${Math.max(...gps).toFixed(0)} |`);
console.log(`| moves/s | ${median(mps).toFixed(0)} | ${Math.min(...mps).toFixed(0)} | ${Math.max(...mps).toFixed(0)} |`);
console.log(`| us/move | ${median(us).toFixed(2)} | ${Math.min(...us).toFixed(2)} | ${Math.max(...us).toFixed(2)} |`);
console.log(`moves per game: ${(results[0]!.moves / results[0]!.games).toFixed(1)}`);
if (anchor) {
  const theirs = median(anchorResults.map((r) => r.gamesPerSecond));
  const theirMoves = median(anchorResults.map((r) => r.movesPerSecond));
  console.log(`boardgame.io raw reducer (anchor, same session, interleaved${canPin ? ', both on CPU 0' : ''}): ${theirs.toFixed(1)} games/s, ${theirMoves.toFixed(0)} moves/s, ${(1e6 / theirMoves).toFixed(1)} us/move`);
  console.log(`ratio: Mythos ${(median(gps) / theirs).toFixed(1)}x per game, ${(median(mps) / theirMoves).toFixed(1)}x per move`);
}
