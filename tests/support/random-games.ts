/**
 * Random games for property tests: a setup drawn by fast-check (players, every option, any
 * modules, the seeds), and the game it makes with the real card set.
 */
import fc from 'fast-check';
import { GAME_OPTION_KEYS, MODULE_KEYS, createGame, type Game, type GameOptions, type ModuleKey } from '../../src/engine/index.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';

/** The fields of a random setup, for tests that add their own (`fc.record({...setupFields(), x})`). */
export function setupFields(maxPlayers = 8) {
  return {
    players: fc.integer({ min: 2, max: maxPlayers }),
    options: fc.record(Object.fromEntries(GAME_OPTION_KEYS.map((k) => [k, fc.boolean()])) as Record<keyof GameOptions, fc.Arbitrary<boolean>>),
    modules: fc.subarray([...MODULE_KEYS] as ModuleKey[]),
    seed: fc.integer(),
    botSeed: fc.integer(),
  };
}

export const setupArbitrary = fc.record(setupFields());
export type RandomSetup = typeof setupArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The new game of a setup: players `player-0` ... with the real card set, at a fixed clock. */
export function newGame(setup: Pick<RandomSetup, 'players' | 'options' | 'modules' | 'seed'>): Game {
  return createGame(
    {
      players: Array.from({ length: setup.players }, (_, i) => ({ userID: `player-${i}` })),
      options: setup.options,
      modules: setup.modules,
      definitions: GAME_DEFINITIONS,
    },
    setup.seed,
    1_700_000_000_000,
  );
}
