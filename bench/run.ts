/**
 * `npm run bench`: runs each benchmark several times and prints the medians as the markdown
 * rows that bench/RESULTS.md records. `npm run bench -- --seconds 5 --runs 5` to change the run.
 */
import os from 'node:os';
import { benchEngine, playGame } from './engine.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const seconds = arg('seconds', 3);
const runs = arg('runs', 5);

// Warm up the JIT before measuring.
for (let i = 0; i < 200; i++) playGame(100_000 + i);

const results = Array.from({ length: runs }, (_, i) => benchEngine(seconds, 1 + i * 100_000));
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
