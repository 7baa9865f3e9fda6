/**
 * The player's local preferences this layer reads: 'Disable Animations' (localStorage `userPrefs`,
 * key disableAnimations, written by the settings panel) and the sound mute switch (ours).
 */
import { useSyncExternalStore } from 'react';

const USER_PREFS = 'userPrefs';
const SOUND_MUTED = 'mythosSoundMuted';
const listeners = new Set<() => void>();

function readJSON(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export function readDisableAnimations(): boolean {
  const prefs = readJSON(USER_PREFS);
  return typeof prefs === 'object' && prefs !== null && (prefs as { disableAnimations?: unknown }).disableAnimations === true;
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
  return useSyncExternalStore(subscribe, readDisableAnimations, () => false);
}

export function useSoundMuted(): boolean {
  return useSyncExternalStore(subscribe, readSoundMuted, () => false);
}

/** Someone who asked their system for less motion gets no flying cards either. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
