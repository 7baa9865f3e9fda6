/**
 * Mythos's colours: one palette per affinity (the frame of every card and the accents that
 * point to it), the gods of the tribute cards, and the 8 seat colours of players.
 * Derion is trade and stone (amber), Tyros is war (crimson), Zeona is fate (violet).
 */
import { SEAT_COLORS } from '../../engine/types.js';

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

/** Marks on a chart (apexcharts wants colour strings): a turning point of the odds (gold, also
 * --mythos-chart-mark for the links under the chart) and the step a replay shows (sky blue). */
export const CHART_MARKS = {
  turningPoint: '#f4c95d',
  current: '#8fd3ff',
} as const;

/**
 * The charts' colours (apexcharts takes colour strings, not CSS variables): text and gridlines on
 * the night sky, a radial bar's empty track, the series after gold and parchment (sky, violet,
 * teal, rose, slate: distinct for colour-blind readers too), and the card types on a profile.
 */
export const CHART_COLORS = {
  text: '#d1cbe6',
  grid: 'rgba(209, 203, 230, 0.14)',
  track: 'rgba(209, 203, 230, 0.12)',
  sky: '#5fa8d3',
  violet: '#9f7aea',
  teal: '#38b2ac',
  rose: '#ed8796',
  slate: '#8a94a6',
  building: '#c9a66b',
  unit: '#e07a5f',
  event: '#81b29a',
} as const;

/**
 * The site's own colours that code needs as strings, each under the name of its token in
 * styles/tokens.css (`parchmentPale` is `--mythos-parchment-pale`): tests/docs/style-tokens.test.ts
 * holds the two equal. The night sky and parchment, gold and the gold leaf of a lit mark, the cost
 * coin and favor laurel, the Clash token, the colour of a name with no seat, and an empty slot's edge.
 */
export const SITE = {
  night: '#1b1530',
  /** The lightest ground names stand on over the night: the viewer's own summary, gold at 12% over it. */
  nightLit: '#322632',
  dusk: '#2a2147',
  parchmentPale: '#f7f0e1',
  gold: '#d9a441',
  goldLeaf: '#ffe58a',
  coin: '#f3c94f',
  coinEdge: '#5a3b05',
  favorEdge: '#bfe3a4',
  clashToken: '#5c1704',
  unseated: '#868e96',
  emptySlot: '#555',
} as const;

/**
 * Mantine's colour scales (theme.ts; Mantine writes them out as `--mantine-color-{name}-{0..9}`), and
 * the theme's white and black. Gold is the primary colour, night the sky, `dark` the dark scheme's
 * scale (0 text, 2 dimmed text, 4 borders, 6 inputs, 7 the page), crimson of Tyros errors.
 */
export const THEME = {
  gold: ['#fdf7e7', '#f8ebc6', '#f1d98f', '#e9c55a', '#e2b436', '#d9a441', '#c18d2e', '#946a20', '#6f4f17', '#4a340e'],
  night: ['#ece9f5', '#d1cbe6', '#b1a7d4', '#8f82c1', '#7465b2', '#5b4b9c', '#463a7c', '#342b5e', '#2a2147', '#1b1530'],
  dark: ['#efe6d2', '#d9cdb3', '#beb193', '#968b74', '#534872', '#3f3562', '#30284f', '#221b3c', '#1b1530', '#120e22'],
  crimson: ['#fdeaea', '#f7cfcc', '#f0a9a3', '#e7817a', '#de5f57', '#c94a42', '#b83232', '#962626', '#7a1616', '#540c0c'],
  white: '#fffaf0',
  black: SITE.night,
} as const;

/** The two text colours lib/contrast.ts chooses between on a coloured ground (six digits: it parses them). */
export const TEXT_ON = { light: '#ffffff', dark: '#000000' } as const;

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
