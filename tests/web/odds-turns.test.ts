/**
 * The turning points of a finished game's odds chart: the three steps where the leader's chance
 * moved most, and which of them keep their label on the chart. Labels stand upright on their
 * lines, so two a step apart drew one over the other (steps 15 and 16 of 60, a helper's new
 * player read two of the three): the smaller keeps its line alone, and the list under the chart
 * names every one.
 */
import { describe, expect, test } from 'vitest';
import { labelledTurns, moveLabel, turningPoints } from '../../src/web/odds/turning-points.js';
import type { OddsPoint } from '../../src/web/odds/use-odds.js';

/** A game of 61 steps (0..60) between Ann and Bob, Ann's chance at each step given by `ann`. */
function history(ann: (step: number) => number): OddsPoint[] {
  return Array.from({ length: 61 }, (_, step) => ({ step, sequenceID: step, shares: { ann: ann(step), bob: 1 - ann(step) } }));
}

describe('turning points', () => {
  // Ann leads; +22 at step 7, then +23 at 15 and -23 at 16 (Bob's chance is the leader's after 15).
  const game = history((step) => (step < 7 ? 0.5 : step < 15 ? 0.72 : step < 16 ? 0.95 : 0.72));

  test('the three largest moves, largest first', () => {
    expect(turningPoints(game).map((t) => [t.step, Math.round(t.move * 100)])).toEqual([
      [15, 23],
      [16, -23],
      [7, 22],
    ]);
  });

  test('a label a step from a larger one is left off; those apart keep theirs', () => {
    expect([...labelledTurns(turningPoints(game), game.length)].sort((a, b) => a - b)).toEqual([7, 15]);
  });

  test('far apart, every one keeps its label', () => {
    const apart = history((step) => (step < 10 ? 0.5 : step < 30 ? 0.75 : step < 50 ? 0.55 : 0.85));
    const turns = turningPoints(apart);
    expect(turns.map((t) => t.step).sort((a, b) => a - b)).toEqual([10, 30, 50]);
    expect([...labelledTurns(turns, apart.length)].sort((a, b) => a - b)).toEqual([10, 30, 50]);
  });
});

describe("a turning point's label on the chart", () => {
  test('the move of the chance in the chart\'s unit, signed: never "pts", which read as favor', () => {
    expect([moveLabel(-0.153), moveLabel(0.2), moveLabel(0.001)]).toEqual(['\u221215%', '+20%', '\u00b10%']);
  });
});
