/**
 * A clash panel's button pressed with the focus on it (Skip, Close) takes the panel away and the
 * focus with it: the page's body had it, the next Tab started at the page's top, and a screen
 * reader was told nothing. It goes to the action panel (found by its data attribute), which says
 * what the clash led to, as after Submit. Tried over a few moments, as a panel leaves once its
 * results are drawn; a focus put elsewhere meanwhile is left where it is.
 */
import { focusIsLost } from '../../lib/focus.js';

export function focusPanelWhenGone(pressed: Element): void {
  if (pressed !== document.activeElement) return;
  for (const ms of [0, 100, 400]) {
    window.setTimeout(() => {
      if (focusIsLost()) document.querySelector<HTMLElement>('[data-action-panel]')?.focus({ preventScroll: true });
    }, ms);
  }
}
