/** War: lone bids, clashes with dice, tie re-rolls, reroll rounds and the CONFLICT_RESULTS record. */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { act, bidAll, eventsOf, player, reroll, startGame, withCounters } from '../support/scenario.js';

/** A clash on slot 0 with the first dice fixed through prerollDice. */
function clash(dice: Record<string, number[]>, bids: Record<string, number>, tokens: Record<string, number> = {}): Game {
  const players = Object.keys(dice).length;
  let game = startGame({ players, options: { prerollDice: true } });
  game = { ...game, prerolledDiceByPlayerID: dice };
  for (const [id, military] of Object.entries(bids)) game = withCounters(game, id, { military, rerollTokens: tokens[id] ?? 0 });
  return bidAll(game, Object.fromEntries(Object.entries(bids).map(([id, military]) => [id, [0, military]])));
}

describe('bids', () => {
  it('are revealed together, paid, and a lone bid wins its card outright', () => {
    let game = withCounters(startGame(), 'ann', { military: 3 });
    const cards = game.tableIDs;
    game = bidAll(game, { ann: [0, 2], bob: [1, 0] });
    expect(game.phase).toBe('RESOLUTION');
    expect(eventsOf(game, 'BID').map((e) => e.payload)).toEqual([
      { userID: 'ann', cardID: cards[0], spentMilitary: 2, military: 2 },
      { userID: 'bob', cardID: cards[1], spentMilitary: 0, military: 0 },
    ]);
    expect(player(game, 'ann').counters.military).toBe(1);
    expect(game.winnersByTradeRowIndex).toEqual({ 0: 'ann', 1: 'bob' });
    expect(eventsOf(game, 'CONFLICT_RESULTS')).toEqual([]);
  });
});

describe('clashes', () => {
  it('the higher total of dice plus bid wins', () => {
    const game = clash({ ann: [2], bob: [5] }, { ann: 4, bob: 0 });
    expect(eventsOf(game, 'CONFLICT_RESULTS').map((e) => e.payload)).toEqual([
      {
        cardID: game.clashes[0]!.cardID,
        winningPlayerID: 'ann',
        rounds: [
          {
            ann: { playerID: 'ann', bonus: 4, rolls: [2], total: 6, didRoll: true },
            bob: { playerID: 'bob', bonus: 0, rolls: [5], total: 5, didRoll: true },
          },
        ],
        playerIDsWithRerolls: [],
      },
    ]);
    expect(player(game, 'bob').selectedCard).toBeNull();
    expect(player(game, 'ann').selectedCard).toBe(game.clashes[0]!.cardID);
    expect([player(game, 'ann').clashesWon, player(game, 'bob').clashes]).toEqual([1, 1]);
  });

  it('ties for the best total are re-rolled among the tied only', () => {
    const game = clash({ ann: [3], bob: [3], cat: [1] }, { ann: 1, bob: 1, cat: 0 });
    const rounds = game.clashes[0]!.rounds;
    expect(rounds.length).toBeGreaterThan(1);
    expect(rounds[1]!.cat).toEqual({ playerID: 'cat', bonus: 0, rolls: [1], total: 1, didRoll: false });
    expect(rounds[1]!.ann!.didRoll && rounds[1]!.bob!.didRoll).toBe(true);
    const last = rounds.at(-1)!;
    const winner = game.clashes[0]!.winningPlayerID;
    expect(['ann', 'bob']).toContain(winner);
    for (const r of Object.values(last)) if (r.playerID !== winner) expect(r.total).toBeLessThan(last[winner]!.total);
  });
});

describe('reroll rounds', () => {
  it('a loser with a reroll token is asked, and declining settles the clash', () => {
    let game = clash({ ann: [6], bob: [1] }, { ann: 1, bob: 1 }, { bob: 1 });
    expect(game.phase).toBe('WAR');
    expect(game.rollSelectionsByPlayerID).toEqual({ bob: 'na' });
    expect(game.readyByUserID).toEqual({ ann: true, bob: false });
    expect(eventsOf(game, 'GAIN_REROLL').map((e) => e.payload)).toEqual([{ userID: 'bob' }]);
    game = act(game, 'bob', reroll(0, 'decline'));
    expect(game.phase).toBe('RESOLUTION');
    expect(eventsOf(game, 'DECLINE_REROLL').map((e) => e.payload)).toEqual([{ userID: 'bob' }]);
    expect(eventsOf(game, 'CONFLICT_RESULTS')[0]!.payload.winningPlayerID).toBe('ann');
    expect(player(game, 'bob').counters.rerollTokens).toBe(1);
  });

  it('a reroll spends a token and rolls that player again', () => {
    let game = clash({ ann: [6], bob: [1] }, { ann: 1, bob: 1 }, { bob: 1 });
    game = act(game, 'bob', reroll(0));
    const used = eventsOf(game, 'USE_REROLL');
    expect(used.map((e) => e.payload.userID)).toEqual(['bob']);
    const result = eventsOf(game, 'CONFLICT_RESULTS')[0]!.payload;
    expect(result.playerIDsWithRerolls).toEqual(['bob']);
    expect(result.rounds[1]!.bob).toMatchObject({ didRoll: true, rolls: used[0]!.payload.rolls });
    expect(result.rounds[1]!.ann).toEqual({ playerID: 'ann', bonus: 1, rolls: [6], total: 7, didRoll: false });
    expect(player(game, 'bob').counters.rerollTokens).toBe(0);
    expect(game.phase).toBe('RESOLUTION');
  });

  it('reroll rounds go on while a loser still holds tokens and has not declined', () => {
    let game = clash({ ann: [6], bob: [1] }, { ann: 5, bob: 0 }, { bob: 3 });
    // bob (1) cannot beat ann (11) with one die: every round he is asked again until out of tokens.
    for (let round = 0; round < 3; round++) {
      expect(game.rerollRound).toBe(round);
      game = act(game, 'bob', reroll(round));
    }
    expect(game.phase).toBe('RESOLUTION');
    expect(eventsOf(game, 'USE_REROLL')).toHaveLength(3);
    expect(eventsOf(game, 'CONFLICT_RESULTS')[0]!.payload.rounds).toHaveLength(4);
  });
});
