#!/usr/bin/env node
// Builds the web client (vite build, into dist/web) when it is missing or older than any source it
// is built from. `npm start` runs this first (the `prestart` script), so a fresh clone serves the
// site after `npm install && npm start` even if install scripts were skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Everything the client's bundle can import: its own code, the engine, the bots (the odds run them),
// what it shares with the server, the server's router types, the card data, and the rules' text
// (the rules page fetches it as a file of the build). The test setup
// (tests/web/support/build.ts) uses this same list.
export const WEB_SOURCES = ['src/web', 'src/engine', 'src/bots', 'src/shared', 'src/server/trpc', 'data', 'docs/rules.md', 'vite.config.ts', 'package.json'];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when `output` (a file under `root`) is missing or older than the newest file of `sources`. */
export function isStale(root, output, sources) {
  const file = path.join(root, output);
  const built = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  const present = sources.map((s) => path.join(root, s)).filter((s) => fs.existsSync(s));
  return built < Math.max(...present.map(newestMtime));
}

/** True when dist/web/index.html is missing or older than the newest source file. */
export function webBuildIsStale(root = ROOT) {
  return isStale(root, 'dist/web/index.html', WEB_SOURCES);
}

export function buildWebIfStale(root = ROOT) {
  if (!webBuildIsStale(root)) return false;
  console.log('Building the web client (dist/web is missing or older than its sources)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildWebIfStale();
