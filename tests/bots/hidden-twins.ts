/**
 * Hidden twins, for the tests that bots and the spectators' odds read only what they may see: the
 * states of a seeded three-player game where ann has a decision to make, and the same state with
 * what a viewer may not see changed (deck orders, the generator, pre-rolled dice, the turn's
 * record, favor under hideFavor, choices not yet revealed). A twin must give the same view.
 */
import { playSeats } from '../../src/bots/game-loop.js';
import { botDecision } from '../../src/bots/harness.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import {
  advance,
  applyAction,
  pendingDecision,
  rngFromState,
  rollDice,
  shuffle,
  startGame,
  xoroshiroState,
  type Action,
  type Bid,
  type BotType,
  type Decision,
  type Game,
  type UserID,
} from '../../src/engine/index.js';

export const SEATS = ['ann', 'bob', 'cat'];

/** States of a seeded game where ann, the first seat, has a decision to make; `bots` play the seats. */
export function annDecisionStates(seed: number, options: Partial<Game['options']>, bots: readonly BotType[] = ['basic_bot', 'basic_bot', 'basic_bot']): Game[] {
  const states: Game[] = [];
  playSeats(
    startGame({ players: SEATS.map((userID, i) => ({ userID, botType: bots[i]! })), options, definitions: GAME_DEFINITIONS }, seed, 0),
    ({ game, seat }) => {
      if (seat === 0 && pendingDecision(game, 'ann')) states.push(game);
      return botDecision(game, seat, seed);
    },
    { now: 0, stepMillis: 1000 },
  );
  return states;
}

/** The same game with what no player sees changed: deck and tribute deck order, generator, pre-rolled dice. */
export function withHiddenOrder(game: Game, salt: number): Game {
  const rng = rngFromState(xoroshiroState(salt));
  return {
    ...game,
    rngState: xoroshiroState(salt * 7919),
    seed: salt,
    deck: shuffle(game.deck, rng),
    tributeDeck: shuffle(game.tributeDeck, rng),
    prerolledDiceByPlayerID: Object.fromEntries(game.players.map((p) => [p.userID, rollDice(game.age, rng)])),
  };
}

/** The same game with everything hidden from `viewer` (null: a spectator) changed; its bids and gains aside. */
export function perturbed(game: Game, salt: number, viewer: UserID | null): Game {
  return {
    ...withHiddenOrder(game, salt),
    turnRecordByPlayerID: Object.fromEntries(
      Object.entries(game.turnRecordByPlayerID).map(([id, r]) => [id, { ...r, gainedGold: r.gainedGold + 3, gainedFavor: r.gainedFavor + 2 }]),
    ),
    // Under hideFavor nobody sees favor until the end, nor another player's tribute tokens.
    players: game.options.hideFavor
      ? game.players.map((p) => ({
          ...p,
          counters: { ...p.counters, favor: p.counters.favor + 11, tributeTokens: p.counters.tributeTokens + (p.userID === viewer ? 0 : 2) },
        }))
      : game.players,
  };
}

/** `userID`'s action taken and the game advanced at the same moment; a refused action throws. */
export function acted(game: Game, userID: UserID, action: Action): Game {
  const result = applyAction(game, userID, action, game.updateTimestamp);
  if (!result.ok) throw new Error(result.message);
  return advance(result.game, game.updateTimestamp).game;
}

/** The two ends of a bid decision: low, the first slot at 0; high, the last slot at the most military. */
export function extremeBid(decision: Extract<Decision, { type: 'BID' }>, choice: 'low' | 'high'): Bid {
  const indexes = decision.tradeRowIndexes;
  return choice === 'low' ? { tradeRowIndex: indexes[0]!, military: 0 } : { tradeRowIndex: indexes[indexes.length - 1]!, military: decision.maxMilitary };
}

/**
 * In planning, the other seats yet to bid bid `choice` (their bids are hidden from `viewer`); the
 * same game object when none is left to bid.
 */
export function withHiddenBids(game: Game, viewer: UserID, choice: 'low' | 'high'): Game {
  let g = game;
  for (const other of g.players.map((p) => p.userID).filter((id) => id !== viewer)) {
    const decision = pendingDecision(g, other);
    if (decision?.type !== 'BID') continue;
    g = acted(g, other, { type: 'BID', bid: extremeBid(decision, choice) });
  }
  return g;
}
