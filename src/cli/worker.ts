/**
 * A simulation worker thread. It receives its job once (workerData), then ranges of game indexes
 * to play; it answers each game with its record and each range with 'idle'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CliError } from './errors.js';
import { runJobGame, type Job } from './jobs.js';

export type ToWorker = { type: 'run'; from: number; to: number };
export type FromWorker =
  | { type: 'record'; index: number; record: unknown }
  | { type: 'idle' }
  | { type: 'error'; index: number; message: string; stack: string; exitCode: number | null };

const job = workerData as Job;
const port = parentPort!;

// The main thread sends the next range only after 'idle', so ranges never overlap.
port.on('message', async (message: ToWorker) => {
  for (let index = message.from; index < message.to; index++) {
    try {
      port.postMessage({ type: 'record', index, record: await runJobGame(job, index) } satisfies FromWorker);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      // A CliError (a bad bot, bad card files) stays one line for the user, with its exit code.
      const exitCode = error instanceof CliError ? error.exitCode : null;
      port.postMessage({ type: 'error', index, message: e.message, stack: e.stack ?? '', exitCode } satisfies FromWorker);
      return;
    }
  }
  port.postMessage({ type: 'idle' } satisfies FromWorker);
});
