/**
 * The action the player sent that the server has not answered yet, laid over the server's view
 * so that a click shows its result at once: after Submit the player is ready and waiting, after
 * Undo the bid is taken back, after a gain or a reroll choice the player is ready. The server's
 * view stays the truth: the overlay changes only what the engine's own action changes for the
 * viewer (their bid, gain or roll choice, their ready mark, and the decision the engine works out
 * from that, as the view's own is), and only while the view still asks the decision the action
 * answers. Once the server's view shows the action (or the game has moved on), the view alone is
 * shown; a refusal drops the overlay, so the screen goes back to the view.
 */
import { pendingDecision, type Decision } from '../../engine/pending.js';
import type { Action } from '../../engine/index.js';
import type { GameScreenState, WireGame } from './model.js';
import { stepKeyOf } from './selection.js';

export interface PendingAction {
  action: Action;
  /** The step it was sent in (stepKeyOf): an overlay never outlives its step. */
  stepKey: string;
}

export function pendingActionOf(state: Pick<GameScreenState, 'game'>, action: Action): PendingAction {
  return { action, stepKey: stepKeyOf(state) };
}

/** Whether `decision` is the one the action answers, so the view does not show the action yet. */
function answers(action: Action, decision: Decision | null): boolean {
  switch (action.type) {
    case 'BID':
      return decision?.type === 'BID';
    case 'UNBID':
      return decision?.type === 'WAIT_FOR_OTHERS';
    case 'REROLL':
      return decision?.type === 'REROLL' && decision.rerollRound === action.rollSelection.rerollRound;
    case 'RESOLVE':
      return decision?.type === 'RESOLVE';
  }
}

/** What the action changes for the viewer, as the engine's action does (src/engine/actions). */
function applied(game: WireGame, me: string, action: Action): WireGame {
  const ready = (value: boolean) => ({ ...game.readyByUserID, [me]: value });
  switch (action.type) {
    case 'BID': {
      const bid = { military: action.bid.military, tradeRowIndex: action.bid.tradeRowIndex };
      const selectedCard = game.tableIDs[bid.tradeRowIndex] ?? null;
      return {
        ...game,
        bidsByPlayerID: { ...game.bidsByPlayerID, [me]: bid },
        players: game.players.map((p) => (p.userID === me ? { ...p, bid, selectedCard } : p)),
        readyByUserID: ready(true),
      };
    }
    case 'UNBID': {
      const bidsByPlayerID = { ...game.bidsByPlayerID };
      delete bidsByPlayerID[me];
      return {
        ...game,
        bidsByPlayerID,
        players: game.players.map((p) => (p.userID === me ? { ...p, bid: null, selectedCard: null } : p)),
        readyByUserID: ready(false),
      };
    }
    case 'REROLL':
      return { ...game, rollSelectionsByPlayerID: { ...game.rollSelectionsByPlayerID, [me]: action.rollSelection.rerollType }, readyByUserID: ready(true) };
    case 'RESOLVE':
      return { ...game, resolvesByPlayerID: { ...game.resolvesByPlayerID, [me]: { cardIDToGain: action.resolve.cardIDToGain } }, readyByUserID: ready(true) };
  }
}

/** Whether the view still asks what the action answers: not, once it shows the action (or the game moved on). */
export function stillAsked(state: Pick<GameScreenState, 'game'>, pending: PendingAction): boolean {
  return stepKeyOf(state) === pending.stepKey && answers(pending.action, state.game.decision);
}

/** The screen's state with the pending action's result laid over the view, or the view itself when there is nothing to lay. */
export function withPendingAction(state: GameScreenState, pending: PendingAction | null): GameScreenState {
  const me = state.me;
  if (!pending || me === null || !stillAsked(state, pending)) return state;
  const game = applied(state.game, me, pending.action);
  return { ...state, game: { ...game, decision: pendingDecision({ ...game, cardsByID: state.cardsByID }, me) } };
}
