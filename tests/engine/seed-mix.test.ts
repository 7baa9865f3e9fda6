/**
 * A seed mixed from the server's secret and the players' values: the published function
 * (checked against a second implementation on node:crypto), what a value may be, and a game
 * made from a mix: the seed, its parts in the game, and what a view shows of them when.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  advance,
  commitmentOf,
  createGame,
  mixedSeed,
  newSeedValueProblem,
  SetupError,
  seedValueProblem,
  viewFor,
  type SeedContribution,
  type SeedMix,
} from '../../src/engine/index.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { playToEnd } from '../support/play.js';

const SECRET = '0f'.repeat(32);

/** The function as docs/rules.md states it, written again from the words. */
function byTheRules(secret: string, values: readonly string[]): string {
  const hash = createHash('sha256').update('mythos seed mix v1').update(Buffer.from([0])).update(Buffer.from(secret, 'hex'));
  const count = Buffer.alloc(4);
  count.writeUInt32BE(values.length);
  hash.update(count);
  for (const value of values) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(Buffer.byteLength(value));
    hash.update(length).update(value, 'utf8');
  }
  return hash.digest('hex');
}

const mix = (values: readonly string[], secret = SECRET): SeedMix => ({
  serverSecret: secret,
  contributions: values.map((value, seat): SeedContribution => ({ userID: `p${seat}`, value })),
});

describe('mixedSeed, the published function', () => {
  it('is SHA-256 over the tag, the secret and the seat-ordered values with their lengths', () => {
    expect(mixedSeed(mix(['a1b2', '', 'hello world']))).toBe(byTheRules(SECRET, ['a1b2', '', 'hello world']));
    expect(mixedSeed(mix([]))).toBe(byTheRules(SECRET, []));
    for (let i = 0; i < 20; i++) {
      const secret = randomBytes(32).toString('hex');
      const values = [randomBytes(16).toString('hex'), '', randomBytes(3).toString('hex')];
      expect(mixedSeed(mix(values, secret))).toBe(byTheRules(secret, values));
    }
  });

  it('changes with any value, with their order and with the secret', () => {
    const seed = mixedSeed(mix(['ann', 'bob']));
    expect(mixedSeed(mix(['ann', 'bo']))).not.toBe(seed);
    expect(mixedSeed(mix(['bob', 'ann']))).not.toBe(seed);
    expect(mixedSeed(mix(['ann', 'bob'], 'f0'.repeat(32)))).not.toBe(seed);
  });

  it('cannot be made the same by moving characters between values or adding empty seats (the lengths are hashed)', () => {
    expect(mixedSeed(mix(['ab', '']))).not.toBe(mixedSeed(mix(['a', 'b'])));
    expect(mixedSeed(mix(['ab']))).not.toBe(mixedSeed(mix(['ab', ''])));
    expect(mixedSeed(mix(['', 'ab']))).not.toBe(mixedSeed(mix(['ab', ''])));
  });
});

describe('a value for the dice', () => {
  it('is 1 to 64 characters of printable ASCII', () => {
    for (const fine of ['x', 'a'.repeat(64), 'My lucky day! 7 ~ {}', 'c0ffee'.repeat(5)]) expect(seedValueProblem(fine)).toBeNull();
  });

  it('is refused with a sentence that says what is wrong', () => {
    expect(seedValueProblem('')).toBe('Enter a value for the dice: 1 to 64 letters, digits or punctuation.');
    expect(seedValueProblem('a'.repeat(65))).toBe('A value for the dice has at most 64 characters.');
    expect(seedValueProblem('café')).toBe('A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: "é" is not one.');
    expect(seedValueProblem('a\nb')).toBe('A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: U+000A is not one.');
    expect(seedValueProblem(42)).toBe('A value for the dice must be text.');
  });

  it('given now, is not spaces alone (shown as nothing); a played game\'s value of spaces still checks', () => {
    expect(newSeedValueProblem('   ')).toBe('Enter a value for the dice: 1 to 64 letters, digits or punctuation.');
    expect(newSeedValueProblem(' a ')).toBeNull();
    expect(newSeedValueProblem('é')).toBe(seedValueProblem('é'));
    expect(seedValueProblem('   ')).toBeNull();
  });
});

describe('a game from a mixed seed', () => {
  const players = [{ userID: 'ann' }, { userID: 'bob' }, { userID: 'bot_1', botType: 'easy_bot' as const }];
  const contributions = [
    { userID: 'ann', value: 'c0ffee00c0ffee00' },
    { userID: 'bob', value: '' },
    { userID: 'bot_1', value: '' },
  ];
  const create = (values = contributions) => createGame({ players, definitions: GAME_DEFINITIONS }, { serverSecret: SECRET, contributions: values }, 0);

  it('plays from the mixed seed and keeps the secret, its commitment and the values', () => {
    const game = create();
    const seed = mixedSeed({ serverSecret: SECRET, contributions });
    expect(game).toMatchObject({
      seed,
      seedCommitment: commitmentOf(seed),
      serverSecret: SECRET,
      serverSecretCommitment: commitmentOf(SECRET),
      seedContributions: contributions,
      rngState: { kind: 'chacha20', key: seed },
    });
    // The same seed given directly deals the same game: the mix decides only the seed.
    const direct = createGame({ players, definitions: GAME_DEFINITIONS }, seed, 0);
    expect(direct.tributeDeck).toEqual(game.tributeDeck);
    expect(direct.rngState).toEqual(game.rngState);
  });

  it('shows the commitments and the values in every view from the start, the secret only at the end', () => {
    const game = create();
    for (const viewer of ['ann', 'bob', null]) {
      const view = viewFor(game, viewer);
      expect(view.serverSecretCommitment).toBe(commitmentOf(SECRET));
      expect(view.seedContributions).toEqual(contributions);
      expect(view.serverSecret).toBeNull();
      expect(JSON.stringify(view)).not.toContain(SECRET);
    }
    const { game: end } = playToEnd(advance(game, 0).game, 5);
    expect(end.gameEndTimestamp).not.toBeNull();
    expect(viewFor(end, null)).toMatchObject({ serverSecret: SECRET, seed: game.seed });
  });

  it("refuses values that do not name the seats in order, a bot's value, and a value that is not allowed", () => {
    expect(() => create(contributions.slice(0, 2))).toThrow(new SetupError('The values for the seed must name every seat, in seat order.'));
    expect(() => create([contributions[1]!, contributions[0]!, contributions[2]!])).toThrow(SetupError);
    expect(() => create([contributions[0]!, contributions[1]!, { userID: 'bot_1', value: 'x' }])).toThrow(new SetupError("A bot's seat adds nothing to the seed (seat 3)."));
    expect(() => create([{ userID: 'ann', value: 'é' }, contributions[1]!, contributions[2]!])).toThrow(
      new SetupError('Seat 1: A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: "é" is not one.'),
    );
  });
});
