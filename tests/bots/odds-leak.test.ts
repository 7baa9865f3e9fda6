/**
 * The spectators' live odds never read hidden information: two games that differ only in what a
 * spectator may not see (deck and tribute deck order, the generator, pre-rolled dice, the turn's
 * record, bids and gains not yet revealed, favor under hideFavor) give the same spectator view,
 * and so the same odds for the same sampling seed. A finished game gives the winner(s) 100%.
 */
import { describe, expect, it } from 'vitest';
import { playSeats } from '../../src/bots/game-loop.js';
import { botDecision } from '../../src/bots/harness.js';
import { oddsFor } from '../../src/bots/odds.js';
import { pendingDecision, viewFor, type Action, type Game } from '../../src/engine/index.js';
import { acted, annDecisionStates, extremeBid, perturbed } from './hidden-twins.js';

/** ann's hidden choice made two ways (lowest and highest bid, first and last gain): null when it would be revealed at once. */
function hiddenChoiceTwins(game: Game): [Game, Game] | null {
  const decision = pendingDecision(game, 'ann');
  let actions: [Action, Action] | null = null;
  if (decision?.type === 'BID') {
    actions = [
      { type: 'BID', bid: extremeBid(decision, 'low') },
      { type: 'BID', bid: extremeBid(decision, 'high') },
    ];
  } else if (decision?.type === 'RESOLVE') {
    const ok = decision.choices.filter((c) => c.affordable);
    if (ok.length >= 2) actions = [{ type: 'RESOLVE', resolve: { cardIDToGain: ok[0]!.cardID } }, { type: 'RESOLVE', resolve: { cardIDToGain: ok[ok.length - 1]!.cardID } }];
  }
  if (!actions) return null;
  const [a, b] = actions.map((action) => acted(game, 'ann', action)) as [Game, Game];
  // Everyone else had chosen: the choice is revealed at once, and the views differ rightly.
  if (a.phase !== game.phase || b.phase !== game.phase) return null;
  return [a, b];
}

const states = (seed: number, options: Partial<Game['options']>): Game[] => annDecisionStates(seed, options, ['easy_bot', 'random_card', 'easy_bot']);

const odds = (game: Game) => oddsFor(viewFor(game, null), { seed: 77, rollouts: 2 }).shares;

describe('live odds read only the spectator view', () => {
  it('gives the same odds whatever is hidden behind the same view', () => {
    let checked = 0;
    let twins = 0;
    const phases = new Set<string>();
    [{ hideFavor: true, prerollDice: true }, { rerollTokens: true, warTokens: true }].forEach((options, k) => {
      const all = states(40 + k, options);
      all.forEach((state, i) => {
        // Every fifth decision (each phase comes up), and the first: enough to catch a leak, cheap enough to run.
        if (i % 5 !== 0 && state.phase !== 'WAR') return;
        const other = perturbed(state, 100 + i, null);
        expect(viewFor(other, null)).toEqual(viewFor(state, null));
        const base = odds(state);
        expect(odds(other)).toEqual(base);
        expect(Object.values(base).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        phases.add(state.phase);
        checked++;
        const pair = hiddenChoiceTwins(state);
        if (pair) {
          const [low, high] = [pair[0], perturbed(pair[1], 7 + i, null)];
          expect(viewFor(high, null)).toEqual(viewFor(low, null));
          expect(odds(high)).toEqual(odds(low));
          twins++;
        }
      });
    });
    expect(checked).toBeGreaterThan(10);
    expect(twins).toBeGreaterThan(3);
    expect([...phases].sort()).toEqual(expect.arrayContaining(['PLANNING', 'RESOLUTION']));
  }, 240_000);

  it('gives a finished game to its winner(s)', () => {
    const end = states(5, {}).at(-1)!;
    const last = playSeats(end, ({ game, seat }) => botDecision(game, seat, 5), { now: end.updateTimestamp, stepMillis: 1000 });
    expect(last.gameEndTimestamp).not.toBeNull();
    const shares = odds(last);
    for (const p of last.players) expect(shares[p.userID]).toBeCloseTo(last.winnerIDs.includes(p.userID) ? 1 / last.winnerIDs.length : 0, 9);
  });
});
