/**
 * Flags shared by the simulation commands (tournament, balance): seats, games, seed, options,
 * modules, workers, quiet. Declared once, checked once.
 */
import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { GAME_OPTION_KEYS, MODULE_KEYS, BOT_TYPES, type BotType, type GameOptions, type ModuleKey } from '../engine/index.js';
import { collect, parseInteger, parseModules, parseOptions, parseSeats } from './args.js';
import { CliError } from './errors.js';
import { MAX_SEED } from './match.js';
import { defaultWorkers } from './pool.js';

export interface SimulationFlags {
  seats: BotType[];
  games: number;
  seed: number;
  options: Partial<GameOptions>;
  modules: ModuleKey[];
  workers: number;
  quiet: boolean;
}

export interface RawSimulationFlags {
  seats: string;
  games: string;
  seed: string;
  option?: string[];
  options?: string;
  module?: string[];
  workers?: string;
  quiet?: boolean;
}

export function addSimulationFlags(command: Command, defaults: { seats: string; games: string }): Command {
  return command
    .option('--seats <kinds>', `bot kinds in seat order, 2 to 8 (${BOT_TYPES.join(', ')})`, defaults.seats)
    .option('--games <n>', 'number of games', defaults.games)
    .option('--seed <n>', 'base seed: game i uses seed + i', '1')
    .option('--option <name>', `turn a game option on (name) or off (name=false); repeatable (${GAME_OPTION_KEYS.join(', ')})`, collect)
    .option('--options <list>', 'game options as a comma list, e.g. warTokens,unbid=false')
    .option('--module <key>', `add a module; repeatable (${MODULE_KEYS.join(', ')})`, collect)
    .option('--workers <n>', `worker threads; 0 plays in the main thread (default: the number of cores, ${defaultWorkers()} here)`)
    .option('-q, --quiet', 'no progress bar');
}

export function parseSimulationFlags(raw: RawSimulationFlags): SimulationFlags {
  const seats = parseSeats(raw.seats);
  const games = parseInteger(raw.games, '--games', { min: 1, max: 10_000_000 });
  const seed = parseInteger(raw.seed, '--seed', { min: 0, max: MAX_SEED });
  if (seed + games - 1 > MAX_SEED) throw new CliError(`--seed plus --games must stay within ${MAX_SEED}, got seed ${seed} and ${games} games`);
  const options = { ...parseOptions(raw.option ?? [], '--option'), ...parseOptions(raw.options === undefined ? [] : [raw.options], '--options') };
  const modules = parseModules(raw.module ?? []);
  const workers = parseInteger(raw.workers ?? String(defaultWorkers()), '--workers', { min: 0, max: 64 });
  return { seats, games, seed, options, modules, workers, quiet: raw.quiet === true };
}

/** An output file's extension, checked against the ones a command can write. */
export function outputKind<K extends string>(path: string, flag: string, kinds: readonly K[]): K {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  const kind = kinds.find((k) => k === ext);
  if (!kind) throw new CliError(`${flag} must end in ${kinds.map((k) => `.${k}`).join(' or ')}, got '${path}'`);
  return kind;
}

/** A directory to write into: created if missing; an existing plain file is an error. */
export function checkDirectory(path: string, flag: string): void {
  if (existsSync(path) && !statSync(path).isDirectory()) throw new CliError(`${flag} must be a directory, but '${path}' is a file`);
}
