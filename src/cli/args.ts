/**
 * Parsing and checking command-line values: bot kinds, game options, modules and numbers. Every
 * mistake is a CliError whose one-line message names the flag, the bad value and the valid ones.
 */
import {
  BOT_TYPES,
  MAX_PLAYERS,
  MIN_PLAYERS,
  type BotType,
  type GameOptions,
  type ModuleKey,
} from '../engine/index.js';
import { isBotType, isModuleKey, isOptionKey, unknownBotMessage, unknownModuleMessage, unknownOptionMessage } from '../engine/setup-keys.js';
import { CliError, listOf } from './errors.js';

export { isBotType, isModuleKey, isOptionKey } from '../engine/setup-keys.js';

/** Commander collector for repeatable flags: `--module a --module b` -> ['a', 'b']. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Splits repeated and comma-separated values: ['a,b', 'c'] -> ['a', 'b', 'c']. */
export function splitList(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v.length > 0);
}

export function unknownBot(kind: string, where: string): CliError {
  return new CliError(unknownBotMessage(kind, where));
}

export function unknownModule(key: string, where: string): CliError {
  return new CliError(unknownModuleMessage(key, where));
}

export function unknownOption(name: string, where: string): CliError {
  return new CliError(unknownOptionMessage(name, where));
}

/** `--seats basic_bot,easy_bot,valid_move`: 2 to 8 bot kinds, in seat order. */
export function parseSeats(text: string, flag = '--seats'): BotType[] {
  const kinds = splitList([text]);
  for (const kind of kinds) if (!isBotType(kind)) throw unknownBot(kind, flag);
  if (kinds.length < MIN_PLAYERS || kinds.length > MAX_PLAYERS) {
    throw new CliError(`${flag} needs ${MIN_PLAYERS} to ${MAX_PLAYERS} bot kinds, got ${kinds.length}`);
  }
  return kinds as BotType[];
}

/** Bot kinds without a seat count (bench): any number of known kinds. */
export function parseKinds(text: string, flag: string): BotType[] {
  const kinds = splitList([text]);
  for (const kind of kinds) if (!isBotType(kind)) throw unknownBot(kind, flag);
  if (kinds.length === 0) throw new CliError(`${flag} needs at least one bot kind (valid: ${listOf(BOT_TYPES)})`);
  return [...new Set(kinds)] as BotType[];
}

/**
 * `--option warTokens --option unbid=false` and `--options warTokens,unbid=false`: the options set
 * explicitly (the rest keep the engine's defaults).
 */
export function parseOptions(values: readonly string[], flag = '--option'): Partial<GameOptions> {
  const options: Partial<GameOptions> = {};
  for (const item of splitList(values)) {
    const [name = '', value, ...rest] = item.split('=');
    if (!isOptionKey(name)) throw unknownOption(name, flag);
    if (rest.length > 0 || (value !== undefined && value !== 'true' && value !== 'false')) {
      throw new CliError(`bad value for game option '${name}' in ${flag}: '${item}' (use ${name}, ${name}=true or ${name}=false)`);
    }
    options[name] = value !== 'false';
  }
  return options;
}

export function parseModules(values: readonly string[], flag = '--module'): ModuleKey[] {
  const keys = splitList(values);
  for (const key of keys) if (!isModuleKey(key)) throw unknownModule(key, flag);
  return [...new Set(keys)] as ModuleKey[];
}

export interface IntRange {
  min: number;
  max?: number;
}

/** A whole number within a range: `--games 100`, `--workers 2`, `--seed 7`. */
export function parseInteger(text: string, flag: string, { min, max = Number.MAX_SAFE_INTEGER }: IntRange): number {
  const n = /^[+-]?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new CliError(`${flag} must be a whole number ${range}, got '${text}'`);
  }
  return n;
}

/** A positive number of seconds (may be fractional). */
export function parseSeconds(text: string, flag: string): number {
  const n = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(n > 0) || n > 3600) throw new CliError(`${flag} must be a number of seconds above 0 and at most 3600, got '${text}'`);
  return n;
}
