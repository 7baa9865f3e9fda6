/** Situations on the real card set for bot behaviour tests: a 2-player game edited into shape. */
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { advance, applyAction, createGame, type Action, type CardID, type Game, type TributeID } from '../../src/engine/index.js';

export const ANN = 'ann';
export const BOB = 'bob';

/** Real cards the tests use. */
export const CARDS = {
  villageLevy: 120,
  villageMilitia: 121,
  wayside: 123,
  fort: 133,
  town: 132,
  shieldwall: 217,
  chariots: 225,
  starChart: 235,
  minstrel: 247,
  ruins: 248,
} as const;

export const OFFERING_TO_ZEONA = 1005;
export const OFFERING_TO_TYROS = 1004;
export const CORNERSTONE_RITE = 1001;

/** A 2-player game on the real card set in its first planning phase. */
export function planning(seed = 3): Game {
  const players = [ANN, BOB].map((userID) => ({ userID }));
  return advance(createGame({ players, definitions: GAME_DEFINITIONS }, seed, 0), 0).game;
}

// State edits are the engine tests' own (tests/support/scenario.ts), under the names these tests use.
export { withCounters as counters, withCards as holding } from '../support/scenario.js';

/** The trade row and tribute row set to these cards (taken out of the decks). */
export function rows(game: Game, table: CardID[], tributes: TributeID[]): Game {
  return {
    ...game,
    tableIDs: table,
    deck: game.deck.filter((id) => !table.includes(id)),
    tributeRow: tributes,
    tributeDeck: game.tributeDeck.filter((id) => !tributes.includes(id)),
  };
}

export function act(game: Game, userID: string, action: Action): Game {
  const result = applyAction(game, userID, action, game.updateTimestamp + 1000);
  if (!result.ok) throw new Error(`${userID}: ${result.message}`);
  return advance(result.game, game.updateTimestamp + 1000).game;
}

export const bid = (tradeRowIndex: number, military = 0): Action => ({ type: 'BID', bid: { tradeRowIndex, military } });
