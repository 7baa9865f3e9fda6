/** Saves of versions 1 to 4 migrate upward step by step; other versions are refused. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, migrate, migrateV1toV2, migrateV2toV3, migrateV3toV4, migrateV4toV5, type Game, type SaveV1, type SaveV2, type SaveV3, type SaveV4 } from '../../src/engine/index.js';
import { playToEnd } from '../support/play.js';
import { bidAll, gainAll, startGame } from '../support/scenario.js';

/** A game two turns in, with gains and tributes behind it. */
function midGame(): Game {
  let game = startGame({ players: 3, generator: 'xoroshiro128+' });
  for (let turn = 0; turn < 2; turn++) {
    game = bidAll(game, { ann: [0], bob: [1], cat: [2] });
    game = gainAll(game, { ann: game.tableIDs[0]!, bob: 122, cat: game.tableIDs[2]! });
  }
  return game;
}

/** The same game as a version 4 save wrote it (its seed drawn by the server alone). */
function asV4(game: Game): SaveV4 {
  const { serverSecretCommitment: _sc, serverSecret: _s, seedContributions: _v, ...rest } = game;
  return { ...rest, version: 4 };
}

/** The same game as a version 3 save wrote it (games then were all xoroshiro128+ games). */
function asV3(game: Game): SaveV3 {
  const { rngState, seedCommitment: _c, seed, ...rest } = asV4(game);
  if (rngState.kind !== 'xoroshiro128+' || typeof seed !== 'number') throw new Error('a version 3 save is a xoroshiro128+ game');
  return { ...rest, version: 3, rngState: rngState.state, seed };
}

/** A save of version 1 or 2, as those releases wrote it (tests/fixtures: only their own fields). */
const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as T;

describe('migrations', () => {
  it('version 1 to 2 groups the counters, renames the trade row and adds war tokens and the retreat options', () => {
    const v1 = fixture<SaveV1>('save-v1');
    const v2 = migrateV1toV2(v1);
    // The same game as release 2 wrote it.
    expect(v2).toEqual({ ...fixture<SaveV2>('save-v2'), id: v1.id });
    expect(v2.options).toMatchObject({ warTokens: false, retreat1: false, retreat2: false, retreat3: false });
    expect(v2.players[0]!.counters).toEqual({ gold: 3, favor: 1, military: 1, warTokens: 0 });
    expect(v2.players[0]).not.toHaveProperty('gold');
    expect(v2).not.toHaveProperty('table');
  });

  it('version 2 to 3 adds tokens, board stacks, favor sources, the thinking timers and the rerollTokens option', () => {
    const v2 = fixture<SaveV2>('save-v2');
    const v3 = migrateV2toV3(v2);
    expect(v3.version).toBe(3);
    expect(v3.options.rerollTokens).toBe(false);
    expect(v3.totalThinkingMillisByPlayerID).toEqual({ ann: 6_000, bob: 6_000 });
    expect(v3.phaseThinkingMillisByPlayerID).toEqual({ ann: 0, bob: 0 });
    expect(v3.soloMillisByPlayerID).toEqual({ ann: 0, bob: 0 });
    expect(v3).not.toHaveProperty('thinkingMillisByPlayerID');
    expect(v3.players.map((p) => p.cards)).toEqual([
      { Building: [100, 202], Unit: [], Event: [] },
      { Building: [101, 211], Unit: [], Event: [] },
    ]);
    for (const p of v3.players) {
      expect(p.counters).toMatchObject({ rerollTokens: 0, tributeTokens: 0 });
      expect(p.favorSources).toEqual({ cards: p.counters.favor, tributes: 0, prophecies: 0, resources: 0 });
      expect([p.clashes, p.clashesWon]).toEqual([0, 0]);
    }
    expect(v3.statsByPlayerID).toBeNull();
  });

  it("version 2 to 3 completes a finished game's stats with the favor breakdown, clash counts and solo time", () => {
    const stats = { won: true, score: 1, cardCountByAffinity: { Derion: 0, Tyros: 1, Zeona: 0 }, cardCountByType: { Building: 2, Unit: 0, Event: 0 }, blameMillis: 6_000 };
    const v2 = { ...fixture<SaveV2>('save-v2'), statsByPlayerID: { ann: stats, bob: { ...stats, won: false } } };
    const v3 = migrateV2toV3(v2);
    expect(v3.statsByPlayerID?.ann).toEqual({
      ...stats,
      scoreFromCards: 1,
      scoreFromProphecies: 0,
      scoreFromTributes: 0,
      scoreFromResources: 0,
      clashes: 0,
      clashesWon: 0,
      soloMillis: 0,
    });
    expect(v3.statsByPlayerID?.bob).toMatchObject({ won: false, clashes: 0, soloMillis: 0 });
  });

  it.each(['save-v1', 'save-v2'])('%s migrates all the way to the game the current release plays, and plays on to the end', (name) => {
    const migrated = migrate(fixture(name));
    if ('ok' in migrated) throw new Error(migrated.message);
    expect(migrated.version).toBe(5);
    expect(migrated.rngState.kind).toBe('xoroshiro128+');
    expect(migrated.tableIDs).toEqual([208, 209, 203]);
    expect(migrated.options).toEqual({ ...DEFAULT_OPTIONS });
    const { game: end } = playToEnd(migrated, 3);
    expect(end.gameEndTimestamp).not.toBeNull();
  });

  it('version 3 to 4 tags the PRNG state as xoroshiro128+ and has no commitment to show', () => {
    const game = midGame();
    const v4 = migrateV3toV4(asV3(game));
    expect(v4.rngState).toEqual(game.rngState);
    expect(v4.rngState.kind).toBe('xoroshiro128+');
    expect(v4.seedCommitment).toBeNull();
    expect(v4).toEqual(asV4(game));
  });

  it('version 4 to 5 says the seed was not mixed from players\' values: no secret, no values to show', () => {
    const game = midGame();
    const v5 = migrateV4toV5(asV4(game));
    expect(v5).toMatchObject({ version: 5, serverSecretCommitment: null, serverSecret: null, seedContributions: null });
    expect(v5).toEqual(game);
    expect(migrate(JSON.parse(JSON.stringify(asV4(game))))).toEqual(game);
  });

  it('a version 3 save plays on with its own generator: the same moves give the same game, bit for bit', () => {
    const game = midGame();
    const migrated = migrate(JSON.parse(JSON.stringify(asV3(game))));
    if ('ok' in migrated) throw new Error(migrated.message);
    expect(playToEnd(migrated, 11).game).toEqual(playToEnd(game, 11).game);
  });

  it('a version 5 save is taken as it is', () => {
    const game = midGame();
    expect(migrate(game)).toBe(game);
  });

  it.each([0, 6, '5', undefined])('a save of version %s is refused', (version) => {
    expect(migrate({ ...midGame(), version })).toEqual({
      ok: false,
      code: 'save/version-mismatch',
      message: `version mismatch: save version ${String(version)}, expected 5`,
    });
  });
});
