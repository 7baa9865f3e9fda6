/**
 * A game's durable record is its log: the actions (and the game-room chat steps) in order. The
 * stored state is a snapshot that makes loading fast; the steps after it are re-run through the
 * engine, which is deterministic, so a snapshot plus its tail is the game the live server held.
 */
import { advance, applyAction, type Action, type Game, type GameEvent, type StandInReason, type UserID } from '../../engine/index.js';
import { withChat } from './game-chat.js';
import { withStandIn } from './stand-in.js';

export interface StoredAction {
  userID: UserID;
  action: Action;
  /** The game's sequenceID once this action was applied. */
  sequenceID: number;
  at: number;
  /** Set when a stand-in bot took the action for the seat's player: why. */
  standIn?: StandInReason;
}

/** The events one committed step appended, under the sequenceID the step ended at. */
export interface StoredEvents {
  sequenceID: number;
  events: readonly GameEvent[];
}

/**
 * The game at `lastSequenceID`, from a snapshot and the log after it: each action is applied and
 * the automatic steps run at the action's own time (as the live pipeline did); a step without an
 * action is a chat step (game-chat.ts), re-appended from its stored CHAT event; an action a
 * stand-in took gets its STAND_IN mark again (stand-in.ts). Throws when the
 * log does not lead from the snapshot to `lastSequenceID`: a bug, never a player's mistake.
 */
export function replayTail(snapshot: Game, actions: readonly StoredAction[], events: readonly StoredEvents[], lastSequenceID: number): Game {
  const chatAt = new Map<number, Extract<GameEvent, { type: 'CHAT' }>>();
  for (const row of events) {
    const only = row.events.length === 1 ? row.events[0]! : null;
    if (only?.type === 'CHAT') chatAt.set(row.sequenceID, only);
  }
  let game = snapshot;
  let next = 0;
  while (game.sequenceID < lastSequenceID) {
    const action = actions[next];
    if (action && action.sequenceID === game.sequenceID + 1) {
      // The stand-in's mark goes before the action's events, as it did live.
      if (action.standIn) game = withStandIn(game, action.userID, action.action, action.standIn, action.at).game;
      const result = applyAction(game, action.userID, action.action, action.at);
      if (!result.ok) throw new Error(`game ${game.id}: stored action ${action.sequenceID} is refused on replay: ${result.message}`);
      game = advance(result.game, action.at).game;
      next++;
      continue;
    }
    const chat = chatAt.get(game.sequenceID + 1);
    if (!chat) throw new Error(`game ${game.id}: the log has no step after sequenceID ${game.sequenceID} (stored up to ${lastSequenceID})`);
    game = withChat(game, chat.payload.userID, chat.payload.text, chat.timestamp).game;
  }
  if (game.sequenceID !== lastSequenceID) throw new Error(`game ${game.id}: the log leads to sequenceID ${game.sequenceID}, the game is stored at ${lastSequenceID}`);
  return game;
}
