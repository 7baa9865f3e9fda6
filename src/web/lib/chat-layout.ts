/**
 * Where chat lives: the docked chat overlay needs a large screen and a fine pointer; on small or
 * touch screens the lobby and game pages offer a CHAT button opening the chat in a dialog instead.
 */
import { useMediaQuery } from '@mantine/hooks';
import { usePhoneWidth } from './phone-width.js';

/** True when the chat overlay is shown (not small, not touch), read at first render. */
export function useChatOverlayFits(): boolean {
  const small = usePhoneWidth();
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  return !small && !touch;
}
