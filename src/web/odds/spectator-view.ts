/**
 * What the odds may use (odds-client.ts): the spectator's view of a game or of any player's view
 * of it. A module of its own, without the worker, so the tests that hold the odds to it run it.
 */
import type { Game } from '../../engine/state.js';
import { openViewFor, type GameView } from '../../engine/view.js';

/**
 * The spectator's view of a game or of any player's view of it: what the odds may use. A seated
 * player's page holds their own bid and choices; the odds must not (every seat and spectator
 * sees the same bar, "from what spectators see"). The event log is left out: the odds never read it.
 */
export function spectatorView(game: Game | GameView): GameView {
  return { ...openViewFor(game as Game, null), cardsByID: game.cardsByID, tributeCardsByID: game.tributeCardsByID, events: [] };
}
