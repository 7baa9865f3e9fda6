/**
 * The overlay the animations play in: a layer over the page for the flying clones, and the clash
 * dice. A clash rolls in a panel just under the game header, shows its results there for a moment
 * (input waits meanwhile: the panel may cover the rows), then leaves for its summary under the
 * trade row, or, with none mounted, a corner card for the finish pause (15 s) or until closed (a
 * phone's under the game header, the newest alone: the bid panel at its foot stays free).
 * Skip and Close give the board back at once. Only the panels take pointer events.
 */
import { useCallback, useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '@mantine/core';
import type { GameScreenState } from '../model.js';
import { animationStore, type ActiveClash } from './animation-store.js';
import { FINISH_PAUSE_MS } from './clash.js';
import { ClashDice } from './clash-dice.js';
import { focusPanelWhenGone } from './panel-focus.js';
import classes from './presentation.module.css';

function ActiveClashView({ state, clash }: { state: GameScreenState; clash: ActiveClash }) {
  useEffect(() => {
    if (!clash.done) return;
    const timer = window.setTimeout(() => animationStore.dismiss(clash.id), FINISH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [clash.done, clash.id]);
  return (
    <div className={clash.done ? `${classes.clashCard} ${classes.clashCardDone}` : classes.clashCard} data-clash-key={clash.key}>
      <CloseButton
        size="md"
        className={classes.clashClose}
        aria-label="Close clash"
        onClick={(event) => {
          focusPanelWhenGone(event.currentTarget);
          animationStore.dismiss(clash.id);
        }}
      />
      <ClashDice state={state} event={clash.clash} fromRound={clash.fromRound} instant={clash.instant} completed={clash.done} onDone={() => animationStore.complete(clash.id)} />
    </div>
  );
}

/**
 * The rolling panel's top edge: just under the game header while the header is on screen, so the
 * phase, turn, age and timer stay readable (a panel at a fixed top hid the turn chips on windows
 * narrower than about 1,100 px); under the site's sticky header once the game header has scrolled
 * away (the panel drawn over the site's header hid its links); and under the chances to win while
 * they are on screen (`data-above-clashes`): a spectator watches them move as the dice fall, and
 * the panel hid them.
 *
 * Kept up to date all along (on scroll, on resize, and when either header changes size) rather
 * than read when a clash starts: read then, it made the browser lay out the step's new table
 * inside the step's own task (8-11 ms of a clash's arrival), while on a scroll or a resize
 * observation the boxes are already laid out.
 */
function useTopUnderHeader(): number {
  const [top, setTop] = useState(8);
  useEffect(() => {
    const bottom = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().bottom ?? 0;
    const place = () => setTop(Math.round(Math.max(8, bottom('[data-site-header]') + 8, bottom('[data-testid="game-header"]') + 8, bottom('[data-above-clashes]') + 8)));
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    // The game header grows and shrinks (a turn timer, a wrapped line), and what is above it moves
    // it. An observer also reports each element once when it starts, after the page's first
    // layout: that is the first reading (read here, it laid the whole game page out inside the
    // mount's task, 27-92 ms).
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
    if (resized) {
      for (const element of [document.body, document.querySelector('[data-site-header]'), document.querySelector('[data-testid="game-header"]'), document.querySelector('[data-above-clashes]')]) if (element) resized.observe(element);
    } else place();
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      resized?.disconnect();
    };
  }, []);
  return top;
}

export function AnimationLayer({ state }: { state: GameScreenState }) {
  const store = useSyncExternalStore(animationStore.subscribe, animationStore.get, animationStore.get);
  const [id] = useState(animationStore.newOwnerID);
  useEffect(() => () => animationStore.release(id), [id]);
  useEffect(() => {
    if (store.owner === null) animationStore.claim(id);
  }, [store.owner, id]);
  const layerRef = useCallback((element: HTMLDivElement | null) => {
    if (element) animationStore.setLayer(element);
  }, []);
  const rolling = store.clashes.filter((c) => !c.done);
  const top = useTopUnderHeader();
  if (typeof document === 'undefined' || store.owner !== id) return null;
  const done = store.clashes.filter((c) => c.done);
  return createPortal(
    <>
      <div ref={layerRef} className={classes.flyLayer} aria-hidden inert data-testid="animation-layer" />
      {rolling.length > 0 && (
        <div className={classes.clashOverlay} style={{ top, maxHeight: `calc(100vh - ${top + 16}px)` }} role="region" aria-label="Clashes" data-awaiting={store.awaiting || undefined}>
          {rolling.map((clash) => (
            <ActiveClashView key={clash.id} state={state} clash={clash} />
          ))}
        </div>
      )}
      {done.length > 0 && (
        // A phone docks them at the rolling panel's top (--clash-top), not over the bid panel at the foot.
        <div className={classes.clashDock} style={{ '--clash-top': `${top}px` } as CSSProperties} role="region" aria-label="Clash results">
          {done.map((clash) => (
            <ActiveClashView key={clash.id} state={state} clash={clash} />
          ))}
        </div>
      )}
    </>,
    document.body,
  );
}
