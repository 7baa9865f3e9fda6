#!/usr/bin/env node
// Compiles the server ahead of time (tsc, tsconfig.server.json, into dist/server) when it is
// missing or older than any source it is built from. `npm start` runs the compiled server, which
// spares the process tsx's loader: about 50 MB of its memory at rest (docs/decisions.md). Run by
// `npm install` (`prepare`) and again by `npm start` (`prestart`), like bin/build-web.mjs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './build-web.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * What the server's program can import: its code, the documented protocol's adapters, the engine,
 * the bots, what it shares, the card data (tests/server/build-server.test.ts holds it to the program).
 */
export const SERVER_SOURCES = ['src/server', 'src/compat', 'src/engine', 'src/bots', 'src/shared', 'data', 'tsconfig.json', 'tsconfig.server.json', 'package.json'];
/** The compiled entry point `npm start` runs. */
export const SERVER_MAIN = 'dist/server/src/server/main.js';

export function serverBuildIsStale(root = ROOT) {
  return isStale(root, SERVER_MAIN, SERVER_SOURCES);
}

export function buildServerIfStale(root = ROOT) {
  if (!serverBuildIsStale(root)) return false;
  console.log('Building the server (dist/server is missing or older than its sources)...');
  // A clean output (a source deleted since the last build leaves no module behind), every file,
  // the entry point too, written now.
  fs.rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildServerIfStale();
