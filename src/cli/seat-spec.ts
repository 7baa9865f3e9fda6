/**
 * Who sits in a tournament seat: a built-in bot kind (`basic_bot`), a JavaScript or TypeScript
 * module exporting a `Decide` function (`./bots/my-bot.js`), or any program speaking the
 * line-delimited JSON protocol of docs/bots.md (`exec:python3 my_bot.py`). Specs are plain data,
 * so they travel to worker threads; each thread loads the bots itself.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { BOT_TYPES, MAX_PLAYERS, MIN_PLAYERS, type BotType } from '../engine/index.js';
import { isBotType, splitList } from './args.js';
import { CliError, listOf } from './errors.js';

export type SeatSpec =
  | { kind: 'builtin'; label: BotType; botType: BotType }
  | { kind: 'module'; label: string; path: string }
  | { kind: 'exec'; label: string; command: string };

const MODULE_FILE = /\.(m?js|cjs|m?ts)$/;

/** One seat's spec; `where` names the flag for messages. */
export function parseSeatSpec(text: string, where: string): SeatSpec {
  if (isBotType(text)) return { kind: 'builtin', label: text, botType: text };
  if (text.startsWith('exec:')) {
    const command = text.slice('exec:'.length).trim();
    if (command === '') throw new CliError(`${where}: 'exec:' needs a command, e.g. exec:"python3 my_bot.py"`);
    return { kind: 'exec', label: `exec:${command}`, command };
  }
  if (text.includes('/') || MODULE_FILE.test(text)) {
    const path = resolve(text);
    if (!existsSync(path) || !statSync(path).isFile()) throw new CliError(`${where}: no bot module at ${text} (${path})`);
    return { kind: 'module', label: text, path };
  }
  throw new CliError(`unknown bot kind '${text}' in ${where} (valid: ${listOf(BOT_TYPES)}, a module path like ./my-bot.js, or exec:"command")`);
}

/** `--seats basic_bot,./my-bot.js,exec:python3 bot.py`: 2 to 8 seats in seat order. */
export function parseSeatSpecs(text: string, flag = '--seats'): SeatSpec[] {
  const seats = splitList([text]).map((item) => parseSeatSpec(item, flag));
  if (seats.length < MIN_PLAYERS || seats.length > MAX_PLAYERS) {
    throw new CliError(`${flag} needs ${MIN_PLAYERS} to ${MAX_PLAYERS} bot kinds, got ${seats.length}`);
  }
  return seats;
}

export const builtinSeat = (botType: BotType): SeatSpec => ({ kind: 'builtin', label: botType, botType });

export const isBuiltin = (spec: SeatSpec): spec is Extract<SeatSpec, { kind: 'builtin' }> => spec.kind === 'builtin';
