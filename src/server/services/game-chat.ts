/**
 * Game-room chat in the game's event log: each message sent in `game/{id}` while the game runs is
 * also a CHAT {userID, text} event, so the log tells the game with what was said
 * during it. A CHAT event is no rule: it is a step of its own (a new sequenceID, so clients get it
 * like any other change) that touches nothing but the log, and it has no action behind it.
 */
import type { Game, GameEvent, UserID } from '../../engine/index.js';
import { viewerOf } from './game-views.js';

/**
 * The most CHAT events one game's log holds: the log goes whole to every client that opens the
 * game, so talk must not grow it without end. Past it, messages stay in the room only.
 */
export const MAX_CHAT_EVENTS = 200;

/**
 * Whether a message from `userID` goes into the game's log: only while the game runs, only from
 * its players (spectators talk in the room, not in the game's record), and only up to
 * MAX_CHAT_EVENTS.
 */
export function logsChat(game: Game, userID: UserID): boolean {
  if (game.gameEndTimestamp !== null || viewerOf(game, userID) === null) return false;
  let count = 0;
  for (const event of game.events) if (event.type === 'CHAT' && ++count >= MAX_CHAT_EVENTS) return false;
  return true;
}

/** The game with a CHAT event at the end of its log, as one step, and that event. */
export function withChat(game: Game, userID: UserID, text: string, now: number): { game: Game; event: GameEvent } {
  const event: GameEvent = { type: 'CHAT', turn: game.turn, age: game.age, phase: game.phase, timestamp: now, payload: { userID, text } };
  return { game: { ...game, sequenceID: game.sequenceID + 1, events: [...game.events, event] }, event };
}

/**
 * The game as its actions alone made it: without its CHAT events and the steps that added them,
 * nor the server's STAND_IN marks (which ride in their action's step). A replay re-runs the
 * actions, so this is the final state it must reach (`mythos games export`).
 */
export function withoutChat(game: Game): Game {
  const chats = game.events.filter((e) => e.type === 'CHAT').length;
  const events = game.events.filter((e) => e.type !== 'CHAT' && e.type !== 'STAND_IN');
  return { ...game, sequenceID: game.sequenceID - chats, events };
}
