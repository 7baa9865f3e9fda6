/**
 * What the animation overlay shows right now (the clashes being rolled), whether input must wait
 * for it, and whether anything still plays. One store for the page: the hook that sees new events
 * writes it, the overlay and the end view read it. `awaiting` is true while a clash's panel stands
 * over the board (its dice, then its results for a moment): a row that could be picked under it
 * was half hidden, and the panel, growing as the results came, took the release of a click meant
 * for a card. `dealing` is true while a new trade row is being dealt (a new age's): a bid on the
 * row waits for its cards. `playing` is true until the clashes have finished and the cards have
 * landed.
 */
import type { ClashShow } from './clash-shows.js';

export interface ActiveClash extends ClashShow {
  id: number;
  instant: boolean;
  /**
   * performance.now() of the timeline's end (0 when instant), when the panel should leave the
   * board. Input waits until the display says it completed (then, or sooner after Skip) or is
   * closed; a display unmounted with its tab never says so, and this time then ends the wait.
   */
  awaitUntil: number;
  /** Rolled and settled: shown small until dismissed or the finish pause ends. */
  done: boolean;
}

interface StoreState {
  clashes: ActiveClash[];
  awaiting: boolean;
  /** A clash is rolling or cards are flying: the end of the game is not shown before they finish. */
  playing: boolean;
  /** performance.now() until which the cards of the latest batch fly. */
  flightsUntil: number;
  /** A new trade row is being dealt (a new age's): its cards are not there yet to be bid on. */
  dealing: boolean;
  /** performance.now() when the last of them lands, as planned when its step came. */
  dealtAt: number;
  /**
   * New rows whose cards are on their way on screen, until the runner says they landed: a busy
   * page drew the deal's first frame late (0.4 s and more), and the planned time ended first.
   */
  landing: ReadonlySet<number>;
  layer: HTMLElement | null;
  /** The one mounted AnimationLayer that draws (it may be mounted from two places). */
  owner: number | null;
  /** How many inline clash displays are mounted: when one is, a settled clash leaves the overlay. */
  inline: number;
  /**
   * While a clash is being rolled: how many events the game had before the update that brought
   * it. The player list shows the game as it was then, so no counter tells the result before the
   * dice do (the loser's new reroll token, the winner's spent military). Null otherwise.
   */
  heldAt: number | null;
}

/** At most this many settled clashes wait in the corner (a phone shows the newest alone: presentation.module.css). */
const MAX_DOCKED = 3;

let state: StoreState = { clashes: [], awaiting: false, playing: false, flightsUntil: 0, dealing: false, dealtAt: 0, landing: new Set(), layer: null, owner: null, inline: 0, heldAt: null };
const listeners = new Set<() => void>();
let awaitTimer: number | null = null;
let playTimer: number | null = null;
let nextID = 1;

