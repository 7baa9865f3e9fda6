/**
 * The live odds' Web Worker: the spectator's browser plays the rollouts (src/bots/odds.ts), so
 * the odds cost the server nothing. It gets a view (what this page was sent, never more), a
 * sampling seed and a time budget, and answers the shares. Its own chunk: the game page loads it
 * only when the bar is shown.
 */
import { oddsFor, type OddsShares } from '../../bots/odds.js';
import type { GameView } from '../../engine/index.js';

export interface OddsRequest {
  view: GameView;
  seed: number;
  budgetMs: number;
  maxRollouts: number;
  /** Rollouts played whatever the budget (a step of the chart over a game gets a few at least). */
  minRollouts?: number;
}

export interface OddsAnswer {
  sequenceID: number;
  shares: OddsShares;
  rollouts: number;
}

const scope = self as unknown as { onmessage: ((e: MessageEvent<OddsRequest>) => void) | null; postMessage: (answer: OddsAnswer) => void };

scope.onmessage = (e) => {
  const { view, seed, budgetMs, maxRollouts, minRollouts = 1 } = e.data;
  const until = performance.now() + budgetMs;
  // `stop` is asked before each rollout after the first: its n-th call comes after n rollouts.
  let played = 0;
  const { shares, rollouts } = oddsFor(view, { seed, rollouts: maxRollouts, stop: () => ++played >= minRollouts && performance.now() > until });
  scope.postMessage({ sequenceID: view.sequenceID, shares, rollouts });
};
