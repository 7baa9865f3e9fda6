/**
 * A stored game as a replay file: what `mythos games export` writes (and what the tests of the
 * browser's /replay page export, through this same function).
 */
import type { BotType, Game } from '../engine/index.js';
import { replayOf, type ReplayFile } from '../engine/replay-file.js';
import { withoutChat } from '../server/services/game-chat.js';
import type { StoredAction } from '../server/services/game-store.js';

export function exportedReplay(game: Game, actions: readonly StoredAction[]): ReplayFile {
  return replayOf(
    {
      id: game.id,
      seats: game.players.map((p) => ({ userID: p.userID, botType: p.botType as BotType | null })),
      options: game.options,
      modules: game.modules,
    },
    game.seed,
    game.gameStartTimestamp,
    actions.map((a) => ({ userID: a.userID, action: a.action, now: a.at })),
    // The replay re-runs the actions: its final state is the game without its chat steps.
    withoutChat(game),
    { exportedFrom: 'server', finished: game.gameEndTimestamp !== null },
  );
}
