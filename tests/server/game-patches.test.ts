/**
 * The patches games.onGame sends, over hundreds of random games played to their end (fast-check:
 * 2 to 5 players, random options including hideFavor, random modules, the real card set): for
 * every viewer (each player and the spectator), the patches applied in order to the JSON a client
 * holds give exactly the whole view of each step, also when steps are skipped (a subscriber that
 * coalesced a burst), and at the end of a hideFavor game, where favor in old events is revealed.
 * A patch carries nothing the viewer's new view does not hold at the same place, and a step's
 * whole view is still its own after later steps were made.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, type Game, type GameOptions } from '../../src/engine/index.js';
import { applyPatch, diff, type Patch } from '../../src/engine/json-patch.js';
import { Version } from '../../src/server/delivery/game-versions.js';
import { NO_TABLE } from '../../src/server/services/game-views.js';
import { playToEnd } from '../support/play.js';
import { newGame, setupFields } from '../support/random-games.js';
import { runs } from '../support/test-depth.js';

const setupArbitrary = fc.record({
  ...setupFields(5),
  /** How often a step is skipped (coalesced), per mille. */
  skip: fc.integer({ min: 0, max: 800 }),
});
type Setup = typeof setupArbitrary extends fc.Arbitrary<infer T> ? T : never;

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The steps a server would publish: every state after an action and its automatic steps. */
function steps(setup: Setup): Game[] {
  const start = newGame(setup);
  const first = advance(start, start.updateTimestamp).game;
  const states = [first];
  playToEnd(first, setup.botSeed, (game) => {
    if (game.sequenceID > states.at(-1)!.sequenceID) states.push(game);
    else states[states.length - 1] = game;
  });
  return states;
}

