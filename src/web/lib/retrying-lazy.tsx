/**
 * React's `lazy`, that can load again after a load that failed. React keeps a lazy component's
 * first outcome for the life of the page, so a chunk that did not arrive over a dropped connection
 * (a phone pressing CHAT in a tunnel) failed again at every later render, the connection long
 * back: the chat, a dialog or the end of the game said "did not load" until the whole page was
 * reloaded.
 *
 * A failed load is kept, so the render that asked for it shows the failure (a boundary's words),
 * until `tryFailedLoadsAgain()`: the boundaries call it when their part is asked for again (a
 * dialog opened again, Try again, the browser back online, another page visited), and each part
 * that had failed then loads afresh. Replaced at once instead, the next render would load again
 * straight away, and an offline page would load, fail and load again without end.
 *
 * Vite's loader adds a chunk's stylesheet before its script, once per page: a stylesheet that
 * failed to arrive was never asked for again, and the part's next, successful load came unstyled.
 * Such a stylesheet is noted as it fails (`vite:preloadError`) and added anew, by a link of its
 * own, before the next load of any part (a failed link applies nothing: it is left as it is).
 */
// The one place React's lazy is used: everywhere else goes through retryingLazy.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { lazy, type ComponentType } from 'react';

const FAILED_STYLESHEET = /^Unable to preload CSS for (.+)$/;

/** The addresses of stylesheets that failed to arrive. */
const failedStylesheets = new Set<string>();

window.addEventListener('vite:preloadError', (event) => {
  const error = (event as Event & { payload?: unknown }).payload;
  const href = error instanceof Error ? FAILED_STYLESHEET.exec(error.message)?.[1] : undefined;
  if (href !== undefined) failedStylesheets.add(href);
});

/** Adds a stylesheet that failed to arrive anew; fails, in Vite's words, if it fails again. */
const stylesheetAgain = (href: string) =>
  new Promise<void>((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.onload = () => {
      failedStylesheets.delete(href);
      resolve();
    };
    link.onerror = () => reject(new Error(`Unable to preload CSS for ${href}`));
    document.head.append(link);
  });

/** How to load again each part whose last load failed. */
const failed = new Set<() => void>();

/** Each part whose load failed loads afresh at its next render. */
export function tryFailedLoadsAgain(): void {
  // A part is noted again only when its new load fails, later: none is added while this runs.
  failed.forEach((load) => load());
  failed.clear();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy: any component's props
export function retryingLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T {
  let current: ComponentType<object>;
  const make = () => {
    current = lazy<ComponentType<object>>(() =>
      Promise.all([...failedStylesheets].map(stylesheetAgain))
        .then(load)
        .then(
          (module) => ({ default: module.default as ComponentType<object> }),
          (error: unknown) => {
            failed.add(make);
            throw error;
          },
        ),
    );
  };
  make();
  // A component of its own that draws whichever lazy component is current when it renders.
  const Retrying = (props: object) => {
    const Current = current;
    return <Current {...props} />;
  };
  return Retrying as unknown as T;
}
