/**
 * The Mantine theme: Mythos's own type, colours and radii rather than the framework defaults.
 * The page is a night sky (the `dark` scale is re-tinted from grey to deep violet), text is
 * parchment, accents are gold, and headings are set in a serif display face. Panels that carry
 * content are parchment with ink text (the `mythos-parchment` class in styles/global.css).
 */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const gold: MantineColorsTuple = ['#fdf7e7', '#f8ebc6', '#f1d98f', '#e9c55a', '#e2b436', '#d9a441', '#c18d2e', '#946a20', '#6f4f17', '#4a340e'];
const night: MantineColorsTuple = ['#ece9f5', '#d1cbe6', '#b1a7d4', '#8f82c1', '#7465b2', '#5b4b9c', '#463a7c', '#342b5e', '#2a2147', '#1b1530'];
/** Mantine's dark scheme reads this scale: 0 is text, 2 dimmed text, 4 borders, 6 inputs, 7 the page. */
const dark: MantineColorsTuple = ['#efe6d2', '#d9cdb3', '#beb193', '#968b74', '#534872', '#3f3562', '#30284f', '#221b3c', '#1b1530', '#120e22'];
/** Crimson of Tyros, for errors and the host's Kick. */
const crimson: MantineColorsTuple = ['#fdeaea', '#f7cfcc', '#f0a9a3', '#e7817a', '#de5f57', '#c94a42', '#b83232', '#962626', '#7a1616', '#540c0c'];

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: 5,
  colors: { gold, night, dark, red: crimson },
  autoContrast: true,
  luminanceThreshold: 0.35,
  white: '#fffaf0',
  black: '#1b1530',
  fontFamily: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', sans-serif",
  headings: {
    fontFamily: "'Cinzel', 'Trajan Pro', 'Palatino Linotype', 'Book Antiqua', Palatino, Georgia, 'DejaVu Serif', serif",
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2rem', lineHeight: '1.2' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
      h3: { fontSize: '1.2rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'sm',
  radius: { xs: '2px', sm: '4px', md: '6px', lg: '10px', xl: '16px' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'md' } },
    // Mantine's close button is an icon: name it for screen readers in every dialog. Dialogs fade
    // in where they stand: Mantine's default slides them 30 px down as they open, so a quick tap
    // on a button (OK, to confirm a card) landed where the button had been, and did nothing.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, transitionProps: { transition: 'fade', duration: 150 } } },
  },
});
