/**
 * The page's one odds worker (odds-worker.ts) and the only way to it: the live bar, the replay's
 * bar and the odds-over-time chart all ask here, so every odds shown comes from the same code
 * (src/bots/odds.ts `oddsFor`, in the worker) and from the spectator's view only.
 *
 * Two lanes. `now` is a bar's: only its newest waiting view counts (one replaced while it waits is
 * answered null). `later` is the chart's, in order. The worker takes one view at a time, `now`
 * first, so a bar waits at most for one small chart step. The worker starts with its first user
 * and ends with its last (nobody watching costs nothing).
 */
import type { GameView } from '../../engine/view.js';
import type { CardSet, OddsAnswer, OddsRequest } from './odds-worker.js';

export type OddsShares = Record<string, number>;

/**
 * What a step is asked for: a bar's odds or a point of the chart over a game. The worker turns it
 * into a count of rollouts fixed by the step (`rolloutsFor`), never by this device's speed.
 */
export type OddsKind = OddsRequest['kind'];

export { spectatorView } from './spectator-view.js';

interface Ask {
  view: GameView;
  /** The view's `samplingSeed`, worked out by the caller (which compares steps by it). */
  seed: number;
  kind: OddsKind;
  resolve: (answer: OddsAnswer | null) => void;
}

class OddsWorker {
  private readonly worker = new Worker(new URL('./odds-worker.ts', import.meta.url), { type: 'module' });
  private busy: Ask | null = null;
  private now: Ask | null = null;
  private readonly later: Ask[] = [];
  /** The card set the worker holds (sent with the first step of its game). */
  private cardsSent: CardSet | null = null;

  constructor() {
    this.worker.onmessage = (e: MessageEvent<OddsAnswer>) => {
      const done = this.busy;
      this.busy = null;
      done?.resolve(e.data);
      this.next();
    };
  }

  ask(view: GameView, seed: number, kind: OddsKind, lane: 'now' | 'later'): Promise<OddsAnswer | null> {
    return new Promise((resolve) => {
      const ask = { view, seed, kind, resolve };
      if (lane === 'later') this.later.push(ask);
      else {
        this.now?.resolve(null);
        this.now = ask;
      }
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    const ask = this.now ?? this.later.shift() ?? null;
    if (ask === this.now) this.now = null;
    if (!ask) return;
    this.busy = ask;
    // The sampling seed and the count: from what the step shows, so the same step always gets the same odds.
    const { cardsByID, tributeCardsByID, ...view } = ask.view;
    const sent = this.cardsSent;
    const cards = sent?.cardsByID === cardsByID && sent.tributeCardsByID === tributeCardsByID ? undefined : { cardsByID, tributeCardsByID };
    if (cards) this.cardsSent = cards;
    this.worker.postMessage({ view, seed: ask.seed, kind: ask.kind, ...(cards ? { cards } : {}) } satisfies OddsRequest);
  }

  end(): void {
    this.worker.terminate();
    for (const ask of [this.busy, this.now, ...this.later]) ask?.resolve(null);
    this.busy = this.now = null;
    this.later.length = 0;
  }
}

let shared: OddsWorker | null = null;
let users = 0;

/** A handle on the page's odds worker; `release` when done (the last one ends the worker). */
export interface OddsHandle {
  /** `seed`: the view's `samplingSeed` (spectator-view.ts). */
  ask(view: GameView, seed: number, kind: OddsKind, lane: 'now' | 'later'): Promise<OddsAnswer | null>;
  release(): void;
}

export function acquireOdds(): OddsHandle {
  shared ??= new OddsWorker();
  users++;
  let released = false;
  return {
    ask: (view, seed, kind, lane) => (released || !shared ? Promise.resolve(null) : shared.ask(view, seed, kind, lane)),
    release() {
      if (released) return;
      released = true;
      if (--users === 0) {
        shared?.end();
        shared = null;
      }
    },
  };
}
