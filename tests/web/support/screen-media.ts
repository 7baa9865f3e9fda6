/**
 * A screen for a component test: happy-dom answers no media query, so the site's own questions
 * (a phone's width, the system's wish for less motion) are answered here, through `matchMedia`.
 * Undone by `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';
import { SIDE_DOCK } from '../../../src/web/game/dock.js';

/** The width under which the site lays a page out for a phone (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 767px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** A screen under 500 px tall, and a phone's held sideways, where the action panel docks down the side (src/web/game/dock.ts). */
export const SHORT_QUERY = '(max-height: 500px)';

/**
 * A phone's screen (under 768 px wide) or a desktop's, with the system's setting for less motion or
 * without; `sideways`, a phone held sideways (short, and wider than tall).
 */
export function stubScreen({ phone, reducedMotion = false, sideways = false }: { phone: boolean; reducedMotion?: boolean; sideways?: boolean }): void {
  // A query of several (comma-separated) matches when one of them does.
  const answers = (part: string) => (phone && part === PHONE_QUERY) || (reducedMotion && part === REDUCED_MOTION_QUERY) || (sideways && part === SHORT_QUERY);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: (sideways && phone && query === SIDE_DOCK) || query.split(',').some((part) => answers(part.trim())),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * happy-dom lays nothing out, so the screen's size hooks are told each element's box as it is
 * watched: `heightOf` its height, every element a phone's width. Undone by `vi.unstubAllGlobals()`.
 */
export function stubResizeObserver(heightOf: (element: Element) => number, width = 375): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(element: Element) {
        const height = heightOf(element);
        this.report([{ target: element, borderBoxSize: [{ inlineSize: width, blockSize: height }], contentRect: { x: 0, y: 0, width, height } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
