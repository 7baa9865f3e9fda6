/**
 * Reading a replay file from disk. The format and its shape checks are the engine's
 * (src/engine/replay-file.ts), which the browser's /replay page uses too; here the file is read
 * and parsed, and every problem becomes a one-line CliError that starts with the path.
 *
 * A file made by hand can pass the shape checks and still hold what no saved game does (an event
 * that is null, values nested 20,000 deep, players that are null in an old save), on which the
 * engine, or the message naming a difference, throws a TypeError or a RangeError. That is the
 * file's fault, as any other bad file's is: it is said in one line naming the file, with exit
 * code 2, as /replay says it on the page, not as a stack trace.
 */
import { readFileSync } from 'node:fs';
import { checkReplay, ReplayFileError, type ReplayFile } from '../engine/replay-file.js';
import { CliError } from './errors.js';

export { checkReplay, replayOf, REPLAY_FORMAT, REPLAY_VERSION, type ReplayAction, type ReplayFile, type ReplaySetup } from '../engine/replay-file.js';

/** Reads and checks a replay file; every problem is a one-line CliError that starts with the path. */
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
  try {
    return checkReplay(doc);
  } catch (error) {
    if (error instanceof ReplayFileError) throw new CliError(`${path}: ${error.message}`);
    throw unusable(path, error);
  }
}

/** Reads and checks the replay file at `path`, then runs `use` on it: whatever the file makes throw is a one-line CliError naming it. */
export function withReplayFile<T>(path: string, use: (replay: ReplayFile) => T): T {
  const replay = readReplayFile(path);
  try {
    return use(replay);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw unusable(path, error);
  }
}

function unusable(path: string, error: unknown): CliError {
  const why = error instanceof Error ? error.message : String(error);
  return new CliError(`${path}: the file holds what no saved game does (${why.replace(/\s*\n\s*/g, ' ')})`);
}
