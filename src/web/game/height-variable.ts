/**
 * An element's height for the styles that make room for it (the phone's docked action panel, a
 * desktop's sticky game header), as a CSS variable, with only whether it has any height as React
 * state. Mantine's `useElementSize` kept the height itself as state, so each change of the panel's
 * height (a new decision, a message under it) rendered the whole game screen again at once: about
 * 50 ms of a desktop's main thread for one pixel of padding.
 *
 * The variable is written to the page's root, for the root's scroll padding, and to the element
 * that makes room with it (`target`). It is registered as not inherited (game-screen.module.css):
 * inherited from the root, each new height restyled every element of the page (20-30 ms of a game's
 * page, about 800 elements), where the two elements alone take a fraction of a millisecond.
 */
import { useCallback, useRef, useState } from 'react';

type RefCallback = (element: HTMLElement | null) => () => void;

/** The height is the border box's, as `useElementSize` measured it (the element's padding counted). */
export function useHeightVariable(name: `--${string}`): { ref: RefCallback; target: RefCallback; shown: boolean } {
  const [shown, setShown] = useState(false);
  // The way to stop watching the element watched now: React calls the cleanup a ref callback
  // returns, and a component that passes the ref on through a merged ref calls it with null.
  const stop = useRef<(() => void) | null>(null);
  // The element that makes room, and the height last measured (written to it when it comes later).
  const room = useRef<HTMLElement | null>(null);
  const height = useRef<string | null>(null);
  const write = useCallback(
    (value: string | null) => {
      height.current = value;
      for (const style of [document.documentElement.style, room.current?.style]) {
        if (!style) continue;
        if (value === null) style.removeProperty(name);
        else style.setProperty(name, value);
      }
    },
    [name],
  );
  const ref = useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = null;
      if (!element || typeof ResizeObserver === 'undefined') return () => undefined;
      const observer = new ResizeObserver(([entry]) => {
        const measured = entry ? (entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height) : 0;
        write(`${measured}px`);
        setShown(measured > 0);
      });
      observer.observe(element);
      const cleanup = () => {
        if (stop.current !== cleanup) return;
        stop.current = null;
        observer.disconnect();
        write(null);
        setShown(false);
      };
      stop.current = cleanup;
      return cleanup;
    },
    [write],
  );
  const target = useCallback(
    (element: HTMLElement | null) => {
      room.current = element;
      if (element && height.current !== null) element.style.setProperty(name, height.current);
      return () => {
        if (room.current === element) room.current = null;
      };
    },
    [name],
  );
  return { ref, target, shown };
}
