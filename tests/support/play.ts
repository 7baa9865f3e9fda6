/** Plays games to the end with seeded random legal moves, for tests. */
import { validMove } from '../../src/bots/valid-move.js';
import { advance, applyAction, rngFromState, xoroshiroState, type Game, type GameEvent } from '../../src/engine/index.js';

export interface Played {
  game: Game;
  states: Game[];
  actions: { userID: string; action: unknown; now: number }[];
}

/** Runs the game from its current state to the end; `onState` sees every state in between. */
export function playToEnd(start: Game, botSeed: number, onState?: (game: Game, events: GameEvent[]) => void): Played {
  const rng = rngFromState(xoroshiroState(botSeed));
  let now = start.updateTimestamp;
  const first = advance(start, now);
  let game = first.game;
  onState?.(game, first.events);
  const actions: Played['actions'] = [];
  const states: Game[] = [game];
  let guard = 0;
  while (game.gameEndTimestamp === null) {
    if (++guard > 100_000) throw new Error('game did not end');
    let acted = false;
    for (const player of game.players) {
      const action = validMove(game, player.userID, rng);
      if (!action) continue;
      now += 1000;
      const result = applyAction(game, player.userID, action, now);
      if (!result.ok) throw new Error(`rule error from a legal move: ${result.message} (${JSON.stringify(action)})`);
      actions.push({ userID: player.userID, action, now });
      onState?.(result.game, result.events);
      const next = advance(result.game, now);
      onState?.(next.game, next.events);
      game = next.game;
      states.push(game);
      acted = true;
    }
    if (!acted) throw new Error(`nobody can act in phase ${game.phase}`);
  }
  return { game, states, actions };
}
