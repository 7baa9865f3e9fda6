/**
 * The "you scored" moment: when the viewer's favor goes up in a step, a short "+3 favor" floats up
 * beside their favor badge and fades (about 2 s). It never takes a click or the focus, and screen
 * readers hear it once. With the system's reduced motion or the 'Disable Animations' preference it
 * stands still for the same time instead of floating. When the badge is out of sight (scrolled
 * away) it shows at the foot of the screen instead, above a phone's docked action panel (the top
 * of the screen is where a clash's dice show).
 *
 * No cue on the screen's first sight of the game, for another player, or while favor is hidden
 * (hideFavor: favor reads 0 until the end, and the end's jump is the reveal, not a score).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDisableAnimations } from './presentation/index.js';
import { screenBesideDock } from './dock.js';
import classes from './favor-cue.module.css';

/** How long a cue stays on screen, in ms. */
export const FAVOR_CUE_MS = 2200;

export interface FavorGain {
  /** A new id for each gain, so a second gain while the first shows starts over. */
  id: number;
  amount: number;
}

let nextID = 1;

/** The latest rise of `favor` (null when none is showing); `watch` false for a spectator's view of others. */
export function useFavorGain(favor: number, watch: boolean): FavorGain | null {
  const last = useRef<number | null>(null);
  const [gain, setGain] = useState<FavorGain | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = watch ? favor : null;
    if (before !== null && watch && favor > before) setGain({ id: nextID++, amount: favor - before });
  }, [favor, watch]);
  useEffect(() => {
    if (!gain) return;
    const timer = window.setTimeout(() => setGain(null), FAVOR_CUE_MS);
    return () => window.clearTimeout(timer);
  }, [gain]);
  return gain;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Whether `element` is on screen: under the site's sticky header and above a docked action panel. */
function inSight(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const top = document.querySelector('[data-site-header]')?.getBoundingClientRect().bottom ?? 0;
  const { bottom, right } = screenBesideDock();
  return box.width > 0 && box.top >= top && box.bottom <= bottom && box.left >= 0 && box.right <= right;
}

/**
 * Wraps the favor badge: the cue floats from it. `placement` 'right' beside the badge (a desktop's
 * summary has room there), 'above' over the row above it (a phone's summary has tokens beside it).
 */
export function FavorCueAnchor({ gain, placement, children }: { gain: FavorGain | null; placement: 'right' | 'above'; children: ReactNode }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [away, setAway] = useState<{ id: number; bottom: number; left: number } | null>(null);
  const off = useDisableAnimations();
  useEffect(() => {
    if (!gain) return;
    // Measured once the frame showing the gain has been laid out and painted, when reading the
    // boxes costs nothing. Read in the commit, they made the browser lay the whole table out a
    // second time inside the step's task (the step's new rows and a clash's flying cards): 9-19 ms
    // of the longest tasks while a clash played. Meanwhile the cue floats from its badge, which is
    // where it stays when the badge is in sight; when it is not, neither is that one frame of it.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (!anchor.current) return;
        // Centred on the part of the screen a docked panel leaves free, above it or beside it.
        const free = screenBesideDock();
        const bottom = free.bottom < window.innerHeight ? window.innerHeight - free.bottom + 12 : 24;
        setAway(inSight(anchor.current) ? null : { id: gain.id, bottom, left: free.right / 2 });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [gain]);
  const still = off || prefersReducedMotion();
  const text = gain ? `+${gain.amount} favor` : '';
  const cue = (className: string) =>
    gain ? (
      <span key={gain.id} className={className} data-testid="favor-cue" data-still={still ? 'true' : undefined} aria-hidden>
        {text}
      </span>
    ) : null;
  const elsewhere = gain !== null && away?.id === gain.id;
  return (
    <span ref={anchor} className={classes.anchor}>
      {children}
      {elsewhere ? null : cue(`${classes.cue} ${classes[placement]}`)}
      {elsewhere ? createPortal(<div className={classes.toast} data-favor-toast style={{ bottom: away.bottom, left: away.left }}>{cue(`${classes.cue} ${classes.toasted}`)}</div>, document.body) : null}
      {/* Heard once, whatever is shown: a live region that stays mounted. */}
      <span role="status" className="mythos-visually-hidden">
        {gain ? `You gained ${gain.amount} favor` : ''}
      </span>
    </span>
  );
}
