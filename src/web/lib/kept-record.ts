/**
 * A record this browser keeps in localStorage under one key, one entry per lobby, game or room,
 * its newest entries only (a player's storage must not grow with every game they open). The
 * commitments first seen (commitment-memory.ts) and how far each chat was read (chat-read.ts).
 */

/** The record under `storageKey`: empty when there is none, it is not a record, or storage is refused. */
export function readKept<V>(storageKey: string): Record<string, V> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, V>) : {};
  } catch {
    return {};
  }
}

/** Keeps `record`'s last `kept` entries (in insertion order) under `storageKey`; nothing when storage is full or refused. */
export function writeKept<V>(storageKey: string, record: Record<string, V>, kept: number): void {
  const entries = Object.entries(record);
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(entries.slice(Math.max(0, entries.length - kept)))));
  } catch {
    // The callers keep what they need for the page's life in memory.
  }
}
