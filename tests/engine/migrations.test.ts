/** Saves of versions 1 to 3 migrate upward step by step; other versions are refused. */
import { describe, expect, it } from 'vitest';
import { migrate, migrateV1toV2, migrateV2toV3, migrateV3toV4, type Game, type SaveV1, type SaveV2, type SaveV3 } from '../../src/engine/index.js';
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

/** The same game as a version 3 save wrote it (games then were all xoroshiro128+ games). */
function asV3(game: Game): SaveV3 {
  const { rngState, seedCommitment: _c, seed, ...rest } = game;
  if (rngState.kind !== 'xoroshiro128+' || typeof seed !== 'number') throw new Error('a version 3 save is a xoroshiro128+ game');
  return { ...rest, version: 3, rngState: rngState.state, seed };
}

/** The same game as a version 2 save wrote it. */
function asV2(game: Game): SaveV2 {
  const { totalThinkingMillisByPlayerID, phaseThinkingMillisByPlayerID: _p, soloMillisByPlayerID: _s, players, ...rest } = asV3(game);
  return {
    ...rest,
    version: 2,
    thinkingMillisByPlayerID: totalThinkingMillisByPlayerID,
    players: players.map(({ counters, favorSources: _f, clashes: _c, clashesWon: _w, cards: _k, ...p }) => ({
      ...p,
      counters: { gold: counters.gold, favor: counters.favor, military: counters.military, warTokens: counters.warTokens },
    })),
  };
}

/** The same game as a version 1 save wrote it. */
function asV1(game: Game): SaveV1 {
  const { tableIDs, players, options, ...rest } = asV2(game);
  const { retreat1: _1, retreat2: _2, retreat3: _3, ...oldOptions } = options as Game['options'];
  return {
    ...rest,
    version: 1,
    table: tableIDs,
    options: oldOptions,
    players: players.map(({ counters, ...p }) => ({ ...p, gold: counters.gold, favor: counters.favor, military: counters.military })),
  };
}

describe('migrations', () => {
  it('version 1 to 2 groups the counters, renames the trade row and adds the retreat options', () => {
    const game = midGame();
    const v2 = migrateV1toV2(asV1(game));
    expect(v2.version).toBe(2);
    expect(v2.tableIDs).toEqual(game.tableIDs);
    expect(v2.options).toMatchObject({ retreat1: false, retreat2: false, retreat3: false });
    expect(v2.players[0]!.counters).toEqual({
      gold: game.players[0]!.counters.gold,
      favor: game.players[0]!.counters.favor,
      military: game.players[0]!.counters.military,
      warTokens: 0,
    });
    expect(v2.players[0]).not.toHaveProperty('gold');
    expect(v2).not.toHaveProperty('table');
  });

  it('version 2 to 3 adds tokens, board stacks, favor sources and the thinking timers', () => {
    const game = midGame();
    const v3 = migrateV2toV3(asV2(game));
    expect(v3.version).toBe(3);
    expect(v3.totalThinkingMillisByPlayerID).toEqual(game.totalThinkingMillisByPlayerID);
    expect(v3.phaseThinkingMillisByPlayerID).toEqual({ ann: 0, bob: 0, cat: 0 });
    expect(v3.soloMillisByPlayerID).toEqual({ ann: 0, bob: 0, cat: 0 });
    v3.players.forEach((p, i) => {
      const original = game.players[i]!;
      expect(p.cards).toEqual(original.cards);
      expect(p.counters).toEqual({ ...original.counters, rerollTokens: 0 });
      expect(p.favorSources.cards + p.favorSources.tributes).toBe(original.counters.favor);
      expect(p.favorSources.tributes).toBe(original.counters.tributeTokens * 3);
    });
  });

  it('a version 1 save migrates all the way and plays on to the end', () => {
    const game = midGame();
    const migrated = migrate(JSON.parse(JSON.stringify(asV1(game))));
    if ('ok' in migrated) throw new Error(migrated.message);
    expect(migrated.version).toBe(4);
    expect(migrated.tableIDs).toEqual(game.tableIDs);
    const { game: end } = playToEnd(migrated, 3);
    expect(end.gameEndTimestamp).not.toBeNull();
  });

  it('version 3 to 4 tags the PRNG state as xoroshiro128+ and has no commitment to show', () => {
    const game = midGame();
    const v4 = migrateV3toV4(asV3(game));
    expect(v4.rngState).toEqual(game.rngState);
    expect(v4.rngState.kind).toBe('xoroshiro128+');
    expect(v4.seedCommitment).toBeNull();
    expect(v4).toEqual(game);
  });

  it('a version 3 save plays on with its own generator: the same moves give the same game, bit for bit', () => {
    const game = midGame();
    const migrated = migrate(JSON.parse(JSON.stringify(asV3(game))));
    if ('ok' in migrated) throw new Error(migrated.message);
    expect(playToEnd(migrated, 11).game).toEqual(playToEnd(game, 11).game);
  });

  it('a version 4 save is taken as it is', () => {
    const game = midGame();
    expect(migrate(game)).toBe(game);
  });

  it.each([0, 5, '4', undefined])('a save of version %s is refused', (version) => {
    expect(migrate({ ...midGame(), version })).toEqual({
      ok: false,
      code: 'save/version-mismatch',
      message: `version mismatch: save version ${String(version)}, expected 4`,
    });
  });
});
