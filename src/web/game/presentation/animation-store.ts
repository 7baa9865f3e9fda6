/**
 * What the animation overlay shows right now (the clashes being rolled) and whether input must
 * wait for it. One store for the page: the hook that sees new events writes it, the overlay reads
 * it. `awaiting` is true only until the last round's results are on screen.
 */
import type { ClashShow } from './clash-shows.js';

export interface ActiveClash extends ClashShow {
  id: number;
  instant: boolean;
  /** performance.now() until which input waits (0 when it need not). */
  awaitUntil: number;
  /** Rolled and settled: shown small until dismissed or the finish pause ends. */
  done: boolean;
}

interface StoreState {
  clashes: ActiveClash[];
  awaiting: boolean;
  layer: HTMLElement | null;
  /** The one mounted AnimationLayer that draws (it may be mounted from two places). */
  owner: number | null;
  /** How many inline clash displays are mounted: when one is, a settled clash leaves the overlay. */
  inline: number;
}

/** At most this many settled clashes wait in the corner. */
const MAX_DOCKED = 3;

let state: StoreState = { clashes: [], awaiting: false, layer: null, owner: null, inline: 0 };
const listeners = new Set<() => void>();
let awaitTimer: number | null = null;
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
  if (awaiting !== state.awaiting) set({ awaiting });
  if (awaiting) awaitTimer = window.setTimeout(refreshAwaiting, until - now + 5);
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
  addClashes(shows: ClashShow[], instant: boolean, awaitMs: (show: ClashShow) => number): void {
    if (shows.length === 0) return;
    const now = performance.now();
    const fresh = shows.map((show): ActiveClash => ({ ...show, id: nextID++, instant, awaitUntil: instant ? 0 : now + awaitMs(show), done: false }));
    // A clash shown again (a new round, or settled) replaces its earlier display.
    const keys = new Set(fresh.map((c) => c.key));
    set({ clashes: [...state.clashes.filter((c) => !keys.has(c.key)), ...fresh] });
    refreshAwaiting();
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
    set({ clashes: [], awaiting: false });
  },
};
