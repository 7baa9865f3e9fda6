/**
 * Flags shared by the simulation commands (tournament, balance): seats, games, seed, options,
 * modules, card files, workers, quiet. Declared once, checked once, before any game is played.
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { GAME_OPTION_KEYS, MODULE_KEYS, BOT_TYPES, type GameOptions, type ModuleKey } from '../engine/index.js';
import { collect, parseInteger, parseModules, parseOptions } from './args.js';
import { definitionsFrom } from './card-dir.js';
import { EXPERT_DEFAULTS } from '../bots/expert-bot.js';
import { CliError } from './errors.js';
import { MAX_SEED, type ExpertBudget } from './match.js';
import { defaultWorkers } from './pool.js';
import { loadModuleBot } from './seat-bots.js';
import { parseSeatSpecs, type SeatSpec } from './seat-spec.js';

export interface SimulationFlags {
  seats: SeatSpec[];
  games: number;
  seed: number;
  options: Partial<GameOptions>;
  modules: ModuleKey[];
  workers: number;
  quiet: boolean;
  cardsDir: string | null;
  botTimeoutMs: number;
  expertBudget: ExpertBudget | null;
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
  cards?: string;
  botTimeout: string;
  thinkMs?: string;
  thinkIterations?: string;
}

export function addSimulationFlags(command: Command, defaults: { seats: string; games: string }): Command {
  return command
    .option('--seats <kinds>', `bots in seat order, 2 to 8: kinds (${BOT_TYPES.join(', ')}), module paths (./my-bot.js) or exec:"command" (docs/bots.md)`, defaults.seats)
    .option('--games <n>', 'number of games', defaults.games)
    .option('--seed <n>', 'base seed: game i uses seed + i', '1')
    .option('--option <name>', `turn a game option on (name) or off (name=false); repeatable (${GAME_OPTION_KEYS.join(', ')})`, collect)
    .option('--options <list>', 'game options as a comma list, e.g. warTokens,unbid=false')
    .option('--module <key>', `add a module; repeatable (${MODULE_KEYS.join(', ')})`, collect)
    .option('--workers <n>', `worker threads; 0 plays in the main thread (default: the number of cores, ${defaultWorkers()} here)`)
    .option('--cards <dir>', 'play with the card files of this directory (an edited copy of data/)')
    .option('--bot-timeout <ms>', 'how long an exec: bot may think about one decision', '10000')
    .option('--think-iterations <n>', `expert_bot's search per bid, in sampled worlds (reproducible; default ${EXPERT_DEFAULTS.iterations})`)
    .option('--think-ms <ms>', "expert_bot's time per bid (as in live play: results then depend on the machine); with --think-iterations, whichever runs out first")
    .option('-q, --quiet', 'no progress bar');
}

/** Checks every flag, loads the card directory and the bot modules: a mistake is found before the run. */
export async function parseSimulationFlags(raw: RawSimulationFlags): Promise<SimulationFlags> {
  const seats = parseSeatSpecs(raw.seats);
  const games = parseInteger(raw.games, '--games', { min: 1, max: 10_000_000 });
  const seed = parseInteger(raw.seed, '--seed', { min: 0, max: MAX_SEED });
  if (seed + games - 1 > MAX_SEED) throw new CliError(`--seed plus --games must stay within ${MAX_SEED}, got seed ${seed} and ${games} games`);
  const options = { ...parseOptions(raw.option ?? [], '--option'), ...parseOptions(raw.options === undefined ? [] : [raw.options], '--options') };
  const modules = parseModules(raw.module ?? []);
  const workers = parseInteger(raw.workers ?? String(defaultWorkers()), '--workers', { min: 0, max: 64 });
  const botTimeoutMs = parseInteger(raw.botTimeout, '--bot-timeout', { min: 1, max: 3_600_000 });
  const iterations = raw.thinkIterations === undefined ? undefined : parseInteger(raw.thinkIterations, '--think-iterations', { min: 1, max: 100_000 });
  const thinkMs = raw.thinkMs === undefined ? undefined : parseInteger(raw.thinkMs, '--think-ms', { min: 1, max: 600_000 });
  // A time alone is the whole budget: the iterations stop counting.
  const expertBudget = iterations === undefined && thinkMs === undefined ? null : { iterations: iterations ?? (thinkMs === undefined ? undefined : Infinity), thinkMs };
  const cardsDir = raw.cards === undefined ? null : resolve(raw.cards);
  definitionsFrom(cardsDir);
  for (const spec of seats) if (spec.kind === 'module') await loadModuleBot(spec);
  return { seats, games, seed, options, modules, workers, quiet: raw.quiet === true, cardsDir, botTimeoutMs, expertBudget };
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
  ensureWritableDirectory(path, flag, path);
}

/** Creates a directory (and its parents) and checks it can be written to; any problem is a CliError. */
function ensureWritableDirectory(dir: string, flag: string, given: string): void {
  // The nearest part of the path that exists must be a directory ("some-file/x.json" cannot be).
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(at)) {
      if (!statSync(at).isDirectory()) throw new CliError(`${flag} ${given}: cannot write there, '${at}' is a file, not a directory`);
      break;
    }
    if (dirname(at) === at) break;
  }
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new CliError(`${flag} ${given}: cannot write there (${writeProblem(error)})`);
  }
}

/** Why a path cannot be written, in words for the codes users meet ("EACCES" told them little). */
function writeProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'no permission';
  if (code === 'EROFS') return 'a read-only file system';
  if (code === 'ENOSPC') return 'no space left on the device';
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** An output file, checked before the run: its directory is created and writable, it is not a directory. */
export function checkOutputFile(path: string, flag: string): void {
  if (existsSync(path) && statSync(path).isDirectory()) throw new CliError(`${flag} ${path}: is a directory; give a file name`);
  ensureWritableDirectory(dirname(path), flag, path);
  if (existsSync(path)) {
    try {
      accessSync(path, constants.W_OK);
    } catch {
      throw new CliError(`${flag} ${path}: the file cannot be written (no permission)`);
    }
  }
}
