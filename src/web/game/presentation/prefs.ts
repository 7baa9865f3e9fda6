/**
 * The player's local preferences this layer reads: 'Disable Animations' (the site's `userPrefs`,
 * see src/web/lib/prefs.ts) and the sound mute switch (ours, on this device).
 */
import { useSyncExternalStore } from 'react';
import { usePrefs } from '../../lib/prefs.js';

const SOUND_MUTED = 'mythosSoundMuted';
const listeners = new Set<() => void>();

function readJSON(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export function readSoundMuted(): boolean {
  return readJSON(SOUND_MUTED) === true;
}

export function writeSoundMuted(muted: boolean): void {
  localStorage.setItem(SOUND_MUTED, JSON.stringify(muted));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** 'Disable Animations', live (another tab or the settings panel may change it). */
export function useDisableAnimations(): boolean {
  return usePrefs()[0].disableAnimations;
}

export function useSoundMuted(): boolean {
  return useSyncExternalStore(subscribe, readSoundMuted, () => false);
}

/** Someone who asked their system for less motion gets no flying cards either. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
