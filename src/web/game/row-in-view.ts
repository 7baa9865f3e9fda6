/**
 * A bid starts with the trade row in sight. A gain from the basic piles (under the tributes, far
 * down a phone's Table tab) left the page scrolled down there, and the next turn's bid began with
 * the row out of view on phones and desktops alike: the player scrolled back up to see what to bid
 * on. On a short phone (375x667) the docked action panel covered the row's lower half, its costs
 * included, from the first bid on.
 *
 * At each bid's start (once a step: not again after Undo, or a reconnect) the page scrolls by as
 * little as brings the row whole between the sticky headers (the page's scroll padding, set by the
 * game screen) and the docked panel, read from the page as it is now rather than from the padding
 * under the panel, which follows the panel's new height a frame late. Not while the player scrolls
 * (a wheel or a finger in the last second): the page is theirs then. Smooth, unless they asked for
 * less motion (their system's setting, or 'Disable Animations').
 *
 * A gain with a card won on the row starts with that card in sight, the same way, once its clash's
 * dice have settled: with eight seats (a row of ten cards, three lines on a phone) the panel said
 * "You won Council of Seers. Gain it…" over the very card, on its row's third line.
 *
 * The gain's words name the basic piles as a link that brings them into sight the same way, and
 * puts the focus on them: after a lost clash they lay out of view below the clashes and the
 * tributes, and a new player looked for them with Submit waiting.
 */
import { useEffect, useRef } from 'react';
import { prefersReducedMotion, useDisableAnimations } from './presentation/prefs.js';
import { screenBesideDock } from './dock.js';

/** How long after the player's own scrolling the page is left where they put it. */
const THEIRS_MS = 1_000;

/** The room kept between the row's foot and the docked panel. */
const GAP = 8;

/**
 * What a step brings into sight, once a step: the whole trade row at a bid (`slot` null); at a gain,
 * the card won, in its slot on the row.
 */
export interface RowSight {
  /** The step (stepKeyOf). */
  key: string;
  slot: number | null;
}

/** `step`: what the viewer's step now shows, or null while it shows nothing (not the viewer's bid or gain, or not yet). */
export function useRowInViewAtStep(step: RowSight | null): void {
  const animationsOff = useDisableAnimations();
  const scrolledAt = useRef(-Infinity);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const note = () => (scrolledAt.current = performance.now());
    const events = ['wheel', 'touchmove'] as const;
    for (const type of events) window.addEventListener(type, note, { passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, note);
    };
  }, []);
  const key = step?.key ?? null;
  const slot = step?.slot ?? null;
  useEffect(() => {
    if (key === null || shownFor.current === key) return;
    shownFor.current = key;
    const row = document.querySelector('[data-zone="trade-row"]');
    const target = slot === null ? row?.closest('section') : row?.querySelector(`[data-trade-row-index="${slot}"]`);
    // On a phone's other tab there is no row to show; the player who scrolls keeps the page.
    if (!target || performance.now() - scrolledAt.current < THEIRS_MS) return;
    bringIntoSight(target, animationsOff);
  }, [key, slot, animationsOff]);
}

/** The basic piles' section on the page, which the gain's words link to. */
export const BASIC_PILES_ID = 'basic-piles';

/** Brings the basic piles into sight and the focus onto them (their row's one Tab stop), if they are on the page. */
export function showBasicPiles(animationsOff: boolean): void {
  const section = document.getElementById(BASIC_PILES_ID);
  const piles = section?.querySelector('[data-zone="basic-pile"]');
  if (!section || !piles) return;
  bringIntoSight(section, animationsOff);
  // Without a scroll of its own: the one above is the page's, smooth when it may be.
  piles.querySelector<HTMLElement>('[tabindex="0"]')?.focus({ preventScroll: true });
}

/**
 * Scrolls by as little as brings `section` whole between the sticky headers (the page's scroll
 * padding) and the docked panel: up to its top when it is above the window, else down until its
 * foot clears the panel, never so far that its top goes under the headers.
 */
function bringIntoSight(section: Element, animationsOff: boolean): void {
  const { top, bottom } = section.getBoundingClientRect();
  const above = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  // Above a panel docked across the foot; a panel docked down the side leaves the whole height (dock.ts).
  const below = screenBesideDock().bottom - GAP;
  const by = top < above ? top - above : Math.max(0, Math.min(bottom - below, top - above));
  // 'auto' is at once here (the site sets no smooth scroll-behavior); older browsers refuse 'instant'.
  if (by !== 0) window.scrollBy({ top: by, behavior: animationsOff || prefersReducedMotion() ? 'auto' : 'smooth' });
}
