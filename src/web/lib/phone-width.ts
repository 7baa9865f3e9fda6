/**
 * Whether the screen is a phone's width (under 768 px, Mantine's `sm` breakpoint), where the game
 * and the replay take their one-thumb layout and the chat opens in a dialog (chat-layout.ts), not
 * the docked overlay.
 *
 * Answered on the first render, not in an effect (Mantine's default, for pages rendered on a
 * server, which this site's never are): answered in an effect, a phone's first render laid the
 * whole game table out for a desktop, and the answer rendered it all again for a phone at once, in
 * one task the phone could not slice.
 */
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_WIDTH = '(max-width: 767px)';

export function usePhoneWidth(): boolean {
  return useMediaQuery(PHONE_WIDTH, undefined, { getInitialValueInEffect: false });
}
