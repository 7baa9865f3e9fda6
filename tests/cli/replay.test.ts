/**
 * `mythos replay`: saved games of every option and every module re-run to the same final state;
 * tampered files fail with the first differing JSON path; the narration adds up, and never names
 * as the winner a player who forfeited (left, or let a stand-in make most of their decisions).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advance, createGame, GAME_OPTION_KEYS, MODULE_KEYS, startGame, type StandInReason } from '../../src/engine/index.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { replayOf, type ReplayAction, type ReplayFile } from '../../src/cli/replay-file.js';
import { playToEnd } from '../support/play.js';
import { cli, tempDir } from './helpers.js';

const dir = tempDir();
const SEATS = 'valid_move,random_card,easy_bot,valid_move';

/** Plays one game with the given flags and returns the path of its replay file. */
async function savedGame(name: string, ...flags: string[]): Promise<string> {
  const saveDir = join(dir, name);
  const run = await cli('tournament', '--seats', SEATS, '--games', '1', '--seed', '11', '--workers', '0', '--save-games', saveDir, ...flags);
  expect(run.code, run.stderr).toBe(0);
  return join(saveDir, 'game-00000.json');
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ReplayFile;

function tampered(path: string, name: string, change: (doc: ReplayFile) => void): string {
  const doc = read(path);
  change(doc);
  const out = join(dir, name);
  writeFileSync(out, JSON.stringify(doc));
  return out;
}

describe('replay', () => {
  const cases = [
    ...GAME_OPTION_KEYS.map((option) => ({ name: `option ${option}`, flags: ['--option', option === 'unbid' ? 'unbid=false' : option] })),
    ...MODULE_KEYS.map((module) => ({ name: `module ${module}`, flags: ['--module', module] })),
  ];

  it.each(cases)('re-runs a saved game with $name to the identical final state', async ({ name, flags }) => {
    const path = await savedGame(name.replace(' ', '-'), ...flags);
    const doc = read(path);
    expect(doc.format).toBe('mythos-replay');
    if (flags[0] === '--module') expect(doc.setup.modules).toEqual([flags[1]]);
    const run = await cli('replay', path);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Age 1, turn 1\n');
    expect(run.stdout).toContain('Age 3, turn 5\n');
    expect(run.stdout).toMatch(/^ {2}bid: p1 \((valid_move|random_card|easy_bot)\) bids \d+ military on .+ \(spends \d+\)$/m);
    expect(run.stdout).toMatch(/^ {2}gain: p\d \(\w+\) gains .+ \((cost \d+ gold|free)/m);
    expect(run.stdout).toMatch(/^ {2}winners?: p\d/m);
    // The favor totals told from the events add up to the game's own counters.
    expect(run.stdout).not.toContain('note: favor from events differs');
    const final = doc.final.players.map((p) => `${p.userID} ${p.counters.favor}`).join(', ');
    expect(run.stdout).toContain(`final favor: ${final}\n`);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`OK ${path}: ${doc.actions.length} actions re-run, final state identical`);
  });

  it('tells clashes round by round with the winner', async () => {
    const path = await savedGame('clashes');
    const { stdout } = await cli('replay', path);
    expect(stdout).toMatch(/^ {2}clash for .+: p\d \(\w+\)( vs p\d \(\w+\))+\n {4}round 1: p\d \d+\+\[\d\]=\d+/m);
    expect(stdout).toMatch(/^ {4}winner: p\d \(\w+\)/m);
  });

  it('prints only the verdict with --quiet', async () => {
    const path = await savedGame('quiet');
    const run = await cli('replay', '--quiet', path);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`OK ${path}: ${read(path).actions.length} actions re-run, final state identical\n`);
  });

  it('fails on a changed favor in the saved final state, naming the first differing path', async () => {
    const path = await savedGame('favor');
    const favor = read(path).final.players[1]!.counters.favor;
    const bad = tampered(path, 'favor-tampered.json', (doc) => (doc.final.players[1]!.counters.favor += 5));
    const run = await cli('replay', '--quiet', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `FAIL ${bad}: the re-run differs from the saved final state; first difference at $.players[1].counters.favor: expected ${favor + 5}, actual ${favor}\n`,
    );
  });

  it('fails on a changed action the engine refuses, naming the action and the rule', async () => {
    const path = await savedGame('refused');
    const bad = tampered(path, 'refused-tampered.json', (doc) => {
      const first = doc.actions[0]!;
      if (first.action.type === 'BID') first.action.bid.military = 99;
    });
    const run = await cli('replay', '--quiet', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^FAIL ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: action 0 \\(BID by p1 at 1000\\) was refused: Invalid military bid: 99\\. Max bid: \\d+\\n$`));
  });

  it('fails on a changed action the engine accepts, at the first path where the games part', async () => {
    const path = await savedGame('diverge');
    const original = read(path);
    const last = original.actions.length - 1;
    const bad = tampered(path, 'diverge-tampered.json', (doc) => (doc.actions[last]!.now += 7_000));
    const run = await cli('replay', '--quiet', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL .+: the re-run differs from the saved final state; first difference at \$\.\S+: expected .+, actual .+\n$/);
  });

  it('re-runs a version 1 file (a xoroshiro128+ game, saved as version 3) with its own generator, bit for bit', async () => {
    const seats = ['p1', 'p2', 'p3'].map((userID) => ({ userID, botType: null }));
    const start = advance(createGame({ players: seats, definitions: GAME_DEFINITIONS, generator: 'xoroshiro128+' }, 1042, 0), 0).game;
    const { game, actions } = playToEnd(start, 8);
    if (game.rngState.kind !== 'xoroshiro128+') throw new Error('a xoroshiro128+ game');
    const { rngState, seedCommitment: _c, ...rest } = game;
    const file = join(dir, 'v1.json');
    const final = { ...rest, version: 3, rngState: rngState.state };
    writeFileSync(file, JSON.stringify({ format: 'mythos-replay', version: 1, setup: { seats }, seed: 1042, start: 0, actions, final }));
    const run = await cli('replay', '--quiet', file);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`OK ${file}: ${actions.length} actions re-run, final state identical\n`);
  });
});

describe('replay of a game someone forfeited', () => {
  // Two people's game to the end; each test marks some actions as a stand-in's, as an export
  // from the server does (the marks change no rule, so the file still re-runs bit for bit).
  const seats = [
    { userID: 'p1', botType: null },
    { userID: 'p2', botType: null },
  ];
  const { game, actions } = playToEnd(startGame({ players: seats, definitions: GAME_DEFINITIONS }, 5, 0), 5);
  const [top, other] = [...game.players].sort((a, b) => b.counters.favor - a.counters.favor);
  const favorLine = `  final favor: ${game.players.map((p) => `${p.userID} ${p.counters.favor}`).join(', ')}\n`;

  /** The game's replay file (or another game's), each action marked with `standIn` (its index among its player's actions). */
  function saved(name: string, standIn: (userID: string, index: number, of: number) => StandInReason | undefined, played = { game, actions }): string {
    const { game, actions } = played;
    const counts = new Map<string, number>();
    const total = (userID: string) => actions.filter((a) => a.userID === userID).length;
    const marked = actions.map((a): ReplayAction => {
      const index = counts.get(a.userID) ?? 0;
      counts.set(a.userID, index + 1);
      const reason = standIn(a.userID, index, total(a.userID));
      return reason ? { ...a, standIn: reason } : a;
    });
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(replayOf({ seats, options: {}, modules: [] }, 5, 0, marked, game)));
    return path;
  }

  it('names the next best the winner when the one with the most favor left, and says why', async () => {
    // The game is worth telling only if the one who left had the most favor alone.
    expect(game.winnerIDs).toEqual([top!.userID]);
    expect(top!.counters.favor).toBeGreaterThan(other!.counters.favor);
    // They left halfway: a stand-in took every decision of theirs from then on.
    const path = saved('left.json', (userID, index, of) => (userID === top!.userID && index >= of / 2 ? 'left' : undefined));
    for (const flags of [[], ['--current-cards']]) {
      const run = await cli('replay', ...flags, path);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`${favorLine}  forfeit: ${top!.userID} left the game, so it counts as a loss\n  winner: ${other!.userID}\n`);
    }
  });

  it('names the next best the winner when the file says the one with the most favor left, though no stand-in played for them', async () => {
    // As the server recorded it (`forfeits`): a player who left with no decision of theirs still
    // to come has no stand-in's action to tell it.
    const path = tampered(saved('left-last.json', () => undefined), 'left-last-said.json', (doc) => (doc.forfeits = { [top!.userID]: 'left' }));
    for (const flags of [[], ['--current-cards']]) {
      const run = await cli('replay', ...flags, path);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`${favorLine}  forfeit: ${top!.userID} left the game, so it counts as a loss\n  winner: ${other!.userID}\n`);
    }
  });

  it("names the next best the winner when a stand-in made most of the top player's decisions", async () => {
    const path = saved('stood-in.json', (userID, index, of) => (userID === top!.userID && index < of / 2 + 1 ? 'turn timer' : undefined));
    const run = await cli('replay', path);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${favorLine}  forfeit: a bot made most of ${top!.userID}'s choices, so the game counts as a loss\n  winner: ${other!.userID}\n`);
  });

  it('names nobody the winner when every player left', async () => {
    const path = saved('all-left.json', (_userID, index, of) => (index === of - 1 ? 'left' : undefined));
    const run = await cli('replay', path);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `${favorLine}  forfeit: p1 left the game, so it counts as a loss\n  forfeit: p2 left the game, so it counts as a loss\n  winner: nobody, as every player forfeited\n`,
    );
  });

  describe('--current-cards', () => {
    // A game played before a card change (each basic card was then worth a favor more): today's
    // cards end it with other favor.
    const before = { ...GAME_DEFINITIONS, cardDefs: GAME_DEFINITIONS.cardDefs.map((c) => (c.affinity === 'Basic' ? { ...c, favor: c.favor + 1 } : c)) };
    const played = playToEnd(startGame({ players: seats, definitions: before }, 5, 0), 5);
    const [leaver, stayed] = [...played.game.players].sort((a, b) => b.counters.favor - a.counters.favor);
    const favor = played.game.players.map((p) => `${p.userID} ${p.counters.favor} -> \\d+`).join(', ');
    /** The CHANGED line of the file at `path`, up to its first difference, with these winners saved and re-run. */
    const changedLine = (path: string, winners: string) =>
      new RegExp(`^CHANGED ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: with today's card files the same actions end differently: favor ${favor}; winners ${winners}; first difference at \\$\\.\\S+: `);

    it('names the winners after forfeits on its CHANGED line, as the narration above it does', async () => {
      // The one with the most favor left halfway: they win neither the game as saved nor its
      // re-run (the line named them the saved game's winner).
      expect(played.game.winnerIDs).toEqual([leaver!.userID]);
      const path = saved('left-before-change.json', (userID, index, of) => (userID === leaver!.userID && index >= of / 2 ? 'left' : undefined), played);
      const run = await cli('replay', '--current-cards', path);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`  forfeit: ${leaver!.userID} left the game, so it counts as a loss\n  winner: ${stayed!.userID}\n`);
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(changedLine(path, `${stayed!.userID} -> ${stayed!.userID}`));
    });

    it('names nobody on its CHANGED line when every player left', async () => {
      const path = saved('all-left-before-change.json', (_userID, index, of) => (index === of - 1 ? 'left' : undefined), played);
      const run = await cli('replay', '--current-cards', path);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('  winner: nobody, as every player forfeited\n');
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(changedLine(path, 'nobody \\(every player forfeited\\) -> nobody \\(every player forfeited\\)'));
    });
  });

  it("refuses a file whose stand-in reason is not one of the server's", async () => {
    const path = saved('bad-reason.json', () => undefined);
    const bad = tampered(path, 'bad-reason-tampered.json', (doc) => Object.assign(doc.actions[2]!, { standIn: 'bored' }));
    const run = await cli('replay', bad);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`error: ${bad}: actions[2].standIn must be one of "turn timer", "no one connected", "left", or absent\n`);
    expect(run.code).toBe(2);
  });

  it.each([
    ["give a reason not the server's", (doc: ReplayFile) => Object.assign(doc, { forfeits: { p1: 'bored' } }), 'forfeits.p1 must be "left" or "stood in"'],
    ['name someone not seated', (doc: ReplayFile) => Object.assign(doc, { forfeits: { p3: 'left' } }), 'forfeits.p3 is not a person seated in the game'],
    ['are a list', (doc: ReplayFile) => Object.assign(doc, { forfeits: ['p1'] }), 'forfeits must be an object of user ids, each "left" or "stood in"'],
    // Nobody forfeits a running game: the server says who did once it has ended.
    ['are for a game not ended', (doc: ReplayFile) => Object.assign(doc, { forfeits: {}, final: { ...doc.final, gameEndTimestamp: null } }), 'forfeits: the game has not ended, so nobody has forfeited it yet'],
  ])('refuses a file whose forfeits %s', async (_, change, message) => {
    const bad = tampered(saved('bad-forfeits.json', () => undefined), 'bad-forfeits-tampered.json', change);
    const run = await cli('replay', bad);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`error: ${bad}: ${message}\n`);
    expect(run.code).toBe(2);
  });
});
