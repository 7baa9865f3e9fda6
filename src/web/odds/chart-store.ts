/**
 * The odds over a finished game, kept on this device once worked out (localStorage), so opening its
 * replay again, or the end-of-game view after a reload, charts it at once instead of asking the
 * odds worker for every step again (seconds on a desktop, longer on a phone). Keyed by the game
 * and its number of moments: a game whose replay grew is worked out afresh. The last CHARTS_KEPT
 * games are kept; storage that is full, blocked or holds something unreadable only means the
 * chart is worked out as before.
 *
 * A replay file opened on /replay is anyone's, and names whichever game it likes: its odds are
 * worked out under a key of their own (`fileOddsKey`), never the game's id, and never kept here.
 * Under the id it names, a stranger's file put its chart and turning points on that game's end
 * and replay, in the same tab and, kept here, any day after (tests/web/components/security-review-26.test.tsx).
 */
import type { OddsPoint } from './use-odds.js';

const PREFIX = 'mythosOddsChart:';
const INDEX = 'mythosOddsCharts';
const CHARTS_KEPT = 20;
/** Begins the key of a replay file's odds: no game id of the site holds a colon. */
const FILE_KEY = 'file:';

let filesOpened = 0;
/** A key for the odds of one replay file as opened (each opening its own). */
export const fileOddsKey = (): string => `${FILE_KEY}${++filesOpened}`;

/** The part of localStorage used here (tests pass their own). */
export type ChartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The device's storage; reading it throws where storage is blocked, which callers treat as none. */
const deviceStorage = (): ChartStorage => window.localStorage;

interface Stored {
  total: number;
  points: OddsPoint[];
}

function isPoint(value: unknown): value is OddsPoint {
  if (!value || typeof value !== 'object') return false;
  const { step, sequenceID, shares } = value as Record<string, unknown>;
  return (
    (step === null || Number.isInteger(step)) &&
    Number.isInteger(sequenceID) &&
    !!shares &&
    typeof shares === 'object' &&
    Object.values(shares).every((share) => typeof share === 'number' && Number.isFinite(share))
  );
}

/** The stored points of game `id` when there are exactly `total` of them, else null. */
export function storedChart(id: string, total: number, storage: () => ChartStorage = deviceStorage): OddsPoint[] | null {
  if (id.startsWith(FILE_KEY)) return null;
  try {
    const raw = storage().getItem(PREFIX + id);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (stored.total !== total || !Array.isArray(stored.points) || stored.points.length !== total) return null;
    return stored.points.every(isPoint) ? stored.points : null;
  } catch {
    return null;
  }
}

/** Keeps game `id`'s whole chart, forgetting the oldest kept beyond CHARTS_KEPT. */
export function storeChart(id: string, points: readonly OddsPoint[], storage: () => ChartStorage = deviceStorage): void {
  if (id.startsWith(FILE_KEY)) return;
  try {
    const store = storage();
    const parsed: unknown = JSON.parse(store.getItem(INDEX) ?? '[]');
    const kept = (Array.isArray(parsed) ? parsed : []).filter((x): x is string => typeof x === 'string' && x !== id);
    kept.push(id);
    while (kept.length > CHARTS_KEPT) store.removeItem(PREFIX + kept.shift()!);
    store.setItem(PREFIX + id, JSON.stringify({ total: points.length, points }));
    store.setItem(INDEX, JSON.stringify(kept));
  } catch {
    // Full or blocked: the chart is worked out again next time.
  }
}
