/**
 * The Expert Bot's gain (RESOLVE) choice, searched: each card it can afford is gained in worlds
 * sampled from its resolution-phase view (determinizeResolution: the decks reshuffled, the
 * generator fresh, the rivals' gains, hidden until the phase ends, chosen afresh), the rest of the
 * turn played by the Advanced Bot's likeliest answers (the rivals' gains, the tributes, the next
 * turn's deal and production), and the position then valued by basic_bot2's worth against the
 * strongest rival, as bid-search.ts values bids. Every choice is valued in the same worlds.
 */
import { pendingDecision, type CardID, type GameView, type Rng, type UserID } from '../engine/index.js';
import { likeliestBasicBot } from './basic-bot.js';
import { BASIC_BOT2_TUNING } from './basic-bot2.js';
import { determinizeResolution } from './determinize.js';
import { finishTurn, play, standing } from './rollout.js';

export interface GainSearch {
  /** The affordable cards, in the decision's order (the won card first, then the basic pile). */
  cardIDs: CardID[];
  /** Each card's mean standing over the worlds (empty values when there was nothing to search). */
  means: number[];
  worlds: number;
}

/**
 * The affordable gains' values over `worlds` sampled worlds (no search when there is one choice or
 * none); with `thinkMs`, a world is begun only if one more of the average so far still fits.
 */
export function searchGain(view: GameView, userID: UserID, rng: Rng, worlds: number, thinkMs?: number): GainSearch {
  const began = performance.now();
  const decision = pendingDecision(view, userID);
  if (decision?.type !== 'RESOLVE') return { cardIDs: [], means: [], worlds: 0 };
  const cardIDs = decision.choices.filter((c) => c.affordable).map((c) => c.cardID);
  if (cardIDs.length <= 1) return { cardIDs, means: cardIDs.map(() => 0), worlds: 0 };
  const sums = cardIDs.map(() => 0);
  let done = 0;
  for (; done < worlds; done++) {
    if (thinkMs !== undefined && done > 0) {
      const spent = performance.now() - began;
      if (spent + spent / done > thinkMs) break;
    }
    const world = determinizeResolution(view, rng);
    cardIDs.forEach((cardID, i) => {
      const game = play(world, userID, { type: 'RESOLVE', resolve: { cardIDToGain: cardID } });
      sums[i]! += standing(finishTurn(game, likeliestBasicBot, rng, 1), userID, BASIC_BOT2_TUNING);
    });
  }
  return { cardIDs, means: sums.map((s) => s / Math.max(1, done)), worlds: done };
}
