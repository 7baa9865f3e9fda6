/**
 * The Expert Bot's searched gain (gain-search.ts): legal in random positions of whole games,
 * deterministic for a seed and a number of worlds, and decided from its own view alone (the same
 * resolution view over other hidden state, the rivals' gains included, gives the same choice).
 */
import { describe, expect, it } from 'vitest';
import { determinizeResolution } from '../../src/bots/determinize.js';
import { makeExpertBot } from '../../src/bots/expert-bot.js';
import { searchGain } from '../../src/bots/gain-search.js';
import { decisionRng } from '../../src/bots/harness.js';
import { legalActions, pendingDecision, viewFor, type Game } from '../../src/engine/index.js';
import { runs } from '../support/test-depth.js';
import { acted, annDecisionStates, perturbed } from './hidden-twins.js';
import { playWithExpertSeats } from './random-setup.js';

/** Resolution states of a seeded three-player game of Advanced Bots where ann is to choose her gain. */
function resolutionStates(seed: number, options: Partial<Game['options']>): Game[] {
  return annDecisionStates(seed, options).filter((state) => pendingDecision(state, 'ann')?.type === 'RESOLVE');
}

/**
 * The same state with the other seats' gains (hidden from ann until the phase ends) chosen: the
 * first affordable choice of each in one twin, the last in the other, and the rest hidden changed.
 */
function gainTwins(state: Game, salt: number): [Game, Game] {
  const chosen = (pick: 'first' | 'last') => {
    let g = state;
    for (const id of ['bob', 'cat']) {
      const actions = legalActions(g, id);
      if (actions.length === 0) continue;
      g = acted(g, id, pick === 'first' ? actions[0]! : actions[actions.length - 1]!);
    }
    return g;
  };
  return [chosen('first'), perturbed(chosen('last'), salt, 'ann')];
}

describe('expert_bot, searched gains', () => {
  const expert = makeExpertBot({ iterations: 2, gainWorlds: 3 });

  it('samples worlds that show ann her own view, with the rivals\' gains left to choose', () => {
    let checked = 0;
    for (const state of resolutionStates(41, { rerollTokens: true, warTokens: true })) {
      const [twin] = gainTwins(state, 1);
      const view = viewFor(twin, 'ann');
      const world = determinizeResolution(view, decisionRng(1, 0, state.sequenceID));
      const seen = viewFor(world, 'ann');
      expect(seen.players).toEqual(view.players);
      expect(seen.tableIDs).toEqual(view.tableIDs);
      expect(seen.deck).toEqual(view.deck);
      expect(seen.decision).toEqual(view.decision);
      // Whatever the others chose in the real game, in the world they are still to choose.
      for (const id of ['bob', 'cat']) expect(pendingDecision(world, id)?.type).toBe('RESOLVE');
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('is deterministic for a seed and a number of worlds, and values every affordable choice', () => {
    let searched = 0;
    for (const state of resolutionStates(42, {})) {
      const view = viewFor(state, 'ann');
      const a = searchGain(view, 'ann', decisionRng(5, 0, state.sequenceID), 3);
      const b = searchGain(view, 'ann', decisionRng(5, 0, state.sequenceID), 3);
      expect(b).toEqual(a);
      const decision = pendingDecision(view, 'ann');
      if (decision?.type !== 'RESOLVE') throw new Error('not a gain');
      expect(a.cardIDs).toEqual(decision.choices.filter((c) => c.affordable).map((c) => c.cardID));
      if (a.cardIDs.length > 1) {
        expect(a.worlds).toBe(3);
        expect(a.means.every(Number.isFinite)).toBe(true);
        searched++;
      }
      expect(expert(view, 'ann', decisionRng(5, 0, state.sequenceID))).toEqual(expert(view, 'ann', decisionRng(5, 0, state.sequenceID)));
    }
    expect(searched).toBeGreaterThan(5);
  });

  it('keeps to a time budget', () => {
    const state = resolutionStates(43, {}).find((s) => searchGain(viewFor(s, 'ann'), 'ann', decisionRng(1, 0, 0), 1).cardIDs.length > 1)!;
    const timed = searchGain(viewFor(state, 'ann'), 'ann', decisionRng(1, 0, state.sequenceID), Infinity, 30);
    expect(Number.isFinite(timed.worlds)).toBe(true);
    expect(timed.worlds).toBeGreaterThan(0);
  });

  it('chooses the same whatever is hidden from it (the others\' gains, deck, generator, dice, turn record)', () => {
    let checked = 0;
    let differentGains = 0;
    for (const [seed, options] of [
      [44, {}],
      [45, { rerollTokens: true, warTokens: true, hideFavor: true }],
    ] as const) {
      for (const state of resolutionStates(seed, options)) {
        const [first, last] = gainTwins(state, 300 + checked);
        if (JSON.stringify(first.resolvesByPlayerID) !== JSON.stringify(last.resolvesByPlayerID)) differentGains++;
        const viewFirst = viewFor(first, 'ann');
        const viewLast = viewFor(last, 'ann');
        expect(viewLast).toEqual(viewFirst);
        const rng = () => decisionRng(checked, 0, state.sequenceID);
        expect(expert(viewLast, 'ann', rng())).toEqual(expert(viewFirst, 'ann', rng()));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(differentGains).toBeGreaterThan(3);
  });

  it('gains legally in whole games (2 to 8 seats, random options and modules)', () => {
    let gains = 0;
    for (let seed = 3001; seed < 3001 + runs(3, 8); seed++) {
      const game = playWithExpertSeats(seed, (state, view, userID, seat, decision) => {
        const action = expert(view, userID, decisionRng(seed, seat, state.sequenceID));
        if (decision.type === 'RESOLVE') {
          expect(legalActions(state, userID)).toContainEqual(action);
          gains++;
        }
        return action;
      });
      expect(game.gameEndTimestamp).not.toBeNull();
    }
    expect(gains).toBeGreaterThan(20);
  }, 300_000);
});
