/**
 * The game's sounds, synthesised with the Web Audio API (no audio files; the voices are in
 * synth-voices.ts). An AudioContext may only start after a user gesture, so `unlockAudio` is
 * called from every pointer or key press, and the voices' code loads with the first, not with the
 * page.
 *
 * The context is made just after the first gesture, not in it: making one takes 60-120 ms in
 * Chromium, and done in the first pointerdown it delayed that click's own result by as much.
 * Chromium and Firefox let a context made after the page's first gesture start; a browser that
 * starts one only within a gesture (Safari has been one) gets it resumed by the next gesture:
 * there the cues start a gesture later than they did.
 */
import type { SoundCue } from './sound-cues.js';
import type * as Voices from './synth-voices.js';

declare global {
  interface Window {
    /** Older Safari's name for AudioContext. */
    webkitAudioContext?: typeof AudioContext;
  }
}

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = window.AudioContext ?? window.webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

let voices: Promise<typeof Voices> | null = null;

/**
 * The voices' code, loaded with the first gesture: nothing can sound before one. A load that
 * failed (the network dropped) is forgotten, so the next cue tries again: kept, it silenced the
 * game for the rest of the visit with an uncaught error at every cue.
 */
function loadVoices(): Promise<typeof Voices> {
  voices ??= import('./synth-voices.js').catch((error: unknown) => {
    voices = null;
    throw error;
  });
  return voices;
}

let creating = false;

/** Soon after the gesture's own work: when the page is idle, or within half a second. */
function afterGesture(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 500 });
  else window.setTimeout(work, 100);
}

/** Creates the context (just after this gesture) or resumes it; call from a user gesture. */
export function unlockAudio(): void {
  if (context) {
    if (context.state === 'suspended') void context.resume();
    return;
  }
  if (creating) return;
  creating = true;
  afterGesture(() => {
    const ctx = audio();
    if (ctx && ctx.state === 'suspended') void ctx.resume();
    // A failed load is tried again at the next cue.
    if (ctx) loadVoices().catch(() => undefined);
  });
}

export const audioUnlocked = (): boolean => context?.state === 'running';

/** Plays a cue at `volume` (0..1); silently nothing before the user has interacted with the page. */
export function playCue(cue: SoundCue, volume: number): void {
  const ctx = context;
  if (!ctx || ctx.state !== 'running') return;
  const master = ctx.createGain();
  master.gain.value = volume;
  master.connect(ctx.destination);
  loadVoices().then(
    ({ VOICES }) => {
      VOICES[cue](ctx, master, ctx.currentTime + 0.02);
      window.setTimeout(() => master.disconnect(), 5_000);
    },
    // The code did not load (the network dropped): this cue is silent, the next tries again.
    () => master.disconnect(),
  );
}
