/**
 * The end of a turn (cleanup) and of an age. Bids, choices and clashes are cleared; unclaimed
 * trade row cards stay, slide left (tradeRowSlide) or are wiped (wipeTradeRow). After the fifth
 * turn the age ends: trade row and deck go to the discard pile, the tribute row to the tribute
 * discard (with wipeTributeRow, the tribute deck too).
 */
import type { Player } from '../state.js';
import { emit, mapPlayerIDs, type Step } from '../step.js';
import type { CardID } from '../types.js';

function clearTurn(s: Step): void {
  const g = s.game;
  g.bidsByPlayerID = {};
  g.resolvesByPlayerID = {};
  g.rollsByPlayerID = {};
  g.prerolledDiceByPlayerID = {};
  g.clashes = [];
  g.rerollRound = 0;
  g.rollSelectionsByPlayerID = {};
  g.winnersByTradeRowIndex = {};
  g.readyByUserID = mapPlayerIDs(g, () => true);
  g.players = g.players.map((p): Player => (p.bid === null && p.selectedCard === null ? p : { ...p, bid: null, selectedCard: null }));
}

function cleanUpTradeRow(s: Step): void {
  const g = s.game;
  const left = g.tableIDs.filter((id): id is CardID => id !== null);
  if (g.options.wipeTradeRow) {
    g.discard = [...g.discard, ...left];
    g.tableIDs = [];
  } else if (g.options.tradeRowSlide) {
    left.forEach((id, index) => {
      if (g.tableIDs[index] !== id) emit(s, 'SLIDE_CARD', { cardID: id });
    });
    g.tableIDs = left;
  }
}

function endAge(s: Step): void {
  const g = s.game;
  g.discard = [...g.discard, ...g.tableIDs.filter((id): id is CardID => id !== null), ...g.deck];
  g.tableIDs = [];
  g.deck = [];
  for (const id of g.tributeRow) emit(s, 'DISCARD_TRIBUTE', { cardID: id });
  g.tributeDiscard = [...g.tributeDiscard, ...g.tributeRow];
  g.tributeRow = [];
  if (g.options.wipeTributeRow) {
    g.tributeDiscard = [...g.tributeDiscard, ...g.tributeDeck];
    g.tributeDeck = [];
  }
}

/** Ends the turn; returns 'game-over' after the last turn of the last age. */
export function endTurn(s: Step): 'next-turn' | 'next-age' | 'game-over' {
  const g = s.game;
  clearTurn(s);
  if (g.turn < g.turnsPerAge) {
    cleanUpTradeRow(s);
    g.turn += 1;
    return 'next-turn';
  }
  endAge(s);
  if (g.age === 3) return 'game-over';
  g.age = (g.age + 1) as 2 | 3;
  g.turn = 1;
  return 'next-age';
}
