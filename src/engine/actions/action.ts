/**
 * The four things a player can do. An action from outside is
 * read by `parseAction` (parse-action.ts); a BID's military is NaN when what was sent was not a
 * number (the engine refuses it with the player's max bid).
 */
import type { RerollChoice } from '../state.js';
import type { CardID } from '../types.js';

export const REROLL_TYPES = ['reroll', 'decline'] as const;
export type RerollType = Exclude<RerollChoice, 'na'>;

export type Action =
  | { type: 'BID'; bid: { military: number; tradeRowIndex: number } }
  | { type: 'UNBID' }
  | { type: 'REROLL'; rollSelection: { rerollType: RerollType; rerollRound: number } }
  | { type: 'RESOLVE'; resolve: { cardIDToGain: CardID } };
export type ActionType = Action['type'];
export const ACTION_TYPES = ['BID', 'UNBID', 'REROLL', 'RESOLVE'] as const satisfies readonly ActionType[];
