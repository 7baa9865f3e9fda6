/**
 * Whether the screen has no hover (a phone or a tablet): there a card is read by touching and
 * holding it, and the game's hints say "Tap" rather than "Click".
 */
import { useMediaQuery } from '@mantine/hooks';

export function useNoHover(): boolean {
  // On the first render (as lib/phone-width.ts, and for the same reason): the hints' words and a
  // card's touch handlers are right from the start, not after a second render of the screen.
  return useMediaQuery('(hover: none)', undefined, { getInitialValueInEffect: false });
}
