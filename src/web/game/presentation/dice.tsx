/** A six-sided die drawn in SVG: parchment face, ink pips; blank (a '?') before the first roll. */
import { memo } from 'react';
import { ART } from '../../lib/palette.js';
import classes from './presentation.module.css';

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

export interface DieProps {
  value: number | null;
  size?: number;
  /** Gold rim for the winner's dice. */
  highlight?: boolean;
  dim?: boolean;
}

export const Die = memo(function Die({ value, size = 30, highlight = false, dim = false }: DieProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={value === null ? 'die not rolled' : `die showing ${value}`}
      className={classes.die}
      data-dim={dim ? 'true' : undefined}
    >
      <rect x="4" y="4" width="92" height="92" rx="18" fill={ART.die.face} stroke={highlight ? ART.die.lit : ART.die.edge} strokeWidth={highlight ? 8 : 5} />
      {value === null ? (
        <text x="50" y="66" textAnchor="middle" fontSize="48" fontWeight="700" fill={ART.die.mark}>
          ?
        </text>
      ) : (
        (PIPS[value] ?? []).map(([cx, cy], i) => <circle key={i} cx={cx} cy={cy} r="9.5" fill={ART.die.pip} />)
      )}
    </svg>
  );
});
