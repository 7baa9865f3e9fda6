/**
 * The voices of the game's sounds (synth.ts plays them): a gong (inharmonic partials with a long
 * decay), a horn (two brass-like sawtooth voices a fifth apart, filtered), a chime (bell partials)
 * and a tick (two short knocks). Loaded with the page's first gesture, not with the page.
 */
import type { SoundCue } from './sound-cues.js';

function partial(ctx: AudioContext, out: AudioNode, type: OscillatorType, freq: number, gain: number, attack: number, decay: number, at: number, detune = 0): void {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  osc.detune.value = detune;
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + attack);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  osc.connect(amp).connect(out);
  osc.start(at);
  osc.stop(at + attack + decay + 0.05);
}

function gong(ctx: AudioContext, out: AudioNode, at: number): void {
  // A struck metal plate: a low fundamental and inharmonic partials, upper ones dying sooner.
  const base = 98;
  const ratios = [1, 1.47, 1.93, 2.44, 2.97, 3.6, 4.2];
  ratios.forEach((r, i) => partial(ctx, out, 'sine', base * r, 0.5 / (i + 1.2), 0.01 + i * 0.004, 3.8 - i * 0.35, at, i % 2 ? 6 : -6));
  // The mallet's thud.
  partial(ctx, out, 'triangle', 55, 0.35, 0.005, 0.5, at);
}

function horn(ctx: AudioContext, out: AudioNode, at: number): void {
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.setValueAtTime(500, at);
  filter.frequency.linearRampToValueAtTime(1600, at + 0.35);
  filter.frequency.linearRampToValueAtTime(900, at + 1.3);
  filter.connect(out);
  // A call of two notes: the fifth, then the root held.
  for (const [freq, start, length] of [
    [196, 0, 0.45],
    [147, 0.42, 1.0],
  ] as const) {
    partial(ctx, filter, 'sawtooth', freq, 0.22, 0.08, length, at + start, -4);
    partial(ctx, filter, 'sawtooth', freq, 0.16, 0.1, length, at + start, 5);
    partial(ctx, filter, 'sine', freq / 2, 0.12, 0.1, length, at + start);
  }
}

function chime(ctx: AudioContext, out: AudioNode, at: number): void {
  const notes = [1318.5, 1975.5];
  notes.forEach((f, i) => {
    partial(ctx, out, 'sine', f, 0.25, 0.004, 1.2, at + i * 0.09);
    partial(ctx, out, 'sine', f * 2.76, 0.06, 0.002, 0.5, at + i * 0.09);
  });
}

function tick(ctx: AudioContext, out: AudioNode, at: number): void {
  // Two short wooden knocks: time is running out.
  for (const start of [0, 0.18]) {
    partial(ctx, out, 'square', 880, 0.12, 0.002, 0.06, at + start);
    partial(ctx, out, 'sine', 1760, 0.08, 0.002, 0.04, at + start);
  }
}

export const VOICES: Record<SoundCue, (ctx: AudioContext, out: AudioNode, at: number) => void> = { gong, horn, chime, tick };
