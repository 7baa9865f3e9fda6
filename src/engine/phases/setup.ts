/**
 * Setup: the start of an age (its deck and basic pile) and of a turn (dealing the trade row and
 * the tribute row, and pre-rolling dice under prerollDice).
 */
import { basicSupply } from '../cards/definitions.js';
import { rollDice, shuffle } from '../rng.js';
import type { Game, TurnRecord } from '../state.js';
import { emit, mapPlayerIDs, rngOf, type Step } from '../step.js';
import type { Age, CardID } from '../types.js';

interface AgePiles {
  deck: Record<Age, CardID[]>;
  basic: Record<Age, CardID[]>;
}

// The piles depend only on the card set, which games share by reference: work them out once.
const pilesCache = new WeakMap<Game['cardsByID'], AgePiles>();

function agePiles(cardsByID: Game['cardsByID']): AgePiles {
  const known = pilesCache.get(cardsByID);
  if (known) return known;
  const cards = Object.values(cardsByID);
  const piles: AgePiles = { deck: { 1: [], 2: [], 3: [] }, basic: { 1: [], 2: [], 3: [] } };
  for (const age of [1, 2, 3] as Age[]) {
    piles.deck[age] = cards.filter((c) => c.age === age && c.affinity !== 'Basic' && c.affinity !== 'Leader').map((c) => c.id);
    piles.basic[age] = basicSupply(cards, age)
      .sort((a, b) => (a.age ?? 4) - (b.age ?? 4) || a.id - b.id)
      .map((c) => c.id);
  }
  pilesCache.set(cardsByID, piles);
  return piles;
}

/** The cards of the current age's deck: every age card of that age in this game's card set. */
export function ageCardIDs(game: Game): CardID[] {
  return agePiles(game.cardsByID).deck[game.age];
}

export function setUpAge(s: Step): void {
  const g = s.game;
  emit(s, 'SET_UP_AGE', { age: g.age });
  g.deck = shuffle(ageCardIDs(g), rngOf(s));
  g.basicPile = agePiles(g.cardsByID).basic[g.age];
}

/** Draws the top card of the deck; an empty deck first takes back this age's discarded cards. */
function drawCard(s: Step): CardID | null {
  const g = s.game;
  if (g.deck.length === 0) {
    // This age's discards come back first; only if there are none do earlier ages' cards return.
    const thisAge = g.discard.filter((id) => g.cardsByID[id]!.age === g.age);
    const back = thisAge.length > 0 ? thisAge : g.discard;
    if (back.length === 0) return null;
    g.discard = thisAge.length > 0 ? g.discard.filter((id) => g.cardsByID[id]!.age !== g.age) : [];
    g.deck = shuffle(back, rngOf(s));
  }
  const [top, ...rest] = g.deck;
  g.deck = rest;
  return top!;
}

function dealTradeRow(s: Step): void {
  const g = s.game;
  const table = g.tableIDs.slice();
  while (table.length < g.boardSize) table.push(null);
  for (let i = 0; i < table.length; i++) {
    if (table[i] !== null) continue;
    const card = drawCard(s);
    if (card === null) break;
    table[i] = card;
    emit(s, 'DEAL_CARD', { cardID: card });
  }
  // With deck and discard both spent, the row closes up rather than keep empty slots.
  g.tableIDs = table.filter((id) => id !== null);
}

function dealTributeRow(s: Step): void {
  const g = s.game;
  const row = g.tributeRow.slice();
  while (row.length < g.tributeRowSize) {
    if (g.tributeDeck.length === 0) {
      if (g.tributeDiscard.length === 0) break;
      g.tributeDeck = shuffle(g.tributeDiscard, rngOf(s));
      g.tributeDiscard = [];
      emit(s, 'TRIBUTES_RESHUFFLED', { count: g.tributeDeck.length });
    }
    const [top, ...rest] = g.tributeDeck;
    g.tributeDeck = rest;
    row.push(top!);
    emit(s, 'DEAL_TRIBUTE', { cardID: top! });
  }
  g.tributeRow = row;
}

const emptyRecord = (heldBefore: CardID[]): TurnRecord => ({
  gained: [],
  clashes: [],
  gainedGold: 0,
  gainedMilitary: 0,
  gainedFavor: 0,
  heldBefore,
});

export function setUpTurn(s: Step): void {
  const g = s.game;
  emit(s, 'SET_UP_TURN', { turn: g.turn });
  dealTradeRow(s);
  dealTributeRow(s);
  g.turnRecordByPlayerID = mapPlayerIDs(g, (p) => emptyRecord(p.cardIDs));
  g.productionDataByPlayerID = {};
  g.planningDataByPlayerID = {};
  if (g.options.prerollDice) {
    const rng = rngOf(s);
    g.prerolledDiceByPlayerID = mapPlayerIDs(g, () => rollDice(g.age, rng));
  }
}
