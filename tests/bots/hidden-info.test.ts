/**
 * Bots never see hidden information. Two games that differ only in what a player may not see
 * (deck and tribute deck order, the PRNG, pre-rolled dice, the turn's record, other players'
 * bids before the reveal, favor under hideFavor) give that player the same view, and so every
 * bot in that seat the same decision from the same rng.
 */
import { describe, expect, it } from 'vitest';
import { BOTS } from '../../src/bots/index.js';
import { decisionRng } from '../../src/bots/harness.js';
import { viewFor, type BotType, type Game, type UserID } from '../../src/engine/index.js';
import { annDecisionStates, perturbed, withHiddenBids } from './hidden-twins.js';

function expectSameDecision(bot: BotType, a: Game, b: Game, viewer: UserID, salt: number): void {
  const viewA = viewFor(a, viewer);
  const viewB = viewFor(b, viewer);
  expect(viewB).toEqual(viewA);
  const decide = BOTS[bot].decide;
  expect(decide(viewB, viewer, decisionRng(salt, 0, b.sequenceID))).toEqual(decide(viewA, viewer, decisionRng(salt, 0, a.sequenceID)));
}

/** A view that throws if anything asks it for a field only the raw game has. */
function guarded(game: Game, viewer: UserID): ReturnType<typeof viewFor> {
  // (The view has a `seed` too, null until the game ends: reading it tells a bot nothing.)
  const hidden = new Set(['rngState', 'prerolledDiceByPlayerID', 'turnRecordByPlayerID']);
  return new Proxy(viewFor(game, viewer), {
    get(target, key, receiver) {
      if (typeof key === 'string' && hidden.has(key)) throw new Error(`a bot read the hidden field ${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

const OPTIONS = [
  { hideFavor: true, prerollDice: true },
  { rerollTokens: true, warTokens: true, retreat3: true },
];

/**
 * The twins of a planning state: the hidden bids of the other seats low in one, high in the other;
 * null when every other seat has bid already (a seat acting late in one round bids first in the next).
 */
function hiddenBidTwins(state: Game, salt: number): [Game, Game] | null {
  const low = withHiddenBids(state, 'ann', 'low');
  const high = withHiddenBids(state, 'ann', 'high');
  if (low === state) return null;
  expect(high.bidsByPlayerID).not.toEqual(low.bidsByPlayerID);
  return [low, perturbed(high, salt, 'ann')];
}

describe('bots see only their own view', () => {
  for (const bot of ['random_card', 'easy_bot', 'basic_bot', 'valid_move'] as BotType[]) {
    it(`${bot} decides the same whatever is hidden`, () => {
      let checked = 0;
      let twins = 0;
      const phases = new Set<string>();
      OPTIONS.forEach((options, i) => {
        for (const state of annDecisionStates(10 + i, options)) {
          expectSameDecision(bot, state, perturbed(state, 5 + checked, 'ann'), 'ann', checked);
          phases.add(state.phase);
          const pair = state.phase === 'PLANNING' ? hiddenBidTwins(state, 9) : null;
          if (pair) {
            expectSameDecision(bot, pair[0], pair[1], 'ann', checked);
            twins++;
          }
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(60);
      expect(twins).toBeGreaterThan(10);
      expect([...phases].sort()).toEqual(['PLANNING', 'RESOLUTION', 'WAR']);
    });
  }

  it('no bot asks its view for a field only the raw game has', () => {
    const states = annDecisionStates(31, OPTIONS[1]!);
    expect(states.length).toBeGreaterThan(30);
    for (const bot of ['random_card', 'easy_bot', 'basic_bot', 'basic_bot2', 'valid_move'] as BotType[]) {
      let decided = 0;
      for (const state of states.filter((_, i) => bot !== 'basic_bot2' || i % 4 === 0)) {
        expect(() => {
          if (BOTS[bot].decide(guarded(state, 'ann'), 'ann', decisionRng(1, 0, state.sequenceID))) decided++;
        }).not.toThrow();
      }
      expect(decided, bot).toBeGreaterThan(bot === 'basic_bot2' ? 7 : 30);
    }
  });

  it('basic_bot2 decides the same whatever is hidden', () => {
    const states = annDecisionStates(21, OPTIONS[0]!).filter((s) => s.phase === 'PLANNING');
    let checked = 0;
    for (const state of states.filter((_, i) => i % 2 === 0)) {
      const pair = hiddenBidTwins(state, 3);
      if (!pair) continue;
      expectSameDecision('basic_bot2', pair[0], pair[1], 'ann', state.turn);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
