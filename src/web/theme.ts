/**
 * The Mantine theme: Mythos's own type, colours and radii rather than the framework defaults.
 * The page is a night sky (the `dark` scale is re-tinted from grey to deep violet), text is
 * parchment, accents are gold, and headings are set in a serif display face. Panels that carry
 * content are parchment with ink text (the `mythos-parchment` class in styles/global.css).
 */
import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { THEME } from './lib/palette.js';

// The scales themselves are in lib/palette.ts (THEME), the one home of colours code needs as strings.
const gold: MantineColorsTuple = THEME.gold;
const night: MantineColorsTuple = THEME.night;
/** Mantine's dark scheme reads this scale: 0 is text, 2 dimmed text, 4 borders, 6 inputs, 7 the page. */
const dark: MantineColorsTuple = THEME.dark;
/** Crimson of Tyros, for errors and the host's Kick. */
const crimson: MantineColorsTuple = THEME.crimson;

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: 5,
  colors: { gold, night, dark, red: crimson },
  autoContrast: true,
  luminanceThreshold: 0.35,
  white: THEME.white,
  black: THEME.black,
  // The faces are the stylesheet's (styles/tokens.css), which draws text before this theme is applied.
  fontFamily: 'var(--mythos-sans)',
  headings: {
    fontFamily: 'var(--mythos-serif)',
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
    // A notice's close button is Mantine's 20 px icon button: 24 px at least, the least a finger's target may be (WCAG 2.5.8).
    Alert: { styles: { closeButton: { minWidth: 24, minHeight: 24 } } },
  },
});
