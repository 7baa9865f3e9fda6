/**
 * expert_bot with a budget of your choosing, as a module seat for `tournament` and `balance`.
 * The built-in seat takes a budget too (`--think-iterations`, `--think-ms`); this module is for
 * seating experts of two different budgets against each other:
 *
 *   EXPERT_ITERATIONS=200 npm run cli -- tournament --seats ./examples/bots/expert-budget.ts,basic_bot2 --games 20
 *   EXPERT_THINK_MS=300 npm run cli -- tournament --seats ./examples/bots/expert-budget.ts,basic_bot2 --games 20
 *
 * An iteration budget replays exactly for a seed; a time budget depends on the machine's speed
 * and load. With both, whichever runs out first.
 */
import { makeExpertBot } from '../../src/bots/expert-bot.js';

/** A budget from the environment: unset, or a whole number above 0 (a typo is said here, not as NaN deep in the search). */
function number(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, not "${text}"`);
  return value;
}

export const decide = makeExpertBot({ iterations: number('EXPERT_ITERATIONS') ?? (number('EXPERT_THINK_MS') ? Infinity : undefined), thinkMs: number('EXPERT_THINK_MS') });
