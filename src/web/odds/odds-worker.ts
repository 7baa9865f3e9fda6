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
}

export interface OddsAnswer {
  sequenceID: number;
  shares: OddsShares;
  rollouts: number;
}

const scope = self as unknown as { onmessage: ((e: MessageEvent<OddsRequest>) => void) | null; postMessage: (answer: OddsAnswer) => void };

scope.onmessage = (e) => {
  const { view, seed, budgetMs, maxRollouts } = e.data;
  const until = performance.now() + budgetMs;
  const { shares, rollouts } = oddsFor(view, { seed, rollouts: maxRollouts, stop: () => performance.now() > until });
  scope.postMessage({ sequenceID: view.sequenceID, shares, rollouts });
};
