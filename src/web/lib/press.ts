/**
 * Touching and holding, the one way on every screen: a card opens in the reader, a player's
 * summary opens their details, the game's chat button opens the chat. `useHold` fires once a
 * press has lasted `HOLD_MS`, unless the finger moved away first (the page scrolls instead);
 * `useLongPress` also fires on a plain click, once per press.
 *
 * The click a hold ends with lands where the finger was: on what was held (it must not act on it
 * again) or, once what the hold opened is showing, on a dialog's overlay, which closed the dialog
 * as it opened (a card's reader on a phone held sideways stands in the screen's middle, rarely
 * under the finger).
 * So the lift after a hold swallows the one click that follows it, wherever it lands; a browser may
 * send none, so only for a moment.
 */
import { useEffect, useRef } from 'react';

export const HOLD_MS = 450;
/** How far a finger may drift while holding: further, and it is a scroll, not a hold. */
export const HOLD_SLOP_PX = 10;
/** How long after a hold's finger lifts its click may come: a browser that sends none leaves the next click to the player. */
const HOLD_CLICK_MS = 600;

interface PointerLike {
  pointerType: string;
  isPrimary: boolean;
  clientX: number;
  clientY: number;
}

/** Fires `onHold` when a press lasts `HOLD_MS`; `touchOnly` ignores the mouse and the pen. */
export function useHold(onHold: () => void, options: { touchOnly?: boolean } = {}) {
  const { touchOnly = false } = options;
  const held = useRef<{ timer: number; x: number; y: number } | null>(null);
  /** Whether the press under way fired: the lift swallows its closing click. */
  const fired = useRef(false);
  const release = () => {
    if (held.current) window.clearTimeout(held.current.timer);
    held.current = null;
  };
  useEffect(() => release, []);
  return {
    /** Whether a press is being held now. */
    holding: () => held.current !== null,
    handlers: {
      onPointerDown: (e: PointerLike) => {
        // A new press starts afresh, whatever the last one left (a browser may send no click after it).
        fired.current = false;
        release();
        if (!e.isPrimary || (touchOnly && e.pointerType !== 'touch')) return;
        const timer = window.setTimeout(() => {
          held.current = null;
          fired.current = true;
          onHold();
        }, HOLD_MS);
        held.current = { timer, x: e.clientX, y: e.clientY };
      },
      onPointerMove: (e: PointerLike) => {
        const h = held.current;
        if (h && Math.hypot(e.clientX - h.x, e.clientY - h.y) > HOLD_SLOP_PX) release();
      },
      // Lifting the finger, or the browser taking the pointer to scroll, ends it.
      onPointerUp: () => {
        release();
        if (!fired.current) return;
        fired.current = false;
        swallowNextClick();
      },
      onPointerCancel: release,
    },
  };
}

/** Fires `onPress` on a click or on a long press, once per press. */
export function useLongPress(onPress: () => void) {
  const { handlers } = useHold(onPress);
  return {
    ...handlers,
    onPointerLeave: handlers.onPointerUp,
    // A long press already opened it: the lift swallows the click that ends it (useHold).
    onClick: onPress,
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
  };
}

/** Swallows the next click anywhere on the page, if it comes within HOLD_CLICK_MS (the click that ends a hold). */
function swallowNextClick(): void {
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    stop();
  };
  const stop = () => {
    document.removeEventListener('click', swallow, true);
    window.clearTimeout(timer);
  };
  document.addEventListener('click', swallow, true);
  const timer = window.setTimeout(stop, HOLD_CLICK_MS);
}
