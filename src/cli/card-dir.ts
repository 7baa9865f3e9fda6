/**
 * `--cards DIR`: the game definitions from a directory laid out like data/ (cards/*.json,
 * tributes.json, modules/*.json), so a designer can try an edited copy without touching data/.
 * Every problem in the files is reported at once; each directory is read once per thread.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GAME_DEFINITIONS } from '../engine/data.js';
import { DefinitionError, loadDefinitions, type GameDefinitions } from '../engine/index.js';
import { CliError } from './errors.js';

/** data/'s card files in the order the game loads them; other .json files follow, by name. */
const CARD_FILES = ['leaders.json', 'basic.json', 'age-1.json', 'age-2.json', 'age-3.json'];
const MODULE_FILES = ['conquest.json', 'beta.json', 'altleaders.json', 'noupgrade.json', 'legacy.json'];

function jsonFiles(dir: string, first: readonly string[]): string[] {
  const present = readdirSync(dir).filter((name) => name.endsWith('.json'));
  return [...first.filter((name) => present.includes(name)), ...present.filter((name) => !first.includes(name)).sort()];
}

function readJson(root: string, file: string): { file: string; content: unknown } {
  const text = readFileSync(join(root, file), 'utf8');
  try {
    return { file, content: JSON.parse(text) as unknown };
  } catch (error) {
    throw new CliError(`--cards ${root}: ${file} is not valid JSON (${(error as Error).message})`);
  }
}

/** Reads and validates a card directory; every problem is in one CliError, a line each. */
export function loadCardDir(dir: string): GameDefinitions {
  const root = resolve(dir);
  const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();
  if (!isDir(root)) throw new CliError(`--cards ${dir}: no such directory (give a copy of data/)`);
  if (!isDir(join(root, 'cards')) || !existsSync(join(root, 'tributes.json'))) {
    throw new CliError(`--cards ${dir}: expected cards/*.json and tributes.json inside, as in data/`);
  }
  const cards = jsonFiles(join(root, 'cards'), CARD_FILES).map((name) => readJson(root, `cards/${name}`));
  const modules = isDir(join(root, 'modules')) ? jsonFiles(join(root, 'modules'), MODULE_FILES).map((name) => readJson(root, `modules/${name}`)) : [];
  try {
    return loadDefinitions({ cards, tributes: [readJson(root, 'tributes.json')], modules });
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    const n = error.problems.length;
    throw new CliError(`--cards ${dir}: the card files have ${n} problem${n === 1 ? '' : 's'}:\n${error.problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

const loaded = new Map<string, GameDefinitions>();

/** The definitions of a match: the game's own, or those of a --cards directory (read once). */
export function definitionsFrom(cardsDir: string | null): GameDefinitions {
  if (cardsDir === null) return GAME_DEFINITIONS;
  let definitions = loaded.get(cardsDir);
  if (!definitions) {
    definitions = loadCardDir(cardsDir);
    loaded.set(cardsDir, definitions);
  }
  return definitions;
}
