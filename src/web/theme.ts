/** The Mantine theme: Mythos's own type, colours and radii rather than the framework defaults. */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const gold: MantineColorsTuple = ['#fdf7e7', '#f8ebc6', '#f1d98f', '#e9c55a', '#e2b436', '#d9a441', '#b9862a', '#946a20', '#6f4f17', '#4a340e'];
const night: MantineColorsTuple = ['#ece9f5', '#d1cbe6', '#b1a7d4', '#8f82c1', '#7465b2', '#5b4b9c', '#463a7c', '#342b5e', '#2a2147', '#1b1530'];

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: 6,
  colors: { gold, night },
  fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Cinzel', 'Trajan Pro', Georgia, 'Times New Roman', serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'always',
});
