/**
 * What the animation overlay shows right now (the clashes being rolled), whether input must wait
 * for it, and whether anything still plays. One store for the page: the hook that sees new events
 * writes it, the overlay and the end view read it. `awaiting` is true only until the last round's
 * results are on screen; `playing` until the clashes have finished and the cards have landed.
 */
import type { ClashShow } from './clash-shows.js';
import { COMPLETE_PAUSE_MS } from './clash.js';

export interface ActiveClash extends ClashShow {
  id: number;
  instant: boolean;
  /** performance.now() until which input waits (0 when it need not). */
  awaitUntil: number;
  /**
   * performance.now() after which the clash no longer counts as playing even if its display never
   * said it finished (a display unmounted with its tab): its timeline's end (0 when instant).
   */
  playUntil: number;
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

/** At most this many settled clashes wait in the corner. */
const MAX_DOCKED = 3;

let state: StoreState = { clashes: [], awaiting: false, playing: false, flightsUntil: 0, layer: null, owner: null, inline: 0, heldAt: null };
const listeners = new Set<() => void>();
let awaitTimer: number | null = null;
let playTimer: number | null = null;
let nextID = 1;

function set(next: Partial<StoreState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function refreshAwaiting(): void {
  if (awaitTimer !== null) window.clearTimeout(awaitTimer);
  awaitTimer = null;
  const now = performance.now();
  const until = Math.max(0, ...state.clashes.filter((c) => !c.done).map((c) => c.awaitUntil));
  const awaiting = until > now;
  if (awaiting !== state.awaiting || (!awaiting && state.heldAt !== null)) set({ awaiting, heldAt: awaiting ? state.heldAt : null });
  if (awaiting) awaitTimer = window.setTimeout(refreshAwaiting, until - now + 5);
  refreshPlaying();
}

function refreshPlaying(): void {
  if (playTimer !== null) window.clearTimeout(playTimer);
  playTimer = null;
  const now = performance.now();
  const until = Math.max(state.flightsUntil, ...state.clashes.filter((c) => !c.done).map((c) => c.playUntil));
  const playing = until > now;
  if (playing !== state.playing) set({ playing });
  if (playing) playTimer = window.setTimeout(refreshPlaying, until - now + 5);
}

export const animationStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): StoreState => state,
  claim(id: number): void {
    if (state.owner === null) set({ owner: id });
  },
  release(id: number): void {
    if (state.owner === id) set({ owner: null, layer: null });
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
      return { ...show, id: nextID++, instant, awaitUntil, playUntil: instant ? 0 : awaitUntil + COMPLETE_PAUSE_MS, done: false };
    });
    // A clash shown again (a new round, or settled) replaces its earlier display.
    const keys = new Set(fresh.map((c) => c.key));
    // Held from the first of overlapping clashes: the list waits for all of them.
    const heldAt = instant ? state.heldAt : (state.heldAt ?? before);
    set({ clashes: [...state.clashes.filter((c) => !keys.has(c.key)), ...fresh], heldAt });
    refreshAwaiting();
  },
  /** Cards fly for the next `ms` milliseconds. */
  addFlights(ms: number): void {
    set({ flightsUntil: Math.max(state.flightsUntil, performance.now() + ms) });
    refreshPlaying();
  },
  /** The display finished rolling: input may resume even if the timers said later. */
  settle(id: number): void {
    set({ clashes: state.clashes.map((c) => (c.id === id ? { ...c, awaitUntil: 0 } : c)) });
    refreshAwaiting();
  },
  complete(id: number): void {
    if (state.clashes.find((c) => c.id === id)?.done !== false) return;
    // Shown under the table already: the overlay has nothing more to say.
    const clashes = state.inline > 0 ? state.clashes.filter((c) => c.id !== id) : state.clashes.map((c) => (c.id === id ? { ...c, done: true, awaitUntil: 0 } : c));
    const docked = clashes.filter((c) => c.done);
    const dropped = new Set(docked.slice(0, Math.max(0, docked.length - MAX_DOCKED)).map((c) => c.id));
    set({ clashes: clashes.filter((c) => !dropped.has(c.id)) });
    refreshAwaiting();
  },
  mountInline(): () => void {
    set({ inline: state.inline + 1 });
    return () => set({ inline: state.inline - 1 });
  },
  dismiss(id: number): void {
    set({ clashes: state.clashes.filter((c) => c.id !== id) });
    refreshAwaiting();
  },
  reset(): void {
    set({ clashes: [], awaiting: false, flightsUntil: 0, heldAt: null });
    refreshPlaying();
  },
};
