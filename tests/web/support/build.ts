/**
 * Vitest global setup for the browser tests: builds the web client when dist/web is missing or
 * older than any source it is built from, so a test never runs against a stale client.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src/web', 'src/engine', 'src/shared', 'src/server/trpc', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

export default function setup(): void {
  const index = path.resolve('dist/web/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = Math.max(...SOURCES.filter((s) => fs.existsSync(s)).map(newestMtime));
  if (built >= newest) return;
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
