/**
 * The live odds' Web Worker: the spectator's browser plays the rollouts (src/bots/odds.ts), so
 * the odds cost the server nothing. It gets a view (what this page was sent, never more), a
 * sampling seed and the kind of answer wanted; it plays the count of rollouts the step gets
 * (`rolloutsFor`), fixed as the seed is, and answers the shares: the same on every device, however
 * long this one takes. Its own chunk: the game page loads it only when the bar is shown.
 */
import { gameProgress, oddsFor, type OddsShares } from '../../bots/odds.js';
import type { GameView } from '../../engine/index.js';

/** The game's card set: the same at every step of a game, so the worker is sent it once. */
export type CardSet = Pick<GameView, 'cardsByID' | 'tributeCardsByID'>;

export interface OddsRequest {
  /** The spectator's view of the step, without its card set. */
  view: Omit<GameView, keyof CardSet>;
  /**
   * The view's card set when it is not the one the worker was sent last (a page's first ask, or
   * another game's): written out with every step, it was 85 of a request's 88 KB.
   */
  cards?: CardSet;
  seed: number;
  /** A bar's step or a point of the chart: the count of rollouts follows (`rolloutsFor`). */
  kind: 'bar' | 'chart';
}

export interface OddsAnswer {
  sequenceID: number;
  shares: OddsShares;
  rollouts: number;
}

/**
 * How many rollouts a step gets: a number fixed by what everyone sees (how far the game is), never
 * by how fast the device is, so every page shows the same odds for the same step (the sampling seed
 * comes from what the step shows too: `samplingSeed`). With a time budget instead (1.5 s for a
 * bar, 120 ms for a chart's point), a phone and a desktop watching one game read 44% and 47% for the same player, and their charts
 * named different turning points. A slower device takes longer over the same answer; meanwhile the
 * bar shows the step before, and the chart its progress.
 */
/**
 * A bar's step (the live game's, or the replay's shown step): 64 rollouts at the start, when each
 * plays a whole game (about 16 ms each in a 3-player game on a 2-core server, so about 1 s), up to
 * 200 near the end, when each plays a few turns (1 to 3 ms).
 */
export function barRollouts(view: Pick<GameView, 'age' | 'turn' | 'turnsPerAge'>): number {
  return Math.round(64 + 136 * gameProgress(view));
}

/**
 * One point of the odds over a whole game: few, so a game takes a few seconds, yet 12 (with one or
 * two, early steps came out 0% or 100% and the turning points were noise).
 */
export const CHART_ROLLOUTS = 12;

export const rolloutsFor = (kind: 'bar' | 'chart', view: Pick<GameView, 'age' | 'turn' | 'turnsPerAge'>): number => (kind === 'bar' ? barRollouts(view) : CHART_ROLLOUTS);

const scope = self as unknown as { onmessage: ((e: MessageEvent<OddsRequest>) => void) | null; postMessage: (answer: OddsAnswer) => void };

/** The card set last sent: requests come in the order they were posted, so it is their game's. */
let cards: CardSet | null = null;

scope.onmessage = (e) => {
  const { seed, kind } = e.data;
  cards = e.data.cards ?? cards;
  if (!cards) throw new Error('odds worker: asked about a step before its game\'s card set');
  const view: GameView = { ...e.data.view, ...cards };
  const { shares, rollouts } = oddsFor(view, { seed, rollouts: rolloutsFor(kind, view) });
  scope.postMessage({ sequenceID: view.sequenceID, shares, rollouts });
};
