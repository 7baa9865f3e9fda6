/**
 * A worker thread running one of the server's TypeScript modules. Under tsx (tests, the CLI,
 * benches) the thread first registers tsx's ESM loader (a worker does not inherit the parent's
 * `--import tsx`), then imports the module. In the server built ahead of time (dist/server, what
 * `npm start` runs) this file is JavaScript itself, and so is the module beside it: the thread
 * runs the compiled `.js` with no loader.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** True in the compiled server: this module was loaded as JavaScript. */
const COMPILED = import.meta.url.endsWith('.js');

function tsxApiURL(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
}

/** Starts a worker thread running the TypeScript module at `moduleURL` (or its compiled twin). */
export function startTsWorker(moduleURL: URL, workerData?: unknown): Worker {
  if (COMPILED) return new Worker(new URL(moduleURL.href.replace(/\.ts$/, '.js')), { workerData, execArgv: [] });
  const boot = `import(${JSON.stringify(tsxApiURL())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleURL.href)}); });`;
  return new Worker(boot, { eval: true, workerData, execArgv: [] });
}
