/**
 * The odds chart of a finished game kept on the device (src/web/odds/chart-store.ts): read back
 * only when whole and for the same number of moments, never from something unreadable, the last
 * twenty games kept, and a full storage costing nothing but the keeping.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { storedChart as chartIn, storeChart as keepChart } from '../../src/web/odds/chart-store.js';
import type { OddsPoint } from '../../src/web/odds/use-odds.js';

/** localStorage's methods over a Map; `full` makes setItem throw as a full storage does. */
function fakeStorage() {
  const items = new Map<string, string>();
  const storage = {
    full: false,
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (storage.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key: string) => void items.delete(key),
  };
  return storage;
}

const chart = (n: number, first = 0): OddsPoint[] => Array.from({ length: n }, (_, i) => ({ step: i === 0 ? null : i, sequenceID: first + i, shares: { ann: 0.5 + i / 1000, bob: 0.5 - i / 1000 } }));

describe('the odds chart kept on the device', () => {
  let storage: ReturnType<typeof fakeStorage>;
  let storedChart: (id: string, total: number) => OddsPoint[] | null;
  let storeChart: (id: string, points: readonly OddsPoint[]) => void;
  beforeEach(() => {
    storage = fakeStorage();
    storedChart = (id, total) => chartIn(id, total, () => storage);
    storeChart = (id, points) => keepChart(id, points, () => storage);
  });

  it('gives back the points stored for a game with that many moments, and nothing for another count or game', () => {
    storeChart('g1', chart(40));
    expect(storedChart('g1', 40)).toEqual(chart(40));
    expect(storedChart('g1', 41)).toBeNull();
    expect(storedChart('g2', 40)).toBeNull();
  });

  it('ignores what it cannot read: bad JSON, a short list, a share that is not a number', () => {
    storage.items.set('mythosOddsChart:bad', '{not json');
    expect(storedChart('bad', 3)).toBeNull();
    storage.items.set('mythosOddsChart:short', JSON.stringify({ total: 3, points: chart(2) }));
    expect(storedChart('short', 3)).toBeNull();
    const points = chart(3) as unknown as { shares: Record<string, unknown> }[];
    points[1]!.shares = { ann: 'much', bob: 0.1 };
    storage.items.set('mythosOddsChart:odd', JSON.stringify({ total: 3, points }));
    expect(storedChart('odd', 3)).toBeNull();
  });

  it('keeps the last twenty games, forgetting the oldest first', () => {
    for (let g = 1; g <= 22; g++) storeChart(`g${g}`, chart(5, g));
    expect(storedChart('g1', 5)).toBeNull();
    expect(storedChart('g2', 5)).toBeNull();
    expect(storedChart('g3', 5)).toEqual(chart(5, 3));
    expect(storedChart('g22', 5)).toEqual(chart(5, 22));
    expect([...storage.items.keys()].filter((k) => k.startsWith('mythosOddsChart:'))).toHaveLength(20);
    // Storing a kept game again makes it the newest, not a second copy.
    storeChart('g3', chart(5, 3));
    storeChart('g23', chart(5, 23));
    expect(storedChart('g3', 5)).toEqual(chart(5, 3));
    expect(storedChart('g4', 5)).toBeNull();
  });

  it('a full storage throws nothing: the chart is simply not kept', () => {
    storage.full = true;
    expect(() => storeChart('g1', chart(5))).not.toThrow();
    expect(storedChart('g1', 5)).toBeNull();
  });
});
