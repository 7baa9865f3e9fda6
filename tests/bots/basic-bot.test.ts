/**
 * basic_bot ("Advanced Bot"): tributes and bids against what rivals can afford (its bid is drawn
 * from a mixed strategy, so these look at the chances it gives each bid); basic_bot2's reroll
 * choice, and basic_bot's (always decline).
 */
import { describe, expect, it } from 'vitest';
import { BASIC_BOT_TUNING, basicBidChances, basicBot } from '../../src/bots/basic-bot.js';
import { basicBot2 } from '../../src/bots/basic-bot2.js';
import { playBotGame } from '../../src/bots/harness.js';
import { rerollMargin } from '../../src/bots/reroll-choice.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { pendingDecision, rngFromState, xoroshiroState, viewFor, type BotType, type Game } from '../../src/engine/index.js';
import { ANN, BOB, CARDS, CORNERSTONE_RITE, OFFERING_TO_TYROS, OFFERING_TO_ZEONA, act, bid, counters, planning, rows } from './situations.js';

const rng = rngFromState(xoroshiroState(1));
const decide = (game: Game, userID = ANN) => basicBot(viewFor(game, userID), userID, rng);

describe('basic_bot', () => {
  it('bids on the card that completes a tribute, most likely', () => {
    let game = rows(planning(), [CARDS.minstrel, CARDS.starChart, CARDS.ruins], [OFFERING_TO_ZEONA]);
    game = counters(counters(game, ANN, { gold: 5 }), BOB, { gold: 0 });
    const chances = basicBidChances(viewFor(game, ANN), ANN);
    expect(chances.reduce((a, b) => (b.chance > a.chance ? b : a)).bid.tradeRowIndex).toBe(1);
    expect(chances.filter((c) => c.bid.tradeRowIndex === 1).reduce((sum, c) => sum + c.chance, 0)).toBeGreaterThan(0.75);
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
    for (const { bid, chance } of basicBidChances(viewFor(game, ANN), ANN)) if (chance > 1e-6) expect(bid.military).toBeLessThanOrEqual(5);
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

    /** How often basic_bot2 rerolls, over 40 secret draws. */
    const rerolls = (game: Game) => {
      let n = 0;
      for (let i = 0; i < 40; i++) {
        const action = basicBot2(viewFor(game, ANN), ANN, rngFromState(xoroshiroState(100 + i)));
        if (action?.type === 'REROLL' && action.rollSelection.rerollType === 'reroll') n++;
      }
      return n;
    };

    it('basic_bot2 weighs a reroll: worth more the lower the winning total, and drawn like its other hidden choices', () => {
      const margins = [2, 3, 4, 5].map((total) => rerollMargin(viewFor(lostClash(total), ANN), ANN, BASIC_BOT_TUNING)!);
      expect(margins[0]).toBeGreaterThan(0);
      expect(margins).toEqual([...margins].sort((a, b) => b - a));
      // Just worth it: rerolled about half the time (a sure thing would tell the table); the
      // further behind, the less often.
      const [nearlyEven, behind] = [rerolls(lostClash(2)), rerolls(lostClash(5))];
      expect(nearlyEven).toBeGreaterThan(12);
      expect(nearlyEven).toBeLessThan(32);
      expect(behind).toBeLessThan(nearlyEven / 2);
    });

    it('basic_bot2 declines a reroll that cannot win', () => {
      expect(rerollMargin(viewFor(lostClash(7), ANN), ANN, BASIC_BOT_TUNING)).toBeNull();
      expect(rerolls(lostClash(7))).toBe(0);
    });

    it('basic_bot always declines, even the reroll basic_bot2 takes (docs/bots.md: the bots players can pick always decline)', () => {
      expect(decide(lostClash(2))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'decline' } });
      expect(decide(lostClash(7))).toMatchObject({ type: 'REROLL', rollSelection: { rerollType: 'decline' } });
    });
  });

  it('in whole games, easy_bot and basic_bot decline every reroll they are offered; valid_move (developers only) rerolls', () => {
    const seats: BotType[] = ['basic_bot', 'easy_bot', 'valid_move', 'valid_move'];
    const declined: Record<string, number> = {};
    const rerolled: Record<string, number> = {};
    for (let seed = 1; seed <= 12; seed++) {
      const setup = { seats: seats.map((botType, i) => ({ userID: `${botType}-${i}`, botType })), options: { rerollTokens: true }, definitions: GAME_DEFINITIONS };
      const { game } = playBotGame(setup, seed, seed);
      const kindOf = (userID: string) => game.players.find((p) => p.userID === userID)!.botType!;
      for (const event of game.events) {
        if (event.type === 'DECLINE_REROLL') declined[kindOf(event.payload.userID)] = (declined[kindOf(event.payload.userID)] ?? 0) + 1;
        if (event.type === 'USE_REROLL') rerolled[kindOf(event.payload.userID)] = (rerolled[kindOf(event.payload.userID)] ?? 0) + 1;
      }
    }
    expect(declined.basic_bot).toBeGreaterThan(0);
    expect(declined.easy_bot).toBeGreaterThan(0);
    expect(rerolled.valid_move).toBeGreaterThan(0);
    expect(rerolled.basic_bot ?? 0).toBe(0);
    expect(rerolled.easy_bot ?? 0).toBe(0);
  });
});
