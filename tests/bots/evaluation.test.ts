/**
 * The advanced bots' evaluation: hypothetical gains agree with the engine's own resolution, worth
 * follows the turns left and endgame scoring, clash odds match the rules, determinization keeps
 * the view, and every bot's tuning has the same parameters for each age.
 */
import { describe, expect, it } from 'vitest';
import { afterGain } from '../../src/bots/gain.js';
import { headToHead, rerollOdds } from '../../src/bots/clash-odds.js';
import { determinize } from '../../src/bots/determinize.js';
import { outlookOf } from '../../src/bots/outlook.js';
import { BASIC_BOT_TUNING } from '../../src/bots/basic-bot.js';
import { BASIC_BOT2_TUNING } from '../../src/bots/basic-bot2.js';
import { EASY_BOT_TUNING } from '../../src/bots/easy-bot.js';
import { playSeats } from '../../src/bots/game-loop.js';
import { botDecision } from '../../src/bots/harness.js';
import { holdingsWorth, resourcesWorth } from '../../src/bots/worth.js';
import { rngFromState, startGame, xoroshiroState, viewFor, type Game } from '../../src/engine/index.js';
import { applyGains } from '../../src/engine/phases/resolution.js';
import { beginStep, endStep } from '../../src/engine/step.js';
import { ANN, counters, holding, planning } from './situations.js';
import { randomSetup } from './random-setup.js';

/** Every state of some seeded bot games in which all players have chosen their gains, before they are applied. */
function chosenGains(games: number): Game[] {
  const found: Game[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const setup = randomSetup(seed, ['easy_bot', 'easy_bot'], ['random_card', 'valid_move', 'easy_bot']);
    const start = startGame({ players: setup.seats, options: setup.options, modules: setup.modules, definitions: setup.definitions }, seed, 0);
    playSeats(start, ({ game, seat }) => botDecision(game, seat, seed), {
      now: 0,
      stepMillis: 0,
      observe: (game) => {
        if (game.phase === 'RESOLUTION' && Object.keys(game.resolvesByPlayerID).length === game.players.length) found.push(game);
      },
    });
  }
  return found;
}

describe('a hypothetical gain', () => {
  it('leaves the player exactly as the engine does', () => {
    const states = chosenGains(20);
    expect(states.length).toBeGreaterThan(200);
    for (const game of states) {
      const s = beginStep(game, 0);
      applyGains(s);
      const after = endStep(s).game;
      game.players.forEach((before, seat) => {
        const cardID = game.resolvesByPlayerID[before.userID]!.cardIDToGain;
        const predicted = afterGain(game, before, cardID, game.tableIDs.includes(cardID)).player;
        const actual = after.players[seat]!;
        expect(predicted.cardIDs).toEqual(actual.cardIDs);
        expect(predicted.cards).toEqual(actual.cards);
        expect(predicted.counters).toEqual(actual.counters);
      });
    }
  });
});

describe('worth', () => {
  it('on the last turn, gold and military are worth what endgame scoring pays', () => {
    const last = { ...planning(), age: 3 as const, turn: 5 };
    const outlook = outlookOf(viewFor(last, ANN), BASIC_BOT_TUNING);
    expect(outlook.turns).toBe(0);
    const player = counters(last, ANN, { gold: 8, military: 5 }).players[0]!;
    expect(resourcesWorth(player, outlook)).toBe(2 + 1);
  });

  it('a production card is worth more the more turns are left', () => {
    const game = holding(planning(), ANN, [200]); // Market Stall: production 1G
    const early = outlookOf(viewFor(game, ANN), BASIC_BOT_TUNING);
    const late = outlookOf(viewFor({ ...game, age: 3, turn: 3 }, ANN), BASIC_BOT_TUNING);
    const stall = holdingsWorth(game, game.players[0]!, early) - holdingsWorth(game, planning().players[0]!, early);
    const stallLate = holdingsWorth(game, game.players[0]!, late) - holdingsWorth(game, planning().players[0]!, late);
    expect(stall).toBeGreaterThan(stallLate);
    expect(stallLate).toBeGreaterThan(0);
  });

  it('an upgrade is worth more once its condition is near', () => {
    const game = holding(planning(), ANN, [206]); // Brickworks: production 2G>3Building
    const outlook = outlookOf(viewFor(game, ANN), BASIC_BOT_TUNING);
    const withBuildings = holding(game, ANN, [122, 122]);
    const value = (g: Game) => holdingsWorth(g, g.players[0]!, outlook);
    const brickworks = (g: Game, without: Game) => value(g) - value(without);
    expect(brickworks(withBuildings, holding(planning(), ANN, [122, 122]))).toBeGreaterThan(brickworks(game, planning()));
  });
});

describe('clash odds', () => {
  it('agree with the rules page table', () => {
    expect(headToHead(1, 1, 0)).toBeCloseTo(0.677, 3);
    expect(headToHead(2, 3, 0)).toBeCloseTo(0.827, 3);
    expect(headToHead(3, 0, 6)).toBeCloseTo(1 - 0.937, 3);
    expect(headToHead(1, 5, 0)).toBeCloseTo(1, 12);
  });

  it('a reroll cannot beat a total out of reach of the dice', () => {
    expect(rerollOdds(1, 0, 0, 7)).toBe(0);
    expect(rerollOdds(1, 0, 0, 0)).toBeCloseTo(1, 12);
  });
});

describe('determinize', () => {
  it('makes a game that shows the same view', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const game = planning(seed);
      const view = viewFor(game, ANN);
      const world = determinize(view, rngFromState(xoroshiroState(seed)));
      expect({ ...viewFor(world, ANN), events: [] }).toEqual({ ...view, events: [] });
    }
  });
});

describe('tuning by age', () => {
  for (const [bot, tuning] of Object.entries({ easy_bot: EASY_BOT_TUNING, basic_bot: BASIC_BOT_TUNING, basic_bot2: BASIC_BOT2_TUNING })) {
    it(`${bot} has the same parameters for ages 1, 2 and 3`, () => {
      const keys = Object.keys(tuning['1']).sort();
      expect(keys.length).toBeGreaterThan(0);
      for (const age of ['2', '3'] as const) expect(Object.keys(tuning[age]).sort()).toEqual(keys);
      for (const age of ['1', '2', '3'] as const) {
        for (const value of Object.values(tuning[age])) expect(Array.isArray(value) || Number.isFinite(value)).toBe(true);
      }
    });
  }
});
