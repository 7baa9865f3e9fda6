/**
 * The game's sounds, synthesised with the Web Audio API (no audio files; the voices are in
 * synth-voices.ts). An AudioContext may only start after a user gesture, so `unlockAudio` is
 * called from the first pointer or key press, and the voices' code loads then, not with the page.
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

/** The voices' code, loaded with the first gesture: nothing can sound before one. */
function loadVoices(): Promise<typeof Voices> {
  voices ??= import('./synth-voices.js');
  return voices;
}

/** Creates or resumes the context; call from a user gesture. */
export function unlockAudio(): void {
  const ctx = audio();
  if (ctx && ctx.state === 'suspended') void ctx.resume();
  if (ctx) void loadVoices();
}

export const audioUnlocked = (): boolean => context?.state === 'running';

/** Plays a cue at `volume` (0..1); silently nothing before the user has interacted with the page. */
export function playCue(cue: SoundCue, volume: number): void {
  const ctx = context;
  if (!ctx || ctx.state !== 'running') return;
  const master = ctx.createGain();
  master.gain.value = volume;
  master.connect(ctx.destination);
  void loadVoices().then(({ VOICES }) => {
    VOICES[cue](ctx, master, ctx.currentTime + 0.02);
    window.setTimeout(() => master.disconnect(), 5_000);
  });
}