function set(next: Partial<StoreState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

/**
 * How long past its timeline's end a clash still counts while its display is mounted. The display
 * says when it completed; the store's own timer, started a little before the display's, fired
 * first and let input in for a few milliseconds with the results still over the board. The margin
 * only keeps a display that never says so (it should not happen) from holding input for good.
 */
const DISPLAY_MARGIN_MS = 5_000;

/**
 * Until when a clash still counts as on the board: with a display mounted to say when it leaves,
 * its timeline's end plus the margin; with none (unmounted with a phone's tab), the end alone.
 * An instant clash (a hidden tab) never counts.
 */
function countsUntil(clash: ActiveClash): number {
  if (clash.done || clash.instant) return 0;
  return clash.awaitUntil + (state.owner !== null ? DISPLAY_MARGIN_MS : 0);
}

function refreshAwaiting(): void {
  if (awaitTimer !== null) window.clearTimeout(awaitTimer);
  awaitTimer = null;
  const now = performance.now();
  const until = Math.max(0, ...state.clashes.map(countsUntil));
  const awaiting = until > now;
  if (awaiting !== state.awaiting || (!awaiting && state.heldAt !== null)) set({ awaiting, heldAt: awaiting ? state.heldAt : null });
  if (awaiting) awaitTimer = window.setTimeout(refreshAwaiting, until - now + 5);
  refreshPlaying();
}

function refreshPlaying(): void {
  if (playTimer !== null) window.clearTimeout(playTimer);
  playTimer = null;
  const now = performance.now();
  const until = Math.max(state.flightsUntil, ...state.clashes.map(countsUntil));
  const playing = until > now;
  // A planned deal is part of the flights: it ends first, or with them.
  const planned = state.dealtAt > now;
  const dealing = planned || state.landing.size > 0;
  if (playing !== state.playing || dealing !== state.dealing) set({ playing, dealing });
  if (playing) playTimer = window.setTimeout(refreshPlaying, (planned ? state.dealtAt : until) - now + 5);
}

export const animationStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): StoreState => state,
  claim(id: number): void {
    if (state.owner !== null) return;
    set({ owner: id });
    refreshAwaiting();
  },
  release(id: number): void {
    if (state.owner !== id) return;
    set({ owner: null, layer: null });
    refreshAwaiting();
  },
  newOwnerID: (): number => nextID++,
  setLayer(layer: HTMLElement | null): void {
    if (state.layer !== layer) set({ layer });
  },
  /** `before`: how many events the game had before the update that brought these clashes. */
  addClashes(shows: ClashShow[], instant: boolean, awaitMs: (show: ClashShow) => number, before: number | null = null): void {
    if (shows.length === 0) return;
    const now = performance.now();
    const fresh = shows.map((show): ActiveClash => {
      const awaitUntil = instant ? 0 : now + awaitMs(show);
      return { ...show, id: nextID++, instant, awaitUntil, done: false };
    });
    // A clash shown again (a new round, or settled) replaces its earlier display.
    const keys = new Set(fresh.map((c) => c.key));
    // Held from the first of overlapping clashes: the list waits for all of them.
    const heldAt = instant ? state.heldAt : (state.heldAt ?? before);
    set({ clashes: [...state.clashes.filter((c) => !keys.has(c.key)), ...fresh], heldAt });
    refreshAwaiting();
  },
  /** Cards fly for the next `ms` milliseconds; the last of a new trade row's lands in `dealtMs` (0: no new row is dealt). */
  addFlights(ms: number, dealtMs = 0): void {
    const now = performance.now();
    set({ flightsUntil: Math.max(state.flightsUntil, now + ms), dealtAt: dealtMs > 0 ? Math.max(state.dealtAt, now + dealtMs) : state.dealtAt });
    refreshPlaying();
  },
  /** A new trade row's cards start their way on screen: the bid waits until the function returned is called, as they land. */
  holdForDeal(): () => void {
    const id = nextID++;
    set({ landing: new Set([...state.landing, id]) });
    refreshPlaying();
    return () => {
      if (!state.landing.has(id)) return;
      set({ landing: new Set([...state.landing].filter((held) => held !== id)) });
      refreshPlaying();
    };
  },
  /** The display completed (its timeline's end, or at once after Skip): the panel leaves the board. */
  complete(id: number): void {
    if (state.clashes.find((c) => c.id === id)?.done !== false) return;
    // Shown under the table already: the overlay has nothing more to say.
    const clashes = state.inline > 0 ? state.clashes.filter((c) => c.id !== id) : state.clashes.map((c) => (c.id === id ? { ...c, done: true, awaitUntil: 0 } : c));
    const docked = clashes.filter((c) => c.done);
    const dropped = new Set(docked.slice(0, Math.max(0, docked.length - MAX_DOCKED)).map((c) => c.id));
    set({ clashes: clashes.filter((c) => !dropped.has(c.id)) });
    refreshAwaiting();
  },
  /** The summary under the trade row shows: the corner's settled clashes go (a phone's Table tab opened). */
  mountInline(): () => void {
    set({ inline: state.inline + 1, clashes: state.clashes.filter((c) => !c.done) });
    return () => set({ inline: state.inline - 1 });
  },
  dismiss(id: number): void {
    set({ clashes: state.clashes.filter((c) => c.id !== id) });
    refreshAwaiting();
  },
  reset(): void {
    set({ clashes: [], awaiting: false, flightsUntil: 0, dealtAt: 0, landing: new Set(), heldAt: null });
    refreshPlaying();
  },
};
