/**
 * A bot thread: answers decision requests of the bots that search (bot-threads.ts), one at a
 * time, with the bot's own view and the rng its decision would have inline.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { decisionRng } from '../../bots/harness.js';
import { BOTS, type Decide } from '../../bots/index.js';
import type { BotType } from '../../engine/index.js';
import type { BotReply, BotRequest, BotThreadData } from './bot-threads.js';

const port = parentPort!;
const { thinkMs } = workerData as BotThreadData;

/** The bot as this thread runs it: stopping at the think time when there is one and it searches. */
const deciders = new Map<BotType, Decide>();
function decider(kind: BotType): Decide {
  let decide = deciders.get(kind);
  if (!decide) {
    const bot = BOTS[kind];
    decide = thinkMs > 0 && bot.within ? bot.within(thinkMs) : bot.decide;
    deciders.set(kind, decide);
  }
  return decide;
}

port.on('message', ({ id, request }: { id: number; request: BotRequest }) => {
  try {
    const { kind, view, userID, botSeed, seat, sequenceID } = request;
    const action = decider(kind)(view, userID, decisionRng(botSeed, seat, sequenceID));
    port.postMessage({ id, action } satisfies BotReply);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies BotReply);
  }
});
