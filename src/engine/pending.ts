/**
 * Pending decisions as data: what a player must decide now, derived from the game or from their
 * own view of it (a view holds everything read here). The web client, the views the server sends
 * and the bots answer the same question; `legalActions` lists exactly the actions `applyAction`
 * would accept from that player now.
 */
import type { Action } from './actions/action.js';
import { goldCost, paymentRefusal } from './costs.js';
import { baseGold, baseMilitary } from './effects.js';
import { errors, type RuleError } from './errors.js';
import type { Game } from './state.js';
import type { CardID, UserID } from './types.js';

/** What a pending decision reads of a game. A player's view has all of it. */
export type DecisionSource = Pick<
  Game,
  | 'gameEndTimestamp'
  | 'players'
  | 'phase'
  | 'options'
  | 'tableIDs'
  | 'basicPile'
  | 'cardsByID'
  | 'bidsByPlayerID'
  | 'resolvesByPlayerID'
  | 'rollSelectionsByPlayerID'
  | 'rerollRound'
  | 'winnersByTradeRowIndex'
>;

/** Why the engine would refuse a choice: its rule error's code and message. */
export type Refusal = Pick<RuleError, 'code' | 'message'>;

const refusalOf = (error: RuleError | null): Refusal | null => (error ? { code: error.code, message: error.message } : null);

export interface CardChoice {
  cardID: CardID;
  goldCost: number;
  affordable: boolean;
  /** Why this card cannot be gained now (not enough gold, or Clash tokens), or null when it can. */
  refusal: Refusal | null;
}

/**
 * - BID: any whole `military` from 0 to `maxMilitary` on any of `tradeRowIndexes` is accepted;
 *   `minMilitary` is the player's base military, which every bid gets for free (the bid slider's
 *   minimum: bidding less only gives it away).
 * - WAIT_FOR_OTHERS: the player has bid; they may take it back if `canUnbid`.
 * - REROLL: the player lost a clash of reroll round `rerollRound` and may decline, or reroll when
 *   `rerollRefusal` is null.
 * - RESOLVE: the player gains one of `choices`, the card they won first, then the basic pile.
 */
export type Decision =
  | { type: 'BID'; tradeRowIndexes: number[]; minMilitary: number; maxMilitary: number }
  | { type: 'WAIT_FOR_OTHERS'; canUnbid: boolean; unbidRefusal: Refusal | null }
  | { type: 'REROLL'; rerollRound: number; rerollTokens: number; rerollRefusal: Refusal | null }
  | { type: 'RESOLVE'; choices: CardChoice[] };

function cardChoice(game: DecisionSource, player: Game['players'][number], cardID: CardID, base: number): CardChoice {
  const refusal = refusalOf(paymentRefusal(game, player, cardID, base));
  return { cardID, goldCost: goldCost(game, player, cardID, base), affordable: refusal === null, refusal };
}

export function pendingDecision(game: DecisionSource, userID: UserID): Decision | null {
  if (game.gameEndTimestamp !== null) return null;
  const players = game.players;
  let player: Game['players'][number] | undefined;
  for (let i = 0; i < players.length; i++) {
    if (players[i]!.userID === userID) {
      player = players[i];
      break;
    }
  }
  if (!player) return null;
  switch (game.phase) {
    case 'PLANNING': {
      if (game.bidsByPlayerID[userID]) {
        const canUnbid = game.options.unbid;
        return { type: 'WAIT_FOR_OTHERS', canUnbid, unbidRefusal: canUnbid ? null : refusalOf(errors.unbidNotEnabled()) };
      }
      const base = baseMilitary(game, player);
      const tradeRowIndexes: number[] = [];
      const table = game.tableIDs;
      for (let index = 0; index < table.length; index++) if (table[index] !== null) tradeRowIndexes.push(index);
      return { type: 'BID', tradeRowIndexes, minMilitary: base, maxMilitary: player.counters.military + base };
    }
    case 'WAR': {
      if (game.rollSelectionsByPlayerID[userID] !== 'na') return null;
      const rerollTokens = player.counters.rerollTokens;
      return { type: 'REROLL', rerollRound: game.rerollRound, rerollTokens, rerollRefusal: rerollTokens > 0 ? null : refusalOf(errors.noRerollTokens()) };
    }
    case 'RESOLUTION': {
      if (game.resolvesByPlayerID[userID]) return null;
      const bid = game.bidsByPlayerID[userID];
      if (!bid) return null;
      // The card won is the one at the bid's slot, still the player's selected card (as RESOLVE checks).
      const won = game.tableIDs[bid.tradeRowIndex];
      const hasWon = won != null && game.winnersByTradeRowIndex[bid.tradeRowIndex] === userID && player.selectedCard === won;
      const base = baseGold(game, player);
      const choices: CardChoice[] = [];
      if (hasWon) choices.push(cardChoice(game, player, won, base));
      const pile = game.basicPile;
      for (let i = 0; i < pile.length; i++) choices.push(cardChoice(game, player, pile[i]!, base));
      return { type: 'RESOLVE', choices };
    }
    default:
      return null;
  }
}

/**
 * Every action the engine would accept from this player now, and nothing else (the property tests
 * hold it to that). Bids come slot by slot, each from 0 military up; a reroll choice declines first.
 */
export function legalActions(game: DecisionSource, userID: UserID): Action[] {
  const decision = pendingDecision(game, userID);
  if (!decision) return [];
  switch (decision.type) {
    case 'BID': {
      const actions: Action[] = [];
      for (const tradeRowIndex of decision.tradeRowIndexes) {
        for (let military = 0; military <= decision.maxMilitary; military++) actions.push({ type: 'BID', bid: { military, tradeRowIndex } });
      }
      return actions;
    }
    case 'WAIT_FOR_OTHERS':
      return decision.canUnbid ? [{ type: 'UNBID' }] : [];
    case 'REROLL': {
      const rerollRound = decision.rerollRound;
      const decline: Action = { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound } };
      return decision.rerollRefusal ? [decline] : [decline, { type: 'REROLL', rollSelection: { rerollType: 'reroll', rerollRound } }];
    }
    case 'RESOLVE':
      return decision.choices.filter((c) => c.affordable).map((c) => ({ type: 'RESOLVE', resolve: { cardIDToGain: c.cardID } }));
  }
}
