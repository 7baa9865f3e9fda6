/**
 * Whether the screen has no hover (a phone or a tablet): there a card is read by touching and
 * holding it, and the game's hints say "Tap" rather than "Click".
 */
import { useMediaQuery } from '@mantine/hooks';

export function useNoHover(): boolean {
  return useMediaQuery('(hover: none)') ?? false;
}
