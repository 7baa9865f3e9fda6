/** basic_bot ("Advanced Bot"): tributes, bids against what rivals can afford, and rerolls. */
import { describe, expect, it } from 'vitest';
import { basicBot } from '../../src/bots/basic-bot.js';
import { pendingDecision, rngFromState, xoroshiroState, viewFor, type Game } from '../../src/engine/index.js';
import { ANN, BOB, CARDS, CORNERSTONE_RITE, OFFERING_TO_TYROS, OFFERING_TO_ZEONA, act, bid, counters, planning, rows } from './situations.js';

const rng = rngFromState(xoroshiroState(1));
const decide = (game: Game, userID = ANN) => basicBot(viewFor(game, userID), userID, rng);

describe('basic_bot', () => {
  it('bids on the card that completes a tribute', () => {
    let game = rows(planning(), [CARDS.minstrel, CARDS.starChart, CARDS.ruins], [OFFERING_TO_ZEONA]);
    game = counters(counters(game, ANN, { gold: 5 }), BOB, { gold: 0 });
    expect(decide(game)).toMatchObject({ type: 'BID', bid: { tradeRowIndex: 1 } });
  });

  it('gains the won card when it completes a tribute, and a basic card when it cannot pay', () => {
    let game = rows(planning(), [CARDS.starChart, CARDS.minstrel, CARDS.ruins], [OFFERING_TO_ZEONA]);
    game = act(act(game, ANN, bid(0)), BOB, bid(1));
    expect(decide(counters(game, ANN, { gold: 5 }))).toEqual({ type: 'RESOLVE', resolve: { cardIDToGain: CARDS.starChart } });
    const poor = counters(game, ANN, { gold: 0 });
    const action = decide(poor);
    expect(action?.type).toBe('RESOLVE');
    if (action?.type === 'RESOLVE') expect(poor.basicPile).toContain(action.resolve.cardIDToGain);
  });

  it('never bids more than a sure win needs against what its rival can afford', () => {
    // Bob has no military and no base military: in age 1 a bid of 5 cannot lose.
    let game = rows(planning(), [CARDS.chariots, CARDS.ruins, CARDS.minstrel], [OFFERING_TO_TYROS, CORNERSTONE_RITE]);
    game = counters(counters(game, ANN, { gold: 8, military: 12 }), BOB, { gold: 8, military: 0 });
    const action = decide(game);
    expect(action?.type).toBe('BID');
    if (action?.type === 'BID') expect(action.bid.military).toBeLessThanOrEqual(5);
  });

  describe('rerolls', () => {
    /** Ann lost a clash for Chariot Squadron, which would also complete Offering to Tyros. */
    function lostClash(winnerTotal: number): Game {
      for (let seed = 1; seed < 100; seed++) {
        let game = rows(planning(seed), [CARDS.chariots, CARDS.ruins, CARDS.minstrel], [OFFERING_TO_TYROS]);
        game = counters(counters(game, ANN, { gold: 8, rerollTokens: 1 }), BOB, { gold: 8 });
        game = act(act(game, ANN, bid(0)), BOB, bid(0));
        if (pendingDecision(game, ANN)?.type !== 'REROLL') continue;
        // Set the winner's total to what the test needs.
        const clashes = game.clashes.map((clash) => {
          const rounds = clash.rounds.slice();
          const last = rounds[rounds.length - 1]!;
          rounds[rounds.length - 1] = { ...last, [BOB]: { ...last[BOB]!, total: winnerTotal } };
          return { ...clash, rounds };
        });
        return { ...game, clashes };
      }
      throw new Error('no lost clash found');
    }

    it('rerolls when the card is worth it and fresh dice will likely win', () => {
      expect(decide(lostClash(2))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'reroll' } });
    });

    it('declines a reroll that cannot win', () => {
      expect(decide(lostClash(7))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'decline' } });
    });
  });
});
