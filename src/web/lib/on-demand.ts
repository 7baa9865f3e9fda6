/**
 * A module loaded when it is first wanted (a hover, a focus, a click), not with the page: for code
 * that only an interaction shows, such as a popover's positioning (floating-ui) or a tooltip.
 * `use()` gives the module once loaded (null before, and the component draws its plain version) and
 * `load()` starts loading it; every component using the same module re-renders when it arrives. A
 * failed load (the network) may be tried again by the next `load()`.
 */
import { useSyncExternalStore } from 'react';

export interface OnDemand<T> {
  use(): T | null;
  load(): void;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
      },
      () => {
        loading = null;
      },
    );
  };
  return { use: () => useSyncExternalStore(subscribe, () => loaded, () => loaded), load };
}
