/**
 * Rule boundaries that the other engine tests left open (found by changing the engine and seeing
 * no test fail): leftover resources score only whole sets of 3, and a clash loser whose bid equals
 * the winner's earns a reroll token.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { endGame } from '../../src/engine/phases/game-end.js';
import { beginStep, endStep } from '../../src/engine/step.js';
import { bidAll, eventsOf, player, startGame, withCounters } from '../support/scenario.js';

describe('leftover resources at the end of the game', () => {
  it('score 1 favor for every 3 gold and every 3 military, rounded down; the remainder stays', () => {
    let game = startGame();
    game = withCounters(withCounters(game, 'ann', { gold: 5, military: 8, favor: 0 }), 'bob', { gold: 2, military: 3, favor: 0 });
    const s = beginStep(game, 50_000);
    endGame(s);
    const { game: ended } = endStep(s);
    expect(eventsOf(ended, 'END_GAME_SCORING').map((e) => e.payload)).toEqual([
      { userID: 'ann', favor: 3, cost: { gold: 3, military: 6 } },
      { userID: 'bob', favor: 1, cost: { gold: 0, military: 3 } },
    ]);
    expect(player(ended, 'ann').counters).toMatchObject({ gold: 2, military: 2 });
    expect(player(ended, 'bob').counters).toMatchObject({ gold: 2, military: 0 });
    expect(ended.statsByPlayerID!.ann!.scoreFromResources).toBe(3);
    expect(ended.statsByPlayerID!.bob!.scoreFromResources).toBe(1);
  });
});

/** Ann and Bob clash over slot 0 with the bids given; Ann's die is a 6 and Bob's a 1. */
function clash(annBid: number, bobBid: number): Game {
  let game = startGame({ options: { prerollDice: true, rerollTokens: true } });
  game = { ...game, prerolledDiceByPlayerID: { ann: [6], bob: [1] } };
  game = withCounters(withCounters(game, 'ann', { military: 7 }), 'bob', { military: 7 });
  return bidAll(game, { ann: [0, annBid], bob: [0, bobBid] });
}

describe('rerollTokens', () => {
  it('a loser whose bid equals the winner’s earns a reroll token', () => {
    const game = clash(3, 3);
    expect(game.clashes[0]!.winningPlayerID).toBe('ann');
    expect(player(game, 'bob').counters.rerollTokens).toBe(1);
    expect(player(game, 'ann').counters.rerollTokens).toBe(0);
    expect(eventsOf(game, 'EARN_TOKEN').map((e) => e.payload)).toEqual([{ userID: 'bob', token: 'Reroll', triggeredCards: [] }]);
  });

  it('a loser who bid less than the winner earns none', () => {
    const game = clash(4, 3);
    expect(game.clashes[0]!.winningPlayerID).toBe('ann');
    expect(player(game, 'bob').counters.rerollTokens).toBe(0);
    expect(eventsOf(game, 'EARN_TOKEN')).toEqual([]);
  });
});
