/**
 * Bots' bids cannot be worked out from the table. Every bot a player can face draws its bid from
 * the decision's secret rng (derived from the game's secret seed, per seat and per decision), with
 * no one bid more likely than MAX_BID_CHANCE: the same view under different secret seeds gives
 * different bids, and the same secret seed the same bid.
 */
import { describe, expect, it } from 'vitest';
import { BASIC_BOT_TUNING, basicBidChances } from '../../src/bots/basic-bot.js';
import { rankBids } from '../../src/bots/bid-plan.js';
import { easyBidChances } from '../../src/bots/easy-bot.js';
import { playSeats } from '../../src/bots/game-loop.js';
import { botDecision, decisionRng } from '../../src/bots/harness.js';
import { BOTS } from '../../src/bots/index.js';
import { MAX_BID_CHANCE, mixedChances } from '../../src/bots/mixed-strategy.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { deriveSeed, legalActions, pendingDecision, seedFromNumber, startGame, viewFor, type BotType, type Game, type GameOptions } from '../../src/engine/index.js';

/** Secret seeds, as the server derives its bots' seed from a game's secret seed. */
const SECRETS = Array.from({ length: 16 }, (_, i) => deriveSeed(seedFromNumber(1000 + i), 'bots'));

interface Moment {
  game: Game;
  seat: number;
}

/** Planning moments of seeded games (2 to 4 players, with and without hideFavor): a seat about to bid. */
function biddingMoments(): Moment[] {
  const moments: Moment[] = [];
  const setups: [number, Partial<GameOptions>][] = [
    [2, {}],
    [3, { hideFavor: true }],
    [4, {}],
  ];
  setups.forEach(([players, options], i) => {
    const seats = Array.from({ length: players }, (_, s) => ({ userID: `p${s}`, botType: (s % 2 === 0 ? 'basic_bot' : 'easy_bot') as BotType }));
    let taken = 0;
    playSeats(
      startGame({ players: seats, options, definitions: GAME_DEFINITIONS }, 50 + i, 0),
      ({ game, seat }) => {
        // Every third turn, from each age, one seat's bid.
        if (game.turn % 3 === 1 && seat === game.turn % players && pendingDecision(game, game.players[seat]!.userID)?.type === 'BID') {
          moments.push({ game, seat });
          taken++;
        }
        return botDecision(game, seat, 50 + i);
      },
      { now: 0, stepMillis: 1000 },
    );
    expect(taken).toBeGreaterThanOrEqual(5);
  });
  return moments;
}

const MOMENTS = biddingMoments();

function bidOf(kind: BotType, { game, seat }: Moment, secret: string): unknown {
  const userID = game.players[seat]!.userID;
  const action = BOTS[kind].decide(viewFor(game, userID), userID, decisionRng(secret, seat, game.sequenceID));
  expect(action?.type).toBe('BID');
  return action;
}

describe('a bot bid under different secret seeds', () => {
  const kinds: [BotType, number][] = [
    ['easy_bot', 16],
    ['basic_bot', 16],
    // The slowest bot (a search of rollouts per bid): fewer secrets, every other position.
    ['basic_bot2', 8],
  ];
  for (const [kind, secrets] of kinds) {
    const moments = MOMENTS.filter((_, i) => kind !== 'basic_bot2' || i % 2 === 0);
    it(`${kind}: differs, in every one of ${moments.length} positions; the same secret gives the same bid`, () => {
      expect(moments.length).toBeGreaterThanOrEqual(9);
      for (const moment of moments) {
        const bids = SECRETS.slice(0, secrets).map((secret) => JSON.stringify(bidOf(kind, moment, secret)));
        const where = `age ${moment.game.age} turn ${moment.game.turn}, seat ${moment.seat}: ${bids[0]}`;
        expect(new Set(bids).size, where).toBeGreaterThan(1);
        expect(JSON.stringify(bidOf(kind, moment, SECRETS[0]!)), where).toBe(bids[0]);
      }
    });
  }
});

describe('a mixed bid', () => {
  const strategies: [string, typeof easyBidChances][] = [
    ['easy_bot', easyBidChances],
    ['basic_bot', basicBidChances],
  ];
  for (const [kind, chancesOf] of strategies) {
    it(`${kind}: only legal bids, no bid more likely than ${MAX_BID_CHANCE}, chances summing to 1`, () => {
      for (const { game, seat } of MOMENTS) {
        const userID = game.players[seat]!.userID;
        const chances = chancesOf(viewFor(game, userID), userID);
        const legal = new Set(legalActions(game, userID).map((a) => JSON.stringify(a.type === 'BID' ? a.bid : null)));
        expect(chances.length).toBeGreaterThan(1);
        for (const { bid, chance } of chances) {
          expect(legal.has(JSON.stringify(bid))).toBe(true);
          expect(chance).toBeLessThanOrEqual(MAX_BID_CHANCE + 1e-12);
          expect(chance).toBeGreaterThanOrEqual(0);
        }
        expect(chances.reduce((sum, c) => sum + c.chance, 0)).toBeCloseTo(1, 12);
      }
    });
  }

  it("basic_bot: the bid it values best stays its most likely; a bid far behind is almost never made", () => {
    for (const { game, seat } of MOMENTS) {
      const userID = game.players[seat]!.userID;
      const view = viewFor(game, userID);
      const ranked = rankBids(view, userID, BASIC_BOT_TUNING);
      const chances = basicBidChances(view, userID);
      const chanceOf = (i: number) => chances.find((c) => c.bid.military === ranked[i]!.military && c.bid.tradeRowIndex === ranked[i]!.tradeRowIndex)!.chance;
      expect(chanceOf(0)).toBe(Math.max(...chances.map((c) => c.chance)));
      ranked.forEach((option, i) => {
        if (ranked[0]!.value - option.value > 5) expect(chanceOf(i)).toBeLessThan(1e-6);
      });
    }
  });
});

describe('mixedChances', () => {
  it('is the logit response: choices one temperature apart are e times as likely', () => {
    const [a, b, c] = mixedChances([3, 2.5, 2], 0.5);
    expect(a! / b!).toBeCloseTo(Math.E, 12);
    expect(b! / c!).toBeCloseTo(Math.E, 12);
    expect(a! + b! + c!).toBeCloseTo(1, 12);
  });

  it('caps the likeliest choice and scales the others up by one factor (the closest capped distribution)', () => {
    const free = mixedChances([10, 8, 7, 0], 1);
    const capped = mixedChances([10, 8, 7, 0], 1, 0.6);
    expect(free[0]).toBeGreaterThan(0.8);
    expect(capped[0]).toBeCloseTo(0.6, 12);
    const factor = capped[1]! / free[1]!;
    expect(capped[2]! / free[2]!).toBeCloseTo(factor, 9);
    expect(capped[3]! / free[3]!).toBeCloseTo(factor, 9);
    expect(capped.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
  });

  it('gives a choice far behind the rest of the capped chance when nothing closer is left', () => {
    const [best, far] = mixedChances([0, -100], 0.2, 0.6);
    expect(best).toBeCloseTo(0.6, 12);
    expect(far).toBeCloseTo(0.4, 12);
    expect(mixedChances([0], 0.2, 0.6)).toEqual([1]);
  });
});
