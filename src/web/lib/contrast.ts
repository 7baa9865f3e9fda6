/**
 * Text on a coloured ground (seat colours as name chips, seats in a lobby), and coloured text on
 * the night sky (a player's name in their seat colour), chosen by the WCAG contrast ratio: the
 * one place the site decides whether a colour reads on another.
 */
import { SITE, TEXT_ON } from './palette.js';

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return 0.2;
  const n = parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * White or `dark` (black unless given: the lobby's seats use the night's ink), whichever reads
 * better on `background`; black when neither reads (WCAG AA, 4.5:1) and black does: white and
 * the night's ink both fall short on seat 1's orange (4.3 and 4.1:1), black reads (4.9:1).
 */
export function textOn(background: string, dark: string = TEXT_ON.dark): string {
  const better = contrast(background, TEXT_ON.light) >= contrast(background, dark) ? TEXT_ON.light : dark;
  return contrast(background, better) < 4.5 && contrast(background, TEXT_ON.dark) > contrast(background, better) ? TEXT_ON.dark : better;
}

/** `#rrggbb` of a colour mixed with white: `share` 0 is the colour, 1 is white. */
function towardWhite(hex: string, share: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * share).toString(16).padStart(2, '0');
  return `#${mix((n >> 16) & 255)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}

/**
 * A colour for text on a dark `ground`: the colour itself when it reads there (WCAG AA, 4.5:1 for
 * body text), else the least tint of it toward white that does, so a seat's name keeps its hue.
 */
export function readableOn(color: string, ground: string): string {
  for (let share = 0; share < 1; share += 0.05) {
    const tint = towardWhite(color, share);
    if (contrast(tint, ground) >= 4.5) return tint;
  }
  return TEXT_ON.light;
}

const seatNames = new Map<string, string>();

/**
 * A player's name in their seat colour, on the night sky or any summary over it (the lightest
 * ground such a name stands on: `SITE.nightLit`); worked out once a colour.
 */
export function nameColor(seatColor: string): string {
  let color = seatNames.get(seatColor);
  if (color === undefined) {
    color = readableOn(seatColor, SITE.nightLit);
    seatNames.set(seatColor, color);
  }
  return color;
}
