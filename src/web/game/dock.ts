/**
 * Where a phone's action panel is docked. Across the foot of the screen on a phone held upright.
 * Down the screen's right side on a phone held sideways (a phone's width, under 500 px tall, wider
 * than tall): across the foot of a 740x360 screen the panel took 192 of its 360 px, and the trade
 * row showed above it with its cards cut through. Beside the table, the row stands whole and
 * Submit stays under the right thumb. The styles dock the panel by the same query
 * (game-screen.module.css's side dock): change the two together.
 */
export const SIDE_DOCK = '(max-width: 767px) and (max-height: 500px) and (orientation: landscape)';

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
