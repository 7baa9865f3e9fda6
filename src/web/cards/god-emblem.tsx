/**
 * The five gods of the tribute cards, each drawn as a medallion with a sign of its own (not only a
 * colour): Akroa the restless sky (wings and a lightning bolt), Baeren the patient wild (an oak on
 * its hill), Derion of trade and stone (a column on a coin), Tyros of war (a crested helm before
 * crossed spears), Zeona of fate (an eye in a crescent, with its thread).
 */
import { useId, type ReactNode } from 'react';
import type { God } from '../../engine/cards/schema.js';
import { AFFINITY_COLORS, ART, GOD_COLORS, SITE } from '../lib/palette.js';

export const GOD_NAMES: readonly God[] = ['Akroa', 'Baeren', 'Derion', 'Tyros', 'Zeona'];

const INK = ART.warmWhite;

const SIGNS: Record<God, ReactNode> = {
  Akroa: (
    <g fill={INK}>
      <path d="M50 44c-6-9-17-14-31-13 5 4 8 8 9 12-4-1-8-1-11 0 5 3 9 7 10 11-3 0-6 1-8 2 9 3 19 1 31-12z" />
      <path d="M50 44c6-9 17-14 31-13-5 4-8 8-9 12 4-1 8-1 11 0-5 3-9 7-10 11 3 0 6 1 8 2-9 3-19 1-31-12z" />
      <path d="M53 30 43 52h8l-5 19 14-26h-8l5-15z" fill={SITE.goldLeaf} stroke={ART.emblem.boltEdge} strokeWidth="1.2" strokeLinejoin="round" />
    </g>
  ),
  Baeren: (
    <g fill={INK}>
      <path d="M22 74c8-8 18-11 28-11s20 3 28 11z" />
      <rect x="47" y="48" width="6" height="18" />
      <path d="M50 22c-6 0-10 4-11 8-6 0-10 5-9 10-4 3-4 10 1 13 3 3 8 3 11 1 2 3 5 4 8 4s6-1 8-4c3 2 8 2 11-1 5-3 5-10 1-13 1-5-3-10-9-10-1-4-5-8-11-8z" />
      <circle cx="42" cy="40" r="2.2" fill={GOD_COLORS.Baeren} />
      <circle cx="57" cy="35" r="2.2" fill={GOD_COLORS.Baeren} />
      <circle cx="52" cy="46" r="2.2" fill={GOD_COLORS.Baeren} />
    </g>
  ),
  Derion: (
    <g fill={INK}>
      <circle cx="50" cy="50" r="25" fill="none" stroke={INK} strokeWidth="3" />
      <path d="M36 36h28l-3 5H39z" />
      <rect x="42" y="42" width="4" height="20" />
      <rect x="48" y="42" width="4" height="20" />
      <rect x="54" y="42" width="4" height="20" />
      <path d="M37 63h26v4H37z" />
      <path d="M50 25l3 4h-6z" />
      <path d="M50 75l3-4h-6z" />
    </g>
  ),
  Tyros: (
    <g>
      <path d="M24 76 72 24M76 76 28 24" stroke={INK} strokeWidth="3.4" strokeLinecap="round" />
      <path d="M72 24l6-6-2 8zM28 24l-6-6 2 8z" fill={INK} stroke={INK} strokeWidth="2" strokeLinejoin="round" />
      <path
        d="M50 30c-11 0-17 8-17 19v14c0 3 2 5 5 5h6V53h-5v-5h22v5h-5v15h6c3 0 5-2 5-5V49c0-11-6-19-17-19z"
        fill={INK}
        stroke={AFFINITY_COLORS.Tyros.ink}
        strokeWidth="1.5"
      />
      <path d="M50 30c-2-6 3-12 12-13-6 3-7 8-6 13z" fill={ART.emblem.crest} />
      <rect x="48.5" y="53" width="3" height="15" fill={INK} />
    </g>
  ),
  Zeona: (
    <g fill={INK}>
      <path d="M63 22a28 28 0 1 0 0 56 24 24 0 1 1 0-56z" opacity=".9" />
      <path d="M34 50c6-9 24-9 30 0-6 9-24 9-30 0z" fill={ART.emblem.eye} stroke={INK} strokeWidth="2.2" />
      <circle cx="49" cy="50" r="5" fill={INK} />
      <circle cx="49" cy="50" r="2" fill={ART.emblem.eye} />
      <path d="M70 30c4 10 4 30-2 44" fill="none" stroke={SITE.goldLeaf} strokeWidth="1.6" strokeDasharray="3 2" />
      <circle cx="70" cy="30" r="2.4" fill={SITE.goldLeaf} />
    </g>
  ),
};

/** A god's medallion, 100 x 100 units, filling its box. */
export function GodEmblem({ god, title }: { god: God; title?: string }) {
  const color = GOD_COLORS[god];
  const rays = Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return `M${50 + 41 * Math.cos(a)} ${50 + 41 * Math.sin(a)}L${50 + 48 * Math.cos(a + 0.07)} ${50 + 48 * Math.sin(a + 0.07)}L${50 + 48 * Math.cos(a - 0.07)} ${50 + 48 * Math.sin(a - 0.07)}z`;
  });
  const id = `mc-god-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 100 100" role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : true} focusable="false">
      {title ? <title>{title}</title> : null}
      <defs>
        <radialGradient id={id} cx="50%" cy="38%" r="65%">
          <stop offset="0" stopColor={color} stopOpacity=".75" />
          <stop offset=".6" stopColor={color} />
          <stop offset="1" stopColor={ART.black} stopOpacity=".85" />
        </radialGradient>
      </defs>
      <path d={rays.join('')} fill={color} opacity=".8" />
      <circle cx="50" cy="50" r="40" fill={`url(#${id})`} stroke={SITE.gold} strokeWidth="3" />
      <circle cx="50" cy="50" r="35.5" fill="none" stroke="rgb(255 255 255 / .35)" strokeWidth="1" />
      {SIGNS[god]}
    </svg>
  );
}
