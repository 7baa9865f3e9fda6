/**
 * `mythos verify` and `mythos replay` on a replay file made by hand that holds what no saved game
 * does: an event of the saved log that is null, a value nested 20,000 deep, players' values for
 * the seed that are null, players that are null in an old save. Each once passed the shape
 * checks and threw out of the engine, or out of the message naming a difference, a TypeError or a
 * RangeError. Now the checks say what is wrong in one line naming the file, with exit code 2, as
 * for any other unusable file.
 *
 * Anything else thrown is a bug, not the file's doing: said as an internal error naming the file,
 * with its stack and exit code 1. (Said in one line as a bad file, an engine bug met on an
 * untouched export was hidden.) An engine bug is stood in for by a re-run that throws.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError, InternalError } from '../../src/cli/errors.js';
import { replayFailure } from '../../src/cli/replay-file.js';
import type * as Rerun from '../../src/cli/rerun.js';
import { DefinitionError, NotationError, SetupError } from '../../src/engine/index.js';
import { ReplayFileError } from '../../src/engine/replay-file.js';
import { cli, tempDir } from './helpers.js';

/** Set by a test: the re-run of a file's game throws this, as an engine bug would. */
const bug: { thrown: unknown } = { thrown: null };
vi.mock('../../src/cli/rerun.js', async (original) => {
  const real = await original<typeof Rerun>();
  return {
    ...real,
    rerun: (...args: Parameters<typeof real.rerun>) => {
      if (bug.thrown !== null) throw bug.thrown;
      return real.rerun(...args);
    },
  };
});
afterEach(() => (bug.thrown = null));

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
  { command: ['verify'], file: 'a null event', why: 'final.events[3] must be an event (an object with a "type")' },
  { command: ['verify'], file: 'a value nested 20,000 deep', why: 'a value is nested more than 64 levels deep, as in no saved game' },
  { command: ['verify'], file: 'null players in a version 1 save', why: 'final.players must be a list of players' },
  { command: ['replay'], file: 'a value nested 20,000 deep', why: 'a value is nested more than 64 levels deep, as in no saved game' },
  { command: ['replay', '--quiet'], file: "null players' values", why: "final.seedContributions must be null or a list of the seats' values (objects of userID and value)" },
  { command: ['replay', '--quiet'], file: 'null players in a version 1 save', why: 'final.players must be a list of players' },
])('mythos $command.0 on a file with $file', ({ command, file, why }) => {
  it('prints one line naming the file and why, and exits 2', async () => {
    const path = files[file]!();
    const run = await cli(...command, path);
    expect(run.stderr).toBe(`error: ${path}: ${why}\n`);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });
});

describe.each([['verify'], ['replay', '--quiet']])('mythos %s meeting a bug on an untouched export', (...command) => {
  it('says it is an internal error, naming the file, with the stack, and exits 1', async () => {
    bug.thrown = new TypeError("Cannot read properties of undefined (reading 'counters')");
    const run = await cli(...command, saved);
    const [said, ...stack] = run.stderr.trimEnd().split('\n');
    expect(said).toBe(`Internal error while reading ${saved}: Cannot read properties of undefined (reading 'counters')`);
    expect(stack[0]).toBe("TypeError: Cannot read properties of undefined (reading 'counters')");
    expect(stack.slice(1).length).toBeGreaterThan(0);
    for (const line of stack.slice(1)) expect(line).toMatch(/^ {4}at /);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
  });
});

describe('what a throw met reading a file is said as', () => {
  const path = 'game.json';
  it("the file's fault, in one line naming it: the checks' refusal, and the engine's of a setup or a card set", () => {
    const said = (error: unknown) => {
      const failure = replayFailure(path, error);
      return [failure instanceof CliError && failure.exitCode === 2, failure.message];
    };
    expect(said(new ReplayFileError('actions must be a list'))).toEqual([true, 'game.json: actions must be a list']);
    expect(said(new SetupError('Each player may take only one seat.'))).toEqual([true, 'game.json: the setup cannot start a game: Each player may take only one seat.']);
    expect(said(new DefinitionError('card 4:\n  cost: expected a number'))).toEqual([true, 'game.json: the file holds what no saved game does (card 4: cost: expected a number)']);
    expect(said(new NotationError('invalid ability string 2Q'))).toEqual([true, 'game.json: the file holds what no saved game does (invalid ability string 2Q)']);
    const own = new CliError('game.json: the game has not ended');
    expect(replayFailure(path, own)).toBe(own);
  });

  it('a bug, for anything else: an internal error naming the file, keeping what was thrown', () => {
    for (const thrown of [new TypeError("Cannot read properties of null (reading 'type')"), new RangeError('Maximum call stack size exceeded'), new Error('unreachable'), 'a string']) {
      const failure = replayFailure(path, thrown);
      expect(failure).toBeInstanceOf(InternalError);
      expect(failure.message).toBe(`Internal error while reading game.json: ${thrown instanceof Error ? thrown.message : thrown}`);
      expect((failure as InternalError).thrown).toBe(thrown);
    }
  });
});
