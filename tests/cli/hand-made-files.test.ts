/**
 * `mythos verify` and `mythos replay` on a replay file made by hand that passes the shape checks
 * but holds what no saved game does: an event of the saved log that is null, a value nested 20,000
 * deep, players' values for the seed that are null, players that are null in an old save. Each
 * threw out of the engine, or out of the message naming a difference, and the CLI printed the
 * error's stack trace with exit code 1, as it does for its own bugs. Now each is one line naming
 * the file and what went wrong, with exit code 2, as any other unusable file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

const dir = tempDir();
let saved: string;

beforeAll(async () => {
  const run = await cli('tournament', '--seats', 'easy_bot,valid_move', '--games', '1', '--seed', '4', '--workers', '0', '--save-games', dir, '--quiet');
  expect(run.code, run.stderr).toBe(0);
  saved = join(dir, 'game-00000.json');
});

type Doc = { final: Record<string, unknown> & { events: unknown[] } };

/** The saved file after `edit` of its parsed JSON, as `name`; `text` changes the text written. */
function handMade(name: string, edit: (doc: Doc) => void, text: (json: string) => string = (json) => json): string {
  const doc = JSON.parse(readFileSync(saved, 'utf8')) as Doc;
  edit(doc);
  const path = join(dir, name);
  writeFileSync(path, text(JSON.stringify(doc)));
  return path;
}

const files: Record<string, () => string> = {
  'a null event': () => handMade('null-event.json', (doc) => (doc.final.events[3] = null)),
  'a value nested 20,000 deep': () => handMade('nested.json', (doc) => (doc.final.nested = 'NESTED'), (json) => json.replace('"NESTED"', '['.repeat(20_000) + ']'.repeat(20_000))),
  "null players' values": () =>
    handMade('null-values.json', (doc) => {
      doc.final.serverSecretCommitment = 'a'.repeat(64);
      doc.final.serverSecret = 'b'.repeat(64);
      doc.final.seedContributions = [null, null];
    }),
  'null players in a version 1 save': () =>
    handMade('null-players.json', (doc) => {
      doc.final.version = 1;
      doc.final.players = null;
    }),
};

describe.each([
  { command: ['verify'], file: 'a null event', why: "Cannot read properties of null (reading 'type')" },
  { command: ['verify'], file: 'a value nested 20,000 deep', why: 'Maximum call stack size exceeded' },
  { command: ['verify'], file: 'null players in a version 1 save', why: "Cannot read properties of null (reading 'map')" },
  { command: ['replay', '--quiet'], file: 'a value nested 20,000 deep', why: 'Maximum call stack size exceeded' },
  { command: ['replay', '--quiet'], file: "null players' values", why: "Cannot read properties of null (reading 'userID')" },
  { command: ['replay', '--quiet'], file: 'null players in a version 1 save', why: "Cannot read properties of null (reading 'map')" },
])('mythos $command.0 on a file with $file', ({ command, file, why }) => {
  it('prints one line naming the file and why, and exits 2', async () => {
    const path = files[file]!();
    const run = await cli(...command, path);
    expect(run.stderr).toBe(`error: ${path}: the file holds what no saved game does (${why})\n`);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });
});

it('mythos replay, telling the game, ends on the same one line', async () => {
  const path = files['a value nested 20,000 deep']!();
  const run = await cli('replay', path);
  expect(run.stdout).toContain('Age 3, turn 5\n');
  expect(run.stderr).toBe(`error: ${path}: the file holds what no saved game does (Maximum call stack size exceeded)\n`);
  expect(run.code).toBe(2);
});
