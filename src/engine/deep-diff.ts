/**
 * The first difference between two JSON values, depth first in key order, as a JSON path
 * (`$.players[1].counters.favor`) with the expected and the actual value at that path.
 */
export interface Difference {
  path: string;
  expected: unknown;
  actual: unknown;
}

/** Marks a key present on one side only. */
export const MISSING = Symbol('missing');

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** JSON's view of a value: what a saved file can hold (no undefined fields). */
export const asJSON = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

export function firstDifference(expected: unknown, actual: unknown, path = '$'): Difference | null {
  if (Object.is(expected, actual)) return null;
  const kind = kindOf(expected);
  if (kind !== kindOf(actual) || (kind !== 'array' && kind !== 'object')) return { path, expected, actual };
  if (kind === 'array') {
    const e = expected as unknown[];
    const a = actual as unknown[];
    for (let i = 0; i < Math.max(e.length, a.length); i++) {
      if (i >= e.length || i >= a.length) {
        return { path: childPath(path, i), expected: i < e.length ? e[i] : MISSING, actual: i < a.length ? a[i] : MISSING };
      }
      const d = firstDifference(e[i], a[i], childPath(path, i));
      if (d) return d;
    }
    return null;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
  for (const key of keys) {
    const inE = Object.hasOwn(e, key);
    const inA = Object.hasOwn(a, key);
    if (!inE || !inA) return { path: childPath(path, key), expected: inE ? e[key] : MISSING, actual: inA ? a[key] : MISSING };
    const d = firstDifference(e[key], a[key], childPath(path, key));
    if (d) return d;
  }
  return null;
}

/** A value for a one-line message: JSON, cut short when long; a missing key says so. */
export function showValue(value: unknown, max = 160): string {
  if (value === MISSING) return '(missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

export function describeDifference(d: Difference): string {
  return `${d.path}: expected ${showValue(d.expected)}, actual ${showValue(d.actual)}`;
}
