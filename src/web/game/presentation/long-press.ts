/** Press handlers that fire on a click or on a long press (500 ms by default), once per press. */
import { useEffect, useRef } from 'react';

export const LONG_PRESS_MS = 500;

export function useLongPress(onPress: () => void, ms = LONG_PRESS_MS) {
  const timer = useRef<number | null>(null);
  const fired = useRef(false);
  const clear = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clear, []);
  return {
    onPointerDown: () => {
      fired.current = false;
      clear();
      timer.current = window.setTimeout(() => {
        fired.current = true;
        onPress();
      }, ms);
    },
    onPointerUp: clear,
    onPointerLeave: clear,
    onPointerCancel: clear,
    onClick: () => {
      clear();
      // A long press already opened it; the click that ends it must not do it twice.
      if (!fired.current) onPress();
      fired.current = false;
    },
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
  };
}
