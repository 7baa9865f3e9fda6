/**
 * Reading a replay file from disk. The format and its shape checks are the engine's
 * (src/engine/replay-file.ts), which the browser's /replay page uses too; here the file is read
 * and parsed, and every problem of the file becomes a one-line CliError that starts with the path,
 * exit code 2.
 *
 * What the file is to blame for, and what not: the shape checks' ReplayFileError, and what the
 * engine throws for a setup or a card set it refuses (its own SetupError, DefinitionError and
 * NotationError; an action it refuses is a value, which verify and replay report as a FAIL). Any
 * other throw (a TypeError, a RangeError) is a bug, in the checks that let the file through or in
 * the engine: it is said as one, naming the file, with its stack and exit code 1. Said as a bad
 * file, an engine bug met on an untouched export was one line that hid it.
 */
import { readFileSync } from 'node:fs';
import { DefinitionError, NotationError, SetupError } from '../engine/index.js';
import { checkReplay, ReplayFileError, type ReplayFile } from '../engine/replay-file.js';
import { CliError, InternalError } from './errors.js';

export { checkReplay, replayOf, REPLAY_FORMAT, REPLAY_VERSION, type ReplayAction, type ReplayFile, type ReplaySetup } from '../engine/replay-file.js';

/** Reads and checks a replay file: one that cannot be read or parsed is a one-line CliError that starts with the path; the checks' refusal is a ReplayFileError. */
export function readReplayFile(path: string): ReplayFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`${path}: cannot read the file (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(code)})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  return checkReplay(doc);
}

/** Reads and checks the replay file at `path`, then runs `use` on it: what it throws is said by `replayFailure`. */
export function withReplayFile<T>(path: string, use: (replay: ReplayFile) => T): T {
  try {
    return use(readReplayFile(path));
  } catch (error) {
    throw replayFailure(path, error);
  }
}

/** A throw met reading the file at `path` or re-running its game: the file's fault in one line (CliError), or a bug (InternalError). */
export function replayFailure(path: string, error: unknown): CliError | InternalError {
  if (error instanceof CliError) return error;
  if (error instanceof ReplayFileError) return new CliError(`${path}: ${error.message}`);
  if (error instanceof SetupError) return new CliError(`${path}: the setup cannot start a game: ${error.message}`);
  if (error instanceof DefinitionError || error instanceof NotationError) {
    return new CliError(`${path}: the file holds what no saved game does (${error.message.replace(/\s*\n\s*/g, ' ')})`);
  }
  return new InternalError(`Internal error while reading ${path}: ${error instanceof Error ? error.message : String(error)}`, error);
}
