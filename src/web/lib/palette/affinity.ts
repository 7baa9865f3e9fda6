/**
 * The affinities' palettes (the frame of every card and the accents that point to it), the gods of
 * the tribute cards, and the 8 seat colours of players.
 * Derion is trade and stone (amber), Tyros is war (crimson), Zeona is fate (violet).
 */
import { SEAT_COLORS } from '../../../engine/types.js';

export const AFFINITY_COLORS = {
  Derion: { frame: '#b7791f', deep: '#7b4a0e', light: '#f6e2b3', ink: '#3d2606' },
  Tyros: { frame: '#b83232', deep: '#7a1616', light: '#f7d0cb', ink: '#3e0b0b' },
  Zeona: { frame: '#6b46c1', deep: '#42267f', light: '#e2d7fb', ink: '#23124a' },
  Basic: { frame: '#6f7a86', deep: '#3f4750', light: '#e3e7eb', ink: '#1f252b' },
  Leader: { frame: '#1f7a6d', deep: '#0f4c44', light: '#cdeee8', ink: '#072a25' },
  None: { frame: '#4a5568', deep: '#2d3748', light: '#e2e8f0', ink: '#1a202c' },
} as const;

export type AffinityName = keyof typeof AFFINITY_COLORS;

/** The gods on tribute cards: the three deities plus Akroa (the sky) and Baeren (the wild). */
export const GOD_COLORS = {
  Akroa: '#2b7bb9',
  Baeren: '#3f8f3a',
  Derion: AFFINITY_COLORS.Derion.frame,
  Tyros: AFFINITY_COLORS.Tyros.frame,
  Zeona: AFFINITY_COLORS.Zeona.frame,
} as const;

/** Seat colours come from the engine, so every screen and chart agrees on who is who. */
export const seatColor = (seat: number): string => SEAT_COLORS[seat % SEAT_COLORS.length]!;
