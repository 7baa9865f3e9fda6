/**
 * Text on a coloured ground (seat colours as name chips, seats in a lobby), chosen by the WCAG
 * contrast ratio: the one place the site decides whether a colour takes light or dark text.
 */
import { TEXT_ON } from './palette.js';

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

/** White or `dark` (black unless given: the lobby's seats use the night's ink), whichever reads better on `background`. */
export function textOn(background: string, dark: string = TEXT_ON.dark): string {
  return contrast(background, TEXT_ON.light) >= contrast(background, dark) ? TEXT_ON.light : dark;
}
