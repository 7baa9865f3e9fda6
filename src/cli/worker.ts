/**
 * A simulation worker thread. It receives its job once (workerData), then ranges of game indexes
 * to play; it answers each game with its record and each range with 'idle'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runJobGame, type Job } from './jobs.js';

export type ToWorker = { type: 'run'; from: number; to: number };
export type FromWorker =
  | { type: 'record'; index: number; record: unknown }
  | { type: 'idle' }
  | { type: 'error'; index: number; message: string; stack: string };

const job = workerData as Job;
const port = parentPort!;

port.on('message', (message: ToWorker) => {
  for (let index = message.from; index < message.to; index++) {
    try {
      port.postMessage({ type: 'record', index, record: runJobGame(job, index) } satisfies FromWorker);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ type: 'error', index, message: e.message, stack: e.stack ?? '' } satisfies FromWorker);
      return;
    }
  }
  port.postMessage({ type: 'idle' } satisfies FromWorker);
});