/** The value at a JSON pointer, or undefined. */
function at(document: unknown, path: string): unknown {
  let value = document;
  for (const token of path.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Every value a patch adds or replaces is what the new view holds at that path (checked in order). */
function onlyFromView(before: unknown, patch: Patch): void {
  let document = before;
  for (const operation of patch) {
    document = applyPatch(document, [operation]);
    if (operation.op !== 'remove' && !isDeepStrictEqual(at(document, operation.path), operation.value)) throw new Error(`patch value at ${operation.path} is not the view's`);
  }
}

/**
 * Plays `numRuns` random games from `seed` and checks every viewer's patches; returns how many
 * were hideFavor games and how many steps were skipped, for the caller to check the runs covered.
 */
function checkPatches(seed: number, numRuns: number): { hideFavorEnds: number; skipped: number } {
  let hideFavorEnds = 0;
  let skipped = 0;
  fc.assert(
    fc.property(setupArbitrary, (setup) => {
      const games = steps(setup);
      const viewers = [...games[0]!.players.map((p) => p.userID), null];
      let pick = setup.seed >>> 0;
      const chosen = games.filter((_, i) => {
        pick = (Math.imul(pick, 1103515245) + 12345) >>> 0;
        const keep = i === 0 || i === games.length - 1 || pick % 1000 >= setup.skip;
        if (!keep) skipped++;
        return keep;
      });
      for (const viewer of viewers) {
        let version: Version | null = null;
        let held: unknown = null;
        const made: [Version, { events: unknown[] }][] = [];
        for (const game of chosen) {
          const next: Version = new Version(game, viewer, version);
          const whole = wire(next.view);
          made.push([next, whole]);
          if (version === null) held = whole;
          else {
            expect(next.baseSequenceID).toBe(version.sequenceID);
            const patch = wire(next.patch!);
            onlyFromView(held, patch);
            held = applyPatch(held, patch);
            if (!isDeepStrictEqual(held, whole)) expect(held, `viewer ${viewer} at step ${game.sequenceID}`).toStrictEqual(whole);
          }
          version = next;
        }
        // A step's whole view stays its own after later steps of the viewer were made (they
        // append to the log it shares): the same game and as many events as it had.
        for (const [step, whole] of made) {
          const later = step.whole(NO_TABLE);
          expect(later.events.length).toBe(whole.events.length);
          expect(later.game).toBe(step.view.game);
        }
      }
      const last = games.at(-1)!;
      expect(last.gameEndTimestamp).not.toBeNull();
      if (setup.options.hideFavor) hideFavorEnds++;
    }),
    { numRuns, seed },
  );
  return { hideFavorEnds, skipped };
}

describe('games.onGame patches', () => {
  // Two halves (16 games in the everyday suite, 200 under `npm run test:deep`), each within its
  // own time limit on a slow machine; each half must cover hideFavor endings and skipped steps.
  const games = runs(8, 100);
  it.each([20_261_124, 20_261_125])(`applied in order, reproduce every viewer’s whole view of every step, to the end of the game (${games} games from seed %i)`, (seed) => {
    const { hideFavorEnds, skipped } = checkPatches(seed, games);
    expect(hideFavorEnds).toBeGreaterThan(games / 4);
    expect(skipped).toBeGreaterThan(games * 5);
  }, 300_000);

  it('at the end of a hideFavor game, favor in old events is revealed by patching those events, not by resending the log', () => {
    const games = steps({ players: 3, options: { hideFavor: true } as GameOptions, modules: [], seed: 5, botSeed: 6, skip: 0 });
    const [beforeEnd, end] = games.slice(-2) as [Game, Game];
    const patch = new Version(end, 'player-0', new Version(beforeEnd, 'player-0', null)).patch!;
    const oldEvents = patch.filter((op) => /^\/events\/\d+\//.test(op.path) && Number(op.path.split('/')[2]) < beforeEnd.events.length);
    expect(oldEvents.length).toBeGreaterThan(0);
    expect(patch.some((op) => op.path === '/events')).toBe(false);
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(new Version(end, 'player-0', null).view.events).length / 2);
  });

  it('diff and applyPatch: nested changes, appends, removals, keys that need escaping, undefined as absent; the input is not changed', () => {
    const before = { a: [1, 2, 3, 4], 'b/c': { '~d': 1, gone: true }, e: { f: [{ g: 1 }] }, h: undefined, keep: { x: 1 } };
    const after = { a: [1, 3, 4], 'b/c': { '~d': 2 }, e: { f: [{ g: 2 }, { g: 3 }] }, h: 1, keep: before.keep, i: undefined };
    const frozen = wire(before);
    const patch = diff(before, after);
    const result = applyPatch(frozen, wire(patch));
    expect(result).toStrictEqual(wire(after));
    expect(frozen).toStrictEqual(wire(before));
    expect(result.keep).toBe(frozen.keep);
    expect(patch).toContainEqual({ op: 'remove', path: '/a/1' });
    expect(patch).toContainEqual({ op: 'replace', path: '/b~1c/~0d', value: 2 });
    expect(diff(before, wire(before))).toEqual([]);
  });

  it('diff and applyPatch: any two documents sharing keys, siblings deep and shallow, keys that need escaping', () => {
    // Few keys, so the two documents overlap and their patches hold many siblings under one parent.
    const key = fc.constantFrom('a', 'b', '0', '1', '~', '/', 'c~1', 'd/e');
    const leaf = fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constantFrom('x', 'y', true, null));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('array')),
      object: fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
      array: fc.array(tie('tree'), { maxLength: 4 }),
    }));
    fc.assert(
      fc.property(tree, tree, (before, after) => {
        const patch = wire(diff(before, after));
        expect(applyPatch(wire(before), patch)).toStrictEqual(wire(after));
      }),
      { numRuns: runs(500, 20_000) },
    );
  });

  it('diff spells every pointer right across diffs, when the pointers it has spelled before are many', () => {
    // Pointers are kept from one diff to the next (a bounded cache): more distinct ones than it
    // holds, the same keys under objects and arrays, and keys that need escaping.
    const keys = Array.from({ length: 30_000 }, (_, i) => (i % 3 === 0 ? `k${i}` : i % 3 === 1 ? `a/b${i}` : `~${i}`));
    const before = { o: Object.fromEntries(keys.map((k) => [k, 0])), '0': [0, 0], list: [{ '0': 0 }] };
    const after = { o: Object.fromEntries(keys.map((k) => [k, 1])), '0': [0, 1], list: [{ '0': 1 }] };
    for (let round = 0; round < 2; round++) {
      const patch = diff(before, after);
      expect(patch.length).toBe(keys.length + 2);
      expect(new Set(patch.map((op) => op.path)).size).toBe(patch.length);
      for (const op of [
        { op: 'replace', path: '/o/k0', value: 1 },
        { op: 'replace', path: '/o/a~1b1', value: 1 },
        { op: 'replace', path: '/o/~029999', value: 1 },
        { op: 'replace', path: '/0/1', value: 1 },
        { op: 'replace', path: '/list/0/0', value: 1 },
      ])
        expect(patch).toContainEqual(op);
      expect(applyPatch(wire(before), wire(patch))).toStrictEqual(after);
    }
  });

  it('applyPatch refuses a patch that does not fit, and never sets a prototype', () => {
    expect(() => applyPatch({ a: 1 }, [{ op: 'replace', path: '/b', value: 1 }])).toThrow('nothing at /b');
    expect(() => applyPatch({ a: [1] }, [{ op: 'add', path: '/a/3', value: 1 }])).toThrow('no index 3');
    expect(() => applyPatch({ a: 1 }, [{ op: 'remove', path: '/a/b' }])).toThrow('no container');
    const polluted = applyPatch({} as Record<string, unknown>, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(polluted)).toBe(Object.prototype);
  });
});
