/**
 * expert_bot: deterministic for a seed and an iteration budget, deciding from its own view alone
 * (the same view over different hidden state gives the same decision from the same rng), and
 * playing whole games to the end with legal moves only (its rollouts throw on a refused action).
 * Small iteration budgets keep the test fast; the search is the same code at any budget.
 */
import { describe, expect, it } from 'vitest';
import { EXPERT_BID_CAP, EXPERT_DEFAULTS, expertBidChances, makeExpertBot, searchExpert } from '../../src/bots/expert-bot.js';
import { MAX_BID_CHANCE } from '../../src/bots/mixed-strategy.js';
import { decisionRng } from '../../src/bots/harness.js';
import { BOTS } from '../../src/bots/index.js';
import { pendingDecision, viewFor, type Game } from '../../src/engine/index.js';
import { runs } from '../support/test-depth.js';
import { annDecisionStates, withHiddenBids, withHiddenOrder } from './hidden-twins.js';
import { playWithExpertSeats } from './random-setup.js';

/** Planning states of a seeded three-player game of Advanced Bots where ann is to bid. */
function planningStates(seed: number, options: Partial<Game['options']>): Game[] {
  return annDecisionStates(seed, options).filter((state) => pendingDecision(state, 'ann')?.type === 'BID');
}

/** The same state with everything ann may not see changed: deck orders, generator, pre-rolled dice, and the others' bids. */
function hiddenTwin(game: Game, salt: number, high: boolean): Game {
  return withHiddenBids(withHiddenOrder(game, salt), 'ann', high ? 'high' : 'low');
}

describe('expert_bot', () => {
  const expert = makeExpertBot({ iterations: 2 });

  it('is registered for everyone as "Expert Bot", searching on the server\'s bot threads', () => {
    expect(BOTS.expert_bot.label).toBe('Expert Bot');
    expect(BOTS.expert_bot.visibility).toBe('visible');
    expect(BOTS.expert_bot.thinks).toBe(true);
  });

  it('is deterministic for a seed and an iteration budget', () => {
    const states = planningStates(5, {}).filter((_, i) => i % 3 === 0);
    expect(states.length).toBeGreaterThan(3);
    for (const state of states) {
      const view = viewFor(state, 'ann');
      const a = searchExpert(view, 'ann', decisionRng(3, 0, state.sequenceID), { iterations: 4 });
      const b = searchExpert(view, 'ann', decisionRng(3, 0, state.sequenceID), { iterations: 4 });
      expect(b).toEqual(a);
      expect(a.iterations === 4 || a.candidates.length <= 1).toBe(true);
      expect(expert(view, 'ann', decisionRng(3, 0, state.sequenceID))).toEqual(expert(view, 'ann', decisionRng(3, 0, state.sequenceID)));
    }
  });

  it(`draws its bid with no bid above ${EXPERT_BID_CAP}, where the other bots stop at ${MAX_BID_CHANCE}`, () => {
    let aboveOthers = 0;
    let drawn = 0;
    for (const state of planningStates(7, {})) {
      const view = viewFor(state, 'ann');
      const search = searchExpert(view, 'ann', decisionRng(2, 0, state.sequenceID), { iterations: 4 });
      if (search.candidates.length <= 1) continue;
      const chances = expertBidChances(search);
      const best = Math.max(...chances.map((c) => c.chance));
      expect(best).toBeLessThanOrEqual(EXPERT_BID_CAP + 1e-12);
      expect(chances.reduce((sum, c) => sum + c.chance, 0)).toBeCloseTo(1, 12);
      if (best > MAX_BID_CHANCE + 1e-9) aboveOthers++;
      drawn++;
    }
    expect(drawn).toBeGreaterThan(5);
    // A clearly best bid is made more often than the other bots' cap would allow.
    expect(aboveOthers).toBeGreaterThan(0);
  });

  it('keeps to a time budget, and options given as undefined keep their defaults', () => {
    const state = planningStates(6, {})[4]!;
    const view = viewFor(state, 'ann');
    // With no limit on iterations, only the time stops it.
    const timedSearch = searchExpert(view, 'ann', decisionRng(1, 0, state.sequenceID), { iterations: Infinity, thinkMs: 60 });
    expect(Number.isFinite(timedSearch.iterations)).toBe(true);
    expect(timedSearch.iterations).toBeGreaterThan(0);
    const byDefault = searchExpert(view, 'ann', decisionRng(1, 0, state.sequenceID), { iterations: undefined, thinkMs: undefined });
    expect(byDefault.iterations).toBe(EXPERT_DEFAULTS.iterations);
  });

  it('decides the same whatever is hidden from it (deck, generator, dice, the others\' bids)', () => {
    let checked = 0;
    for (const [seed, options] of [
      [11, {}],
      [12, { rerollTokens: true, warTokens: true }],
    ] as const) {
      for (const state of planningStates(seed, options).filter((_, i) => i % 2 === 0)) {
        const low = hiddenTwin(state, 7 + checked, false);
        const high = hiddenTwin(state, 900 + checked, true);
        const viewLow = viewFor(low, 'ann');
        const viewHigh = viewFor(high, 'ann');
        expect(viewHigh).toEqual(viewLow);
        const rng = () => decisionRng(checked, 0, state.sequenceID);
        expect(expert(viewHigh, 'ann', rng())).toEqual(expert(viewLow, 'ann', rng()));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('plays whole games to the end with legal moves (2 to 8 seats, random options and modules)', () => {
    let decisions = 0;
    for (let seed = 2001; seed < 2001 + runs(2, 4); seed++) {
      const game = playWithExpertSeats(seed, (state, view, userID, seat) => {
        decisions++;
        return expert(view, userID, decisionRng(seed, seat, state.sequenceID));
      });
      expect(game.gameEndTimestamp).not.toBeNull();
    }
    expect(decisions).toBeGreaterThan(20);
  }, 300_000);
});
