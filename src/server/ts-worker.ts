/**
 * A worker thread running a TypeScript module: the thread first registers tsx's ESM loader (a
 * worker does not inherit the parent's `--import tsx`), then imports the module.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

function tsxApiURL(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
}

/** Starts a worker thread running the TypeScript module at `moduleURL`. */
export function startTsWorker(moduleURL: URL, workerData?: unknown): Worker {
  const boot = `import(${JSON.stringify(tsxApiURL())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleURL.href)}); });`;
  return new Worker(boot, { eval: true, workerData, execArgv: [] });
}
