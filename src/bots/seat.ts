/**
 * What a bot reads of its own view: its seat, its rivals, and how much of the game is left.
 * Bots only ever hold a GameView, never the game itself.
 */
import { AGE_COUNT, type GameView, type Player, type UserID } from '../engine/index.js';

export function playerOf(view: GameView, userID: UserID): Player {
  const player = view.players.find((p) => p.userID === userID);
  if (!player) throw new Error(`${userID} has no seat in this game`);
  return player;
}

export function rivalsOf(view: GameView, userID: UserID): Player[] {
  return view.players.filter((p) => p.userID !== userID);
}

/** The turn's number in the whole game, 0 to 14. */
export function turnIndex(view: Pick<GameView, 'age' | 'turn' | 'turnsPerAge'>): number {
  return (view.age - 1) * view.turnsPerAge + (view.turn - 1);
}

/** How many turns come after this one: each brings one production and one gain. */
export function turnsAfter(view: Pick<GameView, 'age' | 'turn' | 'turnsPerAge'>): number {
  return AGE_COUNT * view.turnsPerAge - 1 - turnIndex(view);
}

/** The age a later turn falls in (`ahead` = 1 is the next turn). */
export function ageAhead(view: Pick<GameView, 'age' | 'turn' | 'turnsPerAge'>, ahead: number): 1 | 2 | 3 {
  return Math.min(AGE_COUNT, Math.floor((turnIndex(view) + ahead) / view.turnsPerAge) + 1) as 1 | 2 | 3;
}
