import { AFFINITY_COLORS } from './affinity.js';
import { SITE } from './site.js';

/**
 * The drawn art's own shades (SVG attributes and the animation's inline gradients take colour
 * strings): the dice, the card back, the gods' medallions, the resource icons, the tokens that fly
 * in an animation (light, middle and dark of a radial gradient, and the glyph's ink), and Google's
 * brand colours on its sign-in button. Shades the stylesheets also use come from SITE or AFFINITY_COLORS.
 */
export const ART = {
  white: '#fff',
  black: '#000',
  /** Warm white: the lines of the card back's gods' marks and the medallions' signs. */
  warmWhite: '#fff8e7',
  die: { face: SITE.parchmentPale, edge: '#5c4a2e', lit: SITE.gold, mark: '#8a7650', pip: '#2a1c0c' },
  cardBack: { skyTop: '#3b2f6b', skyBottom: '#120d22', grid: '#ffffff', age1: '#a86b32', age2: '#9aa7b5', age3: SITE.gold },
  emblem: { boltEdge: '#3a2a00', crest: '#ffd0c8', eye: '#2a1758' },
  coinIcon: { edge: '#7a4f05', mark: '#b8860b' },
  shieldIcon: { face: '#c2453a', edge: '#4d0f0a', cross: '#f4d7a1' },
  favorIcon: { face: '#2f6b4f', edge: '#123524', starEdge: '#6b4e00' },
  clashIcon: { face: '#e2572b', cross: '#fff4df' },
  rerollIcon: { face: '#eef3fb', ink: '#1d3f73', arrow: '#2e7bd6' },
  tributeIcon: { dash: '#fff2c9' },
  flying: {
    gold: { light: '#fff3c4', middle: SITE.gold, dark: '#8a6418', ink: AFFINITY_COLORS.Derion.ink },
    military: { light: '#ffd7d1', middle: '#c0392b', dark: '#6b1410', ink: '#fff' },
    favor: { light: '#efe6ff', middle: '#7c5cd6', dark: '#3b2380', ink: '#fff' },
    warTokens: { light: AFFINITY_COLORS.Basic.light, middle: AFFINITY_COLORS.Basic.frame, dark: AFFINITY_COLORS.None.deep, ink: '#fff' },
    rerollTokens: { light: '#d3f9d8', middle: '#2f9e44', dark: '#145221', ink: '#fff' },
  },
  google: { blue: '#4285F4', green: '#34A853', yellow: '#FBBC05', red: '#EA4335' },
} as const;
