/**
 * The site's own colours that code needs as strings, each under the name of its token in
 * styles/tokens.css (`parchmentPale` is `--mythos-parchment-pale`): tests/docs/style-tokens.test.ts
 * holds the two equal. The night sky and parchment, gold and the gold leaf of a lit mark, the cost
 * coin and favor laurel, the Clash token, the colour of a name with no seat, and an empty slot's edge.
 */
export const SITE = {
  night: '#1b1530',
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
