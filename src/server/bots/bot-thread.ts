/**
 * A bot thread: answers decision requests of the bots that search (bot-threads.ts), one at a
 * time, with the bot's own view and the rng its decision would have inline.
 */
import { parentPort } from 'node:worker_threads';
import { decisionRng } from '../../bots/harness.js';
import { BOTS } from '../../bots/index.js';
import type { BotReply, BotRequest } from './bot-threads.js';

const port = parentPort!;

port.on('message', ({ id, request }: { id: number; request: BotRequest }) => {
  try {
    const { kind, view, userID, botSeed, seat, sequenceID } = request;
    const action = BOTS[kind].decide(view, userID, decisionRng(botSeed, seat, sequenceID));
    port.postMessage({ id, action } satisfies BotReply);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies BotReply);
  }
});
