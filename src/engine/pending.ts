/**
 * Pending decisions as data: what a player must decide now, derived from the game (or their
 * view of it). The web client and the bots answer the same question; `legalActions` lists every
 * action that would be accepted.
 */
import type { Action } from './actions/action.js';
import { baseGold, baseMilitary } from './effects.js';
import type { Game } from './state.js';
import type { CardID, UserID } from './types.js';
import type { GameView } from './view.js';

export interface CardChoice {
  cardID: CardID;
  goldCost: number;
  affordable: boolean;
}

export type Decision =
  | { type: 'BID'; tradeRowIndexes: number[]; minMilitary: number; maxMilitary: number }
  | { type: 'WAIT_FOR_OTHERS'; canUnbid: boolean }
  | { type: 'REROLL'; rerollRound: number; rerollTokens: number }
  | { type: 'RESOLVE'; choices: CardChoice[] };

type Viewable = Game | GameView;

export function pendingDecision(game: Viewable, userID: UserID): Decision | null {
  if (game.gameEndTimestamp !== null) return null;
  const player = game.players.find((p) => p.userID === userID);
  if (!player) return null;
  const asGame = game as Game;
  switch (game.phase) {
    case 'PLANNING': {
      if (game.bidsByPlayerID[userID]) return { type: 'WAIT_FOR_OTHERS', canUnbid: game.options.unbid };
      const base = baseMilitary(asGame, player);
      const tradeRowIndexes = game.tableIDs.flatMap((id, index) => (id === null ? [] : [index]));
      return { type: 'BID', tradeRowIndexes, minMilitary: Math.min(base, player.counters.military + base), maxMilitary: player.counters.military + base };
    }
    case 'WAR':
      return game.rollSelectionsByPlayerID[userID] === 'na'
        ? { type: 'REROLL', rerollRound: game.rerollRound, rerollTokens: player.counters.rerollTokens }
        : null;
    case 'RESOLUTION': {
      if (game.resolvesByPlayerID[userID]) return null;
      const bid = game.bidsByPlayerID[userID];
      const won = bid && game.winnersByTradeRowIndex[bid.tradeRowIndex] === userID ? game.tableIDs[bid.tradeRowIndex] : null;
      const base = baseGold(asGame, player);
      const ids = won != null ? [won, ...game.basicPile] : game.basicPile;
      const choices = ids.map((cardID) => {
        const card = game.cardsByID[cardID]!;
        const goldCost = Math.max(0, card.cost - base);
        const affordable = goldCost <= player.counters.gold && (card.additionalCosts?.warTokens ?? 0) <= player.counters.warTokens;
        return { cardID, goldCost, affordable };
      });
      return { type: 'RESOLVE', choices };
    }
    default:
      return null;
  }
}

export function legalActions(game: Viewable, userID: UserID): Action[] {
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
    case 'REROLL':
      return [
        ...(decision.rerollTokens > 0 ? [{ type: 'REROLL', rollSelection: { rerollType: 'reroll', rerollRound: decision.rerollRound } } as const] : []),
        { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } },
      ];
    case 'RESOLVE':
      return decision.choices.filter((c) => c.affordable).map((c) => ({ type: 'RESOLVE', resolve: { cardIDToGain: c.cardID } }));
  }
}
