/** Plays games to the end with seeded random legal moves, for tests. */
import { playSeats } from '../../src/bots/game-loop.js';
import { validMove } from '../../src/bots/valid-move.js';
import { rngFromState, xoroshiroState, type Action, type Game, type GameEvent } from '../../src/engine/index.js';

export interface Played {
  game: Game;
  actions: { userID: string; action: Action; now: number }[];
}

/**
 * Runs the game from its current state to the end, a second apart; `onState` sees every state in
 * between (each action's, then its automatic steps').
 */
export function playToEnd(start: Game, botSeed: number, onState?: (game: Game, events: GameEvent[]) => void): Played {
  const rng = rngFromState(xoroshiroState(botSeed));
  const actions: Played['actions'] = [];
  const game = playSeats(start, ({ game, userID }) => validMove(game, userID, rng), {
    now: start.updateTimestamp,
    stepMillis: 1000,
    onAction: (logged) => actions.push(logged),
    observe: onState,
    refused: (_turn, action, error) => new Error(`rule error from a legal move: ${error.message} (${JSON.stringify(action)})`),
  });
  return { game, actions };
}
