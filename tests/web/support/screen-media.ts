/**
 * A screen for a component test: happy-dom answers no media query, so the site's own questions
 * (a phone's width, the system's wish for less motion) are answered here, through `matchMedia`.
 * Undone by `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

/** The width under which the site lays a page out for a phone (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 767px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** A phone's screen (under 768 px wide) or a desktop's, with the system's setting for less motion or without. */
export function stubScreen({ phone, reducedMotion = false }: { phone: boolean; reducedMotion?: boolean }): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: (phone && query === PHONE_QUERY) || (reducedMotion && query === REDUCED_MOTION_QUERY),
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
