/**
 * applyAction: the one way a player changes a game. Returns the new game and its events, or a
 * rule error with its documented message (docs/protocol.md); the game passed in is never changed. The action is trusted:
 * input from outside is read by `parseAction` first.
 */
import type { Action } from './actions/action.js';
import { bid, unbid } from './actions/bid.js';
import { reroll } from './actions/reroll.js';
import { resolve } from './actions/resolve.js';
import { errors, type RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import { SAVE_VERSION, type Game } from './state.js';
import { beginStep, endStep, seatOf } from './step.js';
import type { UserID } from './types.js';

export type ActionResult = { ok: true; game: Game; events: GameEvent[] } | RuleError;

export function applyAction(game: Game, userID: UserID, action: Action, now: number): ActionResult {
  if (game.version !== SAVE_VERSION) return errors.versionMismatch(game.version, SAVE_VERSION);
  const seat = seatOf(game, userID);
  if (seat < 0) return errors.invalidUser();
  if (game.gameEndTimestamp !== null) return errors.gameOver();
  const s = beginStep(game, now);
  let error: RuleError | null;
  switch (action.type) {
    case 'BID':
      error = bid(s, seat, action.bid);
      break;
    case 'UNBID':
      error = unbid(s, seat);
      break;
    case 'REROLL':
      error = reroll(s, seat, action.rollSelection);
      break;
    case 'RESOLVE':
      error = resolve(s, seat, action.resolve);
      break;
  }
  if (error) return error;
  s.game.sequenceID = game.sequenceID + 1;
  return { ok: true, ...endStep(s) };
}
