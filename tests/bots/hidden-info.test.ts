/**
 * Bots never see hidden information. Two games that differ only in what a player may not see
 * (deck and tribute deck order, the PRNG, pre-rolled dice, the turn's record, other players'
 * bids before the reveal, favor under hideFavor) give that player the same view, and so every
 * bot in that seat the same decision from the same rng.
 */
import { describe, expect, it } from 'vitest';
import { BOTS } from '../../src/bots/index.js';
import { botDecision, decisionRng } from '../../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import {
  advance,
  applyAction,
  createGame,
  pendingDecision,
  rngFromState,
  rollDice,
  xoroshiroState,
  shuffle,
  viewFor,
  type BotType,
  type Game,
  type UserID,
} from '../../src/engine/index.js';

const SEATS = ['ann', 'bob', 'cat'];

/** The same game with everything hidden from players changed. */
function perturbed(game: Game, salt: number): Game {
  const rng = rngFromState(xoroshiroState(salt));
  return {
    ...game,
    rngState: xoroshiroState(salt * 7919),
    seed: salt,
    deck: shuffle(game.deck, rng),
    tributeDeck: shuffle(game.tributeDeck, rng),
    prerolledDiceByPlayerID: Object.fromEntries(game.players.map((p) => [p.userID, rollDice(game.age, rng)])),
    turnRecordByPlayerID: Object.fromEntries(
      Object.entries(game.turnRecordByPlayerID).map(([id, r]) => [id, { ...r, gainedGold: r.gainedGold + 3, gainedFavor: r.gainedFavor + 2 }]),
    ),
    // Under hideFavor nobody sees favor until the end.
    players: game.options.hideFavor ? game.players.map((p) => ({ ...p, counters: { ...p.counters, favor: p.counters.favor + 11 } })) : game.players,
  };
}

/** In planning, the two other seats bid differently in each twin (their bids are hidden from `viewer`). */
function withHiddenBids(game: Game, viewer: UserID, choice: 'low' | 'high'): Game {
  let g = game;
  for (const other of g.players.map((p) => p.userID).filter((id) => id !== viewer)) {
    const decision = pendingDecision(g, other);
    if (decision?.type !== 'BID') continue;
    const indexes = decision.tradeRowIndexes;
    const bid = choice === 'low' ? { tradeRowIndex: indexes[0]!, military: 0 } : { tradeRowIndex: indexes[indexes.length - 1]!, military: decision.maxMilitary };
    const result = applyAction(g, other, { type: 'BID', bid }, g.updateTimestamp);
    if (!result.ok) throw new Error(result.message);
    g = advance(result.game, g.updateTimestamp).game;
  }
  return g;
}

/** States of a seeded game where the first seat has a decision to make. */
function decisionStates(seed: number, options: Partial<Game['options']>): Game[] {
  const seats = SEATS.map((userID) => ({ userID, botType: 'basic_bot' as BotType }));
  let game = advance(createGame({ players: seats, options, definitions: GAME_DEFINITIONS }, seed, 0), 0).game;
  const states: Game[] = [];
  let now = 0;
  while (game.gameEndTimestamp === null) {
    for (let seat = 0; seat < seats.length; seat++) {
      if (seat === 0 && pendingDecision(game, 'ann')) states.push(game);
      const action = botDecision(game, seat, seed);
      if (!action) continue;
      now += 1000;
      const result = applyAction(game, seats[seat]!.userID, action, now);
      if (!result.ok) throw new Error(result.message);
      game = advance(result.game, now).game;
    }
  }
  return states;
}

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

describe('bots see only their own view', () => {
  for (const bot of ['random_card', 'easy_bot', 'basic_bot', 'valid_move'] as BotType[]) {
    it(`${bot} decides the same whatever is hidden`, () => {
      let checked = 0;
      OPTIONS.forEach((options, i) => {
        for (const state of decisionStates(10 + i, options)) {
          expectSameDecision(bot, state, perturbed(state, 5 + checked), 'ann', checked);
          if (state.phase === 'PLANNING') {
            expectSameDecision(bot, withHiddenBids(state, 'ann', 'low'), perturbed(withHiddenBids(state, 'ann', 'high'), 9), 'ann', checked);
          }
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(60);
    });
  }

  it('no bot asks its view for a field only the raw game has', () => {
    const states = decisionStates(31, OPTIONS[1]!);
    for (const bot of ['random_card', 'easy_bot', 'basic_bot', 'basic_bot2', 'valid_move'] as BotType[]) {
      for (const state of states.filter((_, i) => bot !== 'basic_bot2' || i % 4 === 0)) {
        expect(() => BOTS[bot].decide(guarded(state, 'ann'), 'ann', decisionRng(1, 0, state.sequenceID))).not.toThrow();
      }
    }
  });

  it('basic_bot2 decides the same whatever is hidden', () => {
    const states = decisionStates(21, OPTIONS[0]!).filter((s) => s.phase === 'PLANNING');
    for (const state of states.filter((_, i) => i % 3 === 0)) {
      expectSameDecision('basic_bot2', withHiddenBids(state, 'ann', 'low'), perturbed(withHiddenBids(state, 'ann', 'high'), 3), 'ann', state.turn);
    }
  });
});
