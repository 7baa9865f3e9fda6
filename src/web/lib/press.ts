/**
 * Touching and holding, the one way on every screen: a card opens in the reader, a player's
 * summary opens their details, the game's chat button opens the chat. `useHold` fires once a
 * press has lasted `HOLD_MS`, unless the finger moved away first (the page scrolls instead);
 * `useLongPress` also fires on a plain click, once per press.
 */
import { useEffect, useRef } from 'react';

export const HOLD_MS = 450;
/** How far a finger may drift while holding: further, and it is a scroll, not a hold. */
export const HOLD_SLOP_PX = 10;

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
  /** Whether the press that just ended fired: its closing click must not act again. */
  const fired = useRef(false);
  const release = () => {
    if (held.current) window.clearTimeout(held.current.timer);
    held.current = null;
  };
  useEffect(() => release, []);
  return {
    fired,
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
      onPointerUp: release,
      onPointerCancel: release,
    },
  };
}

/** Fires `onPress` on a click or on a long press, once per press. */
export function useLongPress(onPress: () => void) {
  const { fired, handlers } = useHold(onPress);
  return {
    ...handlers,
    onPointerLeave: handlers.onPointerUp,
    onClick: () => {
      // A long press already opened it; the click that ends it must not do it twice.
      if (!fired.current) onPress();
      fired.current = false;
    },
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
  };
}
