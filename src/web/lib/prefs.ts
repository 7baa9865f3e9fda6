/**
 * The player's local preferences, kept in localStorage under
 * `userPrefs` as `{disableAnimations: boolean}`. Every component using `usePrefs` sees a change at
 * once, in this tab and in others.
 */
import { useCallback, useSyncExternalStore } from 'react';

export const PREFS_KEY = 'userPrefs';

export interface UserPrefs {
  disableAnimations: boolean;
}

const DEFAULT_PREFS: UserPrefs = { disableAnimations: false };

const listeners = new Set<() => void>();
let cached: { raw: string | null; prefs: UserPrefs } | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(PREFS_KEY);
  } catch {
    return null;
  }
}

/** The stored preferences; anything unreadable counts as the defaults. */
export function readPrefs(): UserPrefs {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.prefs;
  let prefs = DEFAULT_PREFS;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && 'disableAnimations' in parsed) {
      prefs = { disableAnimations: parsed.disableAnimations === true };
    }
  } catch {
    // A hand-edited or corrupt value: keep the defaults.
  }
  cached = { raw, prefs };
  return prefs;
}

export function writePrefs(change: Partial<UserPrefs>): void {
  const next = { ...readPrefs(), ...change };
  try {
    window.localStorage.setItem(PREFS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the preference lasts for this page only.
    cached = { raw: JSON.stringify(next), prefs: next };
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PREFS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The preferences and a setter that stores a change. */
export function usePrefs(): [UserPrefs, (change: Partial<UserPrefs>) => void] {
  const prefs = useSyncExternalStore(subscribe, readPrefs, () => DEFAULT_PREFS);
  return [prefs, useCallback((change: Partial<UserPrefs>) => writePrefs(change), [])];
}
