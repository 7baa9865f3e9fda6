/**
 * parseAction: the one place an action from outside (a REST body, a tRPC input, a replay file, a
 * bot's answer, a stored action) becomes an `Action`. Past it the types are trusted: the engine
 * checks only what needs the game (phase, ranges, whose turn), never the shape again.
 *
 * Every malformed field gets the documented message (docs/protocol.md) for that field, not a schema
 * library's wording. One field cannot be refused here: military, whose message names the
 * player's max bid ('Invalid military bid: {n}. Max bid: {max}'), which only the game knows. A
 * military that is not a number is read as NaN, which no bid range holds, so the engine refuses it
 * with its max ('Invalid military bid: NaN. Max bid: 4'). Unknown extra fields are dropped.
 */
import { errors, type RuleError } from '../errors.js';
import { ACTION_TYPES, REROLL_TYPES, type Action, type ActionType, type RerollType } from './action.js';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isActionType = (value: unknown): value is ActionType => ACTION_TYPES.some((type) => type === value);
const isRerollType = (value: unknown): value is RerollType => REROLL_TYPES.some((type) => type === value);
/** A whole number from 0 up: a trade row index, a reroll round, a card id. */
const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A value as a message shows it: short, and never a throw (an object without a prototype, a symbol). */
function shown(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `${value.slice(0, 40)}...` : value;
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return String(value);
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** The payload object of an action (`bid`, `rollSelection`, `resolve`); a missing one reads as empty. */
const payload = (value: unknown): Fields => (isFields(value) ? value : {});

export function parseAction(input: unknown): Action | RuleError {
  const fields = payload(input);
  const type = fields.type;
  if (!isActionType(type)) return errors.unknownActionType(shown(type));
  switch (type) {
    case 'BID': {
      const { military, tradeRowIndex } = payload(fields.bid);
      if (!isIndex(tradeRowIndex)) return errors.invalidTradeRowIndex();
      return { type, bid: { military: typeof military === 'number' ? military : Number.NaN, tradeRowIndex } };
    }
    case 'UNBID':
      return { type };
    case 'REROLL': {
      const { rerollType, rerollRound } = payload(fields.rollSelection);
      if (!isIndex(rerollRound)) return errors.rerollRoundMismatch();
      if (!isRerollType(rerollType)) return errors.invalidRerollType();
      return { type, rollSelection: { rerollType, rerollRound } };
    }
    case 'RESOLVE': {
      const { cardIDToGain } = payload(fields.resolve);
      if (!isIndex(cardIDToGain)) return errors.cardToGainNotFound();
      return { type, resolve: { cardIDToGain } };
    }
  }
}
