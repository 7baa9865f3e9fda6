/**
 * An element's height for the styles that make room for it (the phone's docked action panel, a
 * desktop's sticky game header), as a CSS variable on the page's root, with only whether it has
 * any height as React state. Mantine's `useElementSize` kept the height itself as state, so each
 * change of the panel's height (a new decision, a message under it) rendered the whole game screen
 * again at once: about 50 ms of a desktop's main thread for one pixel of padding.
 */
import { useCallback, useRef, useState } from 'react';

/** The height is the border box's, as `useElementSize` measured it (the element's padding counted). */
export function useHeightVariable(name: `--${string}`): { ref: (element: HTMLElement | null) => () => void; shown: boolean } {
  const [shown, setShown] = useState(false);
  // The way to stop watching the element watched now: React calls the cleanup a ref callback
  // returns, and a component that passes the ref on through a merged ref calls it with null.
  const stop = useRef<(() => void) | null>(null);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = null;
      if (!element || typeof ResizeObserver === 'undefined') return () => undefined;
      const root = document.documentElement.style;
      const observer = new ResizeObserver(([entry]) => {
        const height = entry ? (entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height) : 0;
        root.setProperty(name, `${height}px`);
        setShown(height > 0);
      });
      observer.observe(element);
      const cleanup = () => {
        if (stop.current !== cleanup) return;
        stop.current = null;
        observer.disconnect();
        root.removeProperty(name);
        setShown(false);
      };
      stop.current = cleanup;
      return cleanup;
    },
    [name],
  );
  return { ref, shown };
}
