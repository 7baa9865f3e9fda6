/**
 * The mark a stand-in bot leaves in a game's log. The engine never knows who chose an action; the
 * server puts a STAND_IN event just before the action's own step, so every client's log (and the
 * stored log, and a load that re-runs the stored actions) can say that a bot chose, not the player.
 * Like CHAT it is no rule, but unlike CHAT it is no step of its own: it rides in the step of the
 * action it marks, which keeps the sequenceIDs exactly the engine's.
 */
import { STAND_IN_REASONS, type Action, type BotType, type Game, type GameEvent, type StandInReason, type UserID } from '../../engine/index.js';

/**
 * The bot that plays an absent player's decisions: the strongest that answers at once, so an
 * absent seat is not thrown away. The ratings count a seat whose player forfeited as this bot.
 */
export const STAND_IN_BOT: BotType = 'basic_bot';

/** The game with a STAND_IN event for `action` at the end of its log, and that event. */
export function withStandIn(game: Game, userID: UserID, action: Action, reason: StandInReason, now: number): { game: Game; event: GameEvent } {
  const event: GameEvent = { type: 'STAND_IN', turn: game.turn, age: game.age, phase: game.phase, timestamp: now, payload: { userID, decision: action.type, reason } };
  return { game: { ...game, events: [...game.events, event] }, event };
}

/** A stored reason, or null for anything else (an action its player took). */
export function standInReasonOf(value: string | null | undefined): StandInReason | null {
  return STAND_IN_REASONS.find((r) => r === value) ?? null;
}
