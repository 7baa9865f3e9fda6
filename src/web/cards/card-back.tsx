/**
 * The back of a card: a night-sky field with the three gods' marks around a star, "MYTHOS", and
 * the age in roman numerals on a band coloured for the age (bronze, silver, gold).
 */
import { useId, type CSSProperties } from 'react';
import { AFFINITY_COLORS, ART, SITE } from '../lib/palette.js';
import { CARD_WIDTH } from './card-face.js';
import classes from './cards.module.css';

const AGE_BANDS = { 1: ART.cardBack.age1, 2: ART.cardBack.age2, 3: ART.cardBack.age3 } as const;

export interface CardBackProps {
  age?: 1 | 2 | 3;
  width?: number;
  'aria-label'?: string;
}

export function CardBack({ age, width = CARD_WIDTH, ...rest }: CardBackProps) {
  const id = useId().replace(/:/g, '');
  const band = age ? AGE_BANDS[age] : SITE.gold;
  const label = rest['aria-label'] ?? (age ? `Card back, age ${age}` : 'Card back');
  const stars = Array.from({ length: 16 }, (_, i) => {
    const a = (i / 16) * Math.PI * 2;
    const r = i % 2 ? 18 : 30;
    return `${i ? 'L' : 'M'}${50 + r * Math.cos(a - Math.PI / 2)} ${62 + r * Math.sin(a - Math.PI / 2)}`;
  });
  return (
    <div className={classes.back} data-card="back" style={{ '--card-w': `${width}px` } as CSSProperties} role="img" aria-label={label} data-card-back={age ?? ''}>
      <svg viewBox="0 0 100 140" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id={`${id}-sky`} cx="50%" cy="45%" r="70%">
            <stop offset="0" stopColor={ART.cardBack.skyTop} />
            <stop offset="1" stopColor={ART.cardBack.skyBottom} />
          </radialGradient>
          <pattern id={`${id}-grid`} width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <path d="M0 5h10M5 0v10" stroke={ART.cardBack.grid} strokeOpacity=".05" strokeWidth=".6" />
          </pattern>
        </defs>
        <rect width="100" height="140" fill={`url(#${id}-sky)`} />
        <rect width="100" height="140" fill={`url(#${id}-grid)`} />
        <rect x="4" y="4" width="92" height="132" rx="6" fill="none" stroke={band} strokeWidth="1.6" />
        <rect x="7" y="7" width="86" height="126" rx="4" fill="none" stroke={band} strokeOpacity=".45" strokeWidth=".7" />
        <circle cx="50" cy="62" r="33" fill="none" stroke={band} strokeOpacity=".55" strokeWidth=".8" />
        <path d={`${stars.join('')}z`} fill={band} fillOpacity=".9" />
        <circle cx="50" cy="62" r="9" fill={SITE.night} stroke={band} strokeWidth="1.2" />
        <rect x="45" y="20" width="10" height="10" rx="1.5" fill={AFFINITY_COLORS.Derion.frame} stroke={ART.warmWhite} strokeWidth=".7" transform="rotate(45 50 25)" />
        <path d="M21 82l8-14 8 14z" fill={AFFINITY_COLORS.Tyros.frame} stroke={ART.warmWhite} strokeWidth=".7" strokeLinejoin="round" />
        <path d="M63 76c3-5 13-5 16 0-3 5-13 5-16 0z" fill={AFFINITY_COLORS.Zeona.frame} stroke={ART.warmWhite} strokeWidth=".7" />
        <text x="50" y="112" textAnchor="middle" fontFamily="Georgia, 'DejaVu Serif', serif" fontWeight="700" fontSize="11" letterSpacing="2.5" fill={SITE.parchmentPale}>
          MYTHOS
        </text>
        {age ? (
          <g>
            <path d="M30 118h40l-4 5 4 5H30l4-5z" fill={band} />
            <text x="50" y="126" textAnchor="middle" fontFamily="Georgia, 'DejaVu Serif', serif" fontWeight="800" fontSize="7" letterSpacing="1" fill={SITE.night}>
              AGE {['I', 'II', 'III'][age - 1]}
            </text>
          </g>
        ) : null}
      </svg>
    </div>
  );
}
