/** The replay's deep diff: the first difference, depth first in key order, as a JSON path. */
import { describe, expect, it } from 'vitest';
import { describeDifference, firstDifference, MISSING } from '../../src/engine/deep-diff.js';

describe('firstDifference', () => {
  it('finds nothing in equal values', () => {
    expect(firstDifference({ a: [1, { b: null }], c: 'x' }, { a: [1, { b: null }], c: 'x' })).toBeNull();
  });

  it('names the first differing leaf by its path', () => {
    const d = firstDifference({ players: [{ favor: 3 }, { favor: 5 }], z: 1 }, { players: [{ favor: 3 }, { favor: 4 }], z: 2 });
    expect(d).toEqual({ path: '$.players[1].favor', expected: 5, actual: 4 });
  });

  it('quotes keys that are not identifiers', () => {
    expect(firstDifference({ cardsByID: { '101': { cost: 1 } } }, { cardsByID: { '101': { cost: 2 } } })?.path).toBe('$.cardsByID["101"].cost');
  });

  it('reports missing keys and array items on either side', () => {
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 })).toEqual({ path: '$.b', expected: 2, actual: MISSING });
    expect(firstDifference({ a: 1 }, { a: 1, extra: true })).toEqual({ path: '$.extra', expected: MISSING, actual: true });
    expect(firstDifference([1, 2], [1, 2, 3])).toEqual({ path: '$[2]', expected: MISSING, actual: 3 });
  });

  it('reports a change of kind where it happens', () => {
    expect(firstDifference({ a: [1] }, { a: { 0: 1 } })).toEqual({ path: '$.a', expected: [1], actual: { 0: 1 } });
    expect(firstDifference({ a: null }, { a: 0 })).toEqual({ path: '$.a', expected: null, actual: 0 });
  });

  it('describes a difference on one line, cutting long values short', () => {
    expect(describeDifference({ path: '$.x', expected: 'a', actual: MISSING })).toBe('$.x: expected "a", actual (missing)');
    const long = describeDifference({ path: '$.events', expected: Array(100).fill(1), actual: [] });
    expect(long).toMatch(/^\$\.events: expected \[1,1,.*\.\.\., actual \[\]$/);
    expect(long.length).toBeLessThan(200);
  });
});
