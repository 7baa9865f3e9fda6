/**
 * Reading a replay file from disk. The format and its shape checks are the engine's
 * (src/engine/replay-file.ts), which the browser's /replay page uses too; here the file is read
 * and parsed, and every problem becomes a one-line CliError that starts with the path.
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
    throw error;
  }
}
