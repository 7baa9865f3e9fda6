/**
 * Helpers for ability and tribute tests on the mini card set: named mini cards, a stock of cards to
 * hold that never reach a deck, state edits for the turn record, the tribute row and the dice, and
 * whole turns played in one call.
 */
import type { EventPayloads, EventType, Game } from '../../src/engine/index.js';
import { card } from './mini-cards.js';
import { bidAll, eventsOf, gainAll, withCards } from './scenario.js';

/** The mini set's basic cards. */
export const TOWN = 120;
export const FORT = 121;
/** Costs nothing, gives 1 gold: the basic card to gain when a test does not care. */
export const OFFERING = 122;
/** Costs 1 gold, gives 2 military. */
export const LEVY = 123;

/** The mini set's first age 1 cards (cost 1, favor 1), by affinity and type. */
export const AGE1 = {
  derionBuilding: 200,
  tyrosBuilding: 201,
  zeonaBuilding: 202,
  derionUnit: 203,
  tyrosUnit: 204,
  zeonaUnit: 205,
  derionEvent: 206,
  tyrosEvent: 207,
  zeonaEvent: 208,
} as const;

const STOCK_AFFINITIES = ['Derion', 'Tyros', 'Zeona', 'None'] as const;
const STOCK_TYPES = ['Building', 'Unit', 'Event'] as const;
type StockAffinity = (typeof STOCK_AFFINITIES)[number];
type StockType = (typeof STOCK_TYPES)[number];

/** A card to hold: no age, so it is never dealt; five copies of each affinity and type. */
export function heldID(affinity: StockAffinity, type: StockType, copy = 0): number {
  return 6000 + STOCK_AFFINITIES.indexOf(affinity) * 100 + STOCK_TYPES.indexOf(type) * 10 + copy;
}

/** The held-card stock, to pass in `extraCards`. */
export function heldStock(): Record<string, unknown>[] {
  return STOCK_AFFINITIES.flatMap((affinity) =>
    STOCK_TYPES.flatMap((type) =>
      [0, 1, 2, 3, 4].map((copy) =>
        card(heldID(affinity, type, copy), `Held ${affinity} ${type} ${copy}`, { affinity, type, age: null, cost: 1, favor: 1 }),
      ),
    ),
  );
}

/** `count` held cards of one affinity and type (distinct copies). */
export const heldCards = (affinity: StockAffinity, type: StockType, count: number): number[] =>
  Array.from({ length: count }, (_, copy) => heldID(affinity, type, copy));

/**
 * Gives a player cards held since before this turn: the turn's record (which tributes read for
 * "held before this turn's gain") is kept in step.
 */
export function withHeld(game: Game, userID: string, cardIDs: number[]): Game {
  const next = withCards(game, userID, cardIDs);
  const record = next.turnRecordByPlayerID[userID]!;
  return {
    ...next,
    turnRecordByPlayerID: { ...next.turnRecordByPlayerID, [userID]: { ...record, heldBefore: [...record.heldBefore, ...cardIDs] } },
  };
}

/** Sets the tribute row, deck and discard (to set up a situation). */
export function withTributes(game: Game, row: number[], deck: number[] = [], discard: number[] = []): Game {
  return { ...game, tributeRow: row, tributeDeck: deck, tributeDiscard: discard };
}

/** Fixes the first roll of this turn's clashes; the game needs the prerollDice option. */
export function withDice(game: Game, dice: Record<string, number[]>): Game {
  if (!game.options.prerollDice) throw new Error('withDice needs the prerollDice option');
  return { ...game, prerolledDiceByPlayerID: { ...game.prerolledDiceByPlayerID, ...dice } };
}

/** A whole turn: every player bids, then every player gains a card (no rerolls: nobody holds a token). */
export function playTurn(game: Game, bids: Record<string, [number, number?]>, gains: Record<string, number>): Game {
  return gainAll(bidAll(game, bids), gains);
}

/** Plays `turns` quiet turns: each player bids 0 on their own trade row slot and gains an Offering. */
export function playQuietTurns(game: Game, turns: number): Game {
  for (let i = 0; i < turns; i++) {
    const bids = Object.fromEntries(game.players.map((p, seat): [string, [number, number]] => [p.userID, [seat, 0]]));
    const gains = Object.fromEntries(game.players.map((p) => [p.userID, OFFERING]));
    game = playTurn(game, bids, gains);
  }
  return game;
}

/** The payloads of every event of one type so far. */
export function payloadsOf<T extends EventType>(game: Game, type: T): EventPayloads[T][] {
  return eventsOf(game, type).map((e) => e.payload as EventPayloads[T]);
}

/** The GAIN_TRIBUTES payload of a player who met `tributeIDs`, worth `tokens` tribute tokens in all. */
export function tributesGained(userID: string, tributeIDs: number[], tokens: number, triggeredCards: unknown[] = []) {
  return { userID, tributeIDs, tributeTokens: tokens, favor: 3 * tokens, triggeredCards };
}

/** A triggered card's payload: zeros but for what it gave. */
export function triggered(cardID: number, amounts: Partial<Record<'gold' | 'military' | 'favor' | 'warTokens' | 'rerollTokens', number>>) {
  return { cardID, gold: 0, military: 0, favor: 0, warTokens: 0, rerollTokens: 0, ...amounts };
}
