/**
 * Usage errors: one line on stderr naming the flag, the bad value and the valid values, exit
 * code 2, and nothing run, at every level of commands (`users make-dev` as well as `tournament`).
 * Bad replay files likewise.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { bufferIo } from '../../src/cli/io.js';
import { buildProgram } from '../../src/cli/program.js';
import { cli, refusedUsage, tempDir } from './helpers.js';

const dir = tempDir();
const BOTS = 'easy_bot, basic_bot, basic_bot2, valid_move, random_card, expert_bot';
const MODULES = 'conquest, beta, altleaders, noupgrade, legacy';
const OPTIONS = 'tradeRowSlide, prerollDice, randomLeader, biggerTradeRow, wipeTradeRow, wipeTributeRow, warTokens, rerollTokens, hideFavor, unbid, retreat1, retreat2, retreat3';


describe('command-line errors', () => {
  it.each([
    [['tournament', '--seats', 'basic_bot,foo'], `unknown bot kind 'foo' in --seats (valid: ${BOTS}, a module path like ./my-bot.js, or exec:"command")`],
    [['balance', '--seats', 'easy_bot,Basic_Bot', '--out', 'x.md'], `unknown bot kind 'Basic_Bot' in --seats (valid: ${BOTS}, a module path like ./my-bot.js, or exec:"command")`],
    [['bench', '--kinds', 'valid_move,nope'], `unknown bot kind 'nope' in --kinds (valid: ${BOTS})`],
    [['tournament', '--seats', 'basic_bot'], '--seats needs 2 to 8 bot kinds, got 1'],
    [['tournament', '--seats', Array(9).fill('valid_move').join(',')], '--seats needs 2 to 8 bot kinds, got 9'],
    [['tournament', '--module', 'altleaders', '--module', 'bogus'], `unknown module 'bogus' in --module (valid: ${MODULES})`],
    [['balance', '--module', 'conquest,nope'], `unknown module 'nope' in --module (valid: ${MODULES})`],
    [['tournament', '--option', 'fast'], `unknown game option 'fast' in --option (valid: ${OPTIONS})`],
    [['tournament', '--options', 'warTokens,hidefavor'], `unknown game option 'hidefavor' in --options (valid: ${OPTIONS})`],
    [['tournament', '--options', 'unbid=maybe'], "bad value for game option 'unbid' in --options: 'unbid=maybe' (use unbid, unbid=true or unbid=false)"],
    [['tournament', '--games', 'abc'], "--games must be a whole number from 1 to 10000000, got 'abc'"],
    [['tournament', '--games', '0'], "--games must be a whole number from 1 to 10000000, got '0'"],
    [['tournament', '--games', '2.5'], "--games must be a whole number from 1 to 10000000, got '2.5'"],
    [['tournament', '--workers', '-1'], "--workers must be a whole number from 0 to 64, got '-1'"],
    [['tournament', '--seed', 'x'], "--seed must be a whole number from 0 to 2147483647, got 'x'"],
    [['tournament', '--seed', '2147483647', '--games', '2'], '--seed plus --games must stay within 2147483647, got seed 2147483647 and 2 games'],
    [['tournament', '--out', 'results.txt'], "--out must end in .json or .csv, got 'results.txt'"],
    [['balance', '--out', 'report.txt'], "--out must end in .md or .html or .json, got 'report.txt'"],
    [['bench', '--seconds', '0'], "--seconds must be a number of seconds above 0 and at most 3600, got '0'"],
    [['bench', '--players', '9'], "--players must be a whole number from 2 to 8, got '9'"],
    [['tournament', '--sed', '3'], "unknown option '--sed' (Did you mean --seed?)"],
    [['replay'], "missing required argument 'file'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
    // Subcommands of subcommands: commander itself would have exited the process with code 1.
    [['users', 'make-dev'], "missing required argument 'userID'"],
    [['users', 'list', '--all'], "unknown option '--all'"],
    [['users', 'lst'], "unknown command 'lst' (Did you mean list?)"],
    [['games', 'export'], "missing required argument 'gameID'"],
    [['games', 'list', '--limit'], "option '--limit <n>' argument missing"],
    [['games', 'list', '--limit', 'many'], "--limit must be a whole number from 1 to 100000, got 'many'"],
    [['db', 'migrate', 'now'], "too many arguments for 'migrate'. Expected 0 arguments but got 1."],
    [['odds-calibration', '--games', '0'], "--games must be a whole number of at least 1, not '0'"],
    // Small and aimed at the temporary directory: were the seed taken, the run would be quick and leave nothing behind.
    [['odds-calibration', '--seed', 'x', '--games', '1', '--workers', '0', '--out', join(dir, 'never.html')], "--seed must be a whole number from 0 to 2147483647, got 'x'"],
  ])('%j', async (argv, message) => refusedUsage(argv, message));

  // Every command however deep, so that one added later cannot slip back to commander's exit code 1.
  const commandPaths = (command: Command, path: string[] = []): string[][] =>
    command.commands.flatMap((sub) => [[...path, sub.name()], ...commandPaths(sub, [...path, sub.name()])]);
  const commands = commandPaths(buildProgram(bufferIo(), () => {})).map((path) => path.join(' '));
  it('reaches the nested commands', () => expect(commands).toEqual(expect.arrayContaining(['users make-dev', 'games export', 'db migrate'])));
  it.each(commands)('mythos %s --frobnicate: a usage error', async (command) => refusedUsage([...command.split(' '), '--frobnicate'], "unknown option '--frobnicate'"));

  it('refuses --save-games onto a plain file', async () => {
    const file = join(dir, 'plain.txt');
    writeFileSync(file, 'x');
    await refusedUsage(['tournament', '--games', '1', '--save-games', file], `--save-games must be a directory, but '${file}' is a file`);
  });

  // Every command, the admin ones and one added later too, read from the program itself.
  it('shows help with examples for every command, exit code 0', async () => {
    expect(commands).toEqual(expect.arrayContaining(['tournament', 'replay', 'verify', 'balance', 'bench', 'odds-calibration', 'users', 'users list', 'users make-dev', 'games', 'games list', 'games export', 'db', 'db migrate']));
    for (const argv of [['--help'], ...commands.map((command) => command.split(' ').concat('--help'))]) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stdout, argv.join(' ')).toContain('Usage: mythos');
      expect(run.stdout, argv.join(' ')).toContain('Examples:\n  $ mythos ');
    }
  });
});

describe('bad replay files', () => {
  const good = {
    format: 'mythos-replay',
    version: 1,
    setup: { seats: [{ userID: 'p1', botType: 'valid_move' }, { userID: 'p2', botType: 'easy_bot' }], options: {}, modules: [] },
    seed: 1,
    start: 0,
    actions: [],
    final: {},
  };
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const bad = (path: string, message: string) => refusedUsage(['replay', path], `${path}: ${message}`);

  it('a missing file', () => bad(join(dir, 'nope.json'), 'cannot read the file (no such file)'));
  it('a directory', () => bad(dir, 'cannot read the file (it is a directory)'));
  it('not JSON', () => {
    const text = '{"format": "mythos-replay",';
    const parserMessage = (() => {
      try {
        JSON.parse(text);
        return '';
      } catch (error) {
        return (error as Error).message; // worded by the Node version: "Expected double-quoted property name ..."
      }
    })();
    return bad(file('broken.json', text), `not valid JSON (${parserMessage})`);
  });
  it('JSON that is not a replay', () => bad(file('other.json', { games: [] }), 'not a mythos replay (expected "format": "mythos-replay")'));
  it('another version', () => bad(file('v3.json', { ...good, version: 3 }), 'unsupported replay version 3 (supported: 1, 2)'));
  it('an unknown generator', () => bad(file('mt.json', { ...good, version: 2, generator: 'mersenne' }), 'generator must be one of chacha20, xoroshiro128+'));
  it('a seed that is not 256 bits', () =>
    bad(file('short.json', { ...good, version: 2, generator: 'chacha20', seed: 'abc123' }), 'seed must be 64 hex digits (or a whole number for a tournament game)'));
  it('an unknown bot', () =>
    bad(
      file('bot.json', { ...good, setup: { ...good.setup, seats: [good.setup.seats[0], { userID: 'p2', botType: 'genius_bot' }] } }),
      `unknown bot kind 'genius_bot' in setup.seats[1] (valid: ${BOTS})`,
    ));
  it('an unknown module', () =>
    bad(file('module.json', { ...good, setup: { ...good.setup, modules: ['altleaders', 'dragons'] } }), `unknown module 'dragons' in setup.modules (valid: ${MODULES})`));
  it('an unknown option', () =>
    bad(file('option.json', { ...good, setup: { ...good.setup, options: { turbo: true } } }), `unknown game option 'turbo' in setup.options (valid: ${OPTIONS})`));
  it('setup under "players" is read too, and checked the same way', () =>
    bad(file('players.json', { ...good, setup: { players: [{ userID: 'p1' }] } }), 'setup.players must list 2 to 8 seats'));
  it('a malformed action', () =>
    bad(file('action.json', { ...good, actions: [{ userID: 'p1', action: { type: 'BID', bid: { military: 3, tradeRowIndex: '0' } }, now: 1 }] }), 'actions[0].action: Invalid trade row index.'));
  it('an action of an unknown type', () =>
    bad(file('type.json', { ...good, actions: [{ userID: 'p1', action: { type: 'PASS' }, now: 1 }] }), 'actions[0].action: unknown action type: PASS'));
  it('a logged action without its time', () =>
    bad(file('now.json', { ...good, actions: [{ userID: 'p1', action: { type: 'UNBID' } }] }), 'actions[0].now must be a number (milliseconds)'));
  it('no final state', () => bad(file('final.json', { ...good, final: undefined }), 'final (the saved final game) is missing'));
  it('a final state of no known save version', () =>
    bad(file('final-version.json', { ...good, final: { version: 9 } }), 'final: version mismatch: save version 9, expected 5'));
});
