/**
 * The clash dice (clash-dice-view.tsx) as the screen imports them: a chunk of their own, not in a
 * game's first load, since no clash shows before a turn's bids are all in. Their load starts at
 * the first sign of one coming, well before its dice are due: the player's first press or key on
 * the page (a bid takes one), the game's first change after the page opened, or a turn already
 * with clashes to show (`usePreloadClashDice`); on a spectator's page, which nobody need press and
 * whose first change may be the clash itself, once the page is idle. Once here they are drawn
 * straight away; a display due before its chunk (the load started by the clash itself) draws
 * nothing until it comes, and its timeline starts then.
 */
import { Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { retryingLazy } from '../../lib/retrying-lazy.js';
import type * as ViewModule from './clash-dice-view.js';

export type { ClashDisplayProps } from './clash-dice-view.js';

type View = typeof ViewModule.ClashDice;

/** The component once its chunk is here (the same for every display of the page). */
let loaded: View | null = null;
let loading: Promise<View> | null = null;

/** Starts the chunk's load (once; again after a failed one). */
export function loadClashDice(): Promise<View> {
  loading ??= import('./clash-dice-view.js').then(
    (m) => (loaded = m.ClashDice),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazyClashDice = retryingLazy(() => loadClashDice().then((view) => ({ default: view })));

/**
 * Through `lazy` only while the chunk is still to come: a lazy component suspends on its first
 * render even when its chunk is here, and the dice would then start a frame late. Chosen once, when
 * the display is first drawn, so it is never drawn anew (its timeline kept).
 */
export function ClashDice(props: ComponentProps<View>) {
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyClashDice {...props} />
    </Suspense>
  );
}

/**
 * Loads the dice once a clash may be near: at once when `now` (a turn with clashes to show), else
 * at the first press or key anywhere on the page, the first change of `game` after the first
 * render, or (`watching`: a spectator's page) once the page is idle. A failed load is tried again
 * at the next of those.
 */
export function usePreloadClashDice(game: object, now: boolean, watching = false): void {
  const first = useRef(game);
  useEffect(() => {
    if (loaded) return;
    const load = () => void loadClashDice().catch(() => undefined);
    if (now || game !== first.current) {
      load();
      return;
    }
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    const cancelIdle = watching ? whenIdle(load) : null;
    return () => {
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
      cancelIdle?.();
    };
  }, [game, now, watching]);
}

/**
 * Runs `run` when the browser is next idle (within 3 s), or after a second in a browser with no
 * idle callback; returns the way to call it off. Not for a player's page: the dice's chunk
 * stays out of a player's first load, which a press brings soon enough.
 */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 3_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1_000);
  return () => clearTimeout(id);
}
