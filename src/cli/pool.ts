/**
 * Plays the games of a job on worker threads (or in this thread with `workers: 0`) and returns
 * their records in game order. Workers take small ranges of games as they become free, so a slow
 * game does not hold the others up; the order of the results never depends on the worker count.
 *
 * The worker is TypeScript, started through tsx (src/server/ts-worker.ts).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../server/ts-worker.js';
import { CliError } from './errors.js';
import { runJobGame, type Job, type RecordOf } from './jobs.js';
import type { FromWorker, ToWorker } from './worker.js';

export interface PoolOptions {
  /** Worker threads; 0 plays every game in this thread. */
  workers: number;
  /** Called with the number of games finished so far. */
  onProgress?: (done: number) => void;
}

export const defaultWorkers = (): number => availableParallelism();

/** Starts a worker thread running worker.ts. */
export function startWorker(workerData: unknown): Worker {
  return startTsWorker(new URL('./worker.ts', import.meta.url), workerData);
}

async function runInThread<J extends Job>(job: J, count: number, onProgress?: (done: number) => void): Promise<RecordOf<J>[]> {
  const records: RecordOf<J>[] = [];
  for (let index = 0; index < count; index++) {
    records.push(await runJobGame(job, index));
    onProgress?.(index + 1);
    // Let timers (the progress bar) run now and then.
    if (index % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
  }
  return records;
}

export function runGames<J extends Job>(job: J, count: number, { workers, onProgress }: PoolOptions): Promise<RecordOf<J>[]> {
  if (workers === 0 || count === 0) return runInThread(job, count, onProgress);
  const threads = Math.min(workers, count);
  const chunk = Math.max(1, Math.min(25, Math.ceil(count / (threads * 16))));
  const records = new Array<RecordOf<J>>(count);
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      for (const w of pool) void w.terminate();
      if (error) reject(error);
      else resolve(records);
    };
    const feed = (worker: Worker) => {
      if (next >= count) {
        if (done === count) finish(null);
        return;
      }
      const from = next;
      next = Math.min(count, next + chunk);
      worker.postMessage({ type: 'run', from, to: next } satisfies ToWorker);
    };
    for (let t = 0; t < threads; t++) {
      const worker = startWorker(job);
      pool.push(worker);
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'record') {
          records[message.index] = message.record as RecordOf<J>;
          done++;
          onProgress?.(done);
        } else if (message.type === 'idle') {
          feed(worker);
        } else {
          if (message.exitCode !== null) return finish(new CliError(message.message, message.exitCode));
          const error = new Error(`game ${message.index}: ${message.message}`);
          error.stack = message.stack;
          finish(error);
        }
      });
      worker.on('error', (error) => finish(error));
      worker.on('exit', (code) => {
        if (!settled) finish(new Error(`a worker thread stopped (exit code ${code}) before the games were done`));
      });
      feed(worker);
    }
  });
}
