/**
 * The game's phone layout, and where its action panel is docked in it.
 *
 * The phone layout (tabs, the panel docked) is for a phone's width, and for a touch screen held
 * sideways under 500 px tall: most phones held sideways are 844-932 px wide, and the desktop's
 * layout gave their trade row two cards to a line between the players' column and the panel, its
 * second line under the screen's foot. A desktop's window as short keeps the desktop's layout (a
 * mouse's pointer is fine, not coarse).
 *
 * The panel is docked across the foot of the screen on a phone held upright, and down its right
 * side on one held sideways (wider than tall, under 500 px tall): across the foot of a 740x360
 * screen it took 192 of the 360 px, and the trade row showed above it with its cards cut through.
 * Beside the table the row stands whole, and Submit stays under the right thumb.
 *
 * The styles lay the page out by the same queries (game-screen.module.css's side dock, the
 * settled clashes' place and the rolling dice's beside the side dock in presentation.module.css):
 * change them together.
 */
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_WIDTH } from '../lib/phone-width.js';

/** A touch screen held sideways, short: a phone's, whatever its width. */
const TOUCH_SIDEWAYS = '(max-height: 500px) and (orientation: landscape) and (pointer: coarse)';

/** The game's phone layout: a phone's width, or a phone held sideways. */
export const PHONE_LAYOUT = `${PHONE_WIDTH}, ${TOUCH_SIDEWAYS}`;

/** The panel down the screen's side: the phone layout held sideways (a phone's width held so, or any touch screen). */
export const SIDE_DOCK = `(max-width: 767px) and (max-height: 500px) and (orientation: landscape), ${TOUCH_SIDEWAYS}`;

/** Whether the game takes its phone layout (answered on the first render, as usePhoneWidth is). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT, undefined, { getInitialValueInEffect: false });
}

/** The window's part the docked action panel leaves free: above it, or left of it. */
export interface FreeScreen {
  bottom: number;
  right: number;
}

/**
 * The free part of the window as the page stands now: a panel that starts at the window's left
 * edge lies across its foot, one that starts further right stands down its side.
 */
export function screenBesideDock(): FreeScreen {
  const whole = { bottom: window.innerHeight, right: window.innerWidth };
  const panel = document.querySelector('.docked-action-panel');
  if (!panel) return whole;
  const box = panel.getBoundingClientRect();
  return box.left > 0 ? { ...whole, right: box.left } : { ...whole, bottom: box.top };
}
