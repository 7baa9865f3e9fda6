/**
 * A stored game as a replay file: what `mythos games export` writes and what a player downloads
 * from a finished game's replay (tRPC `replays.file`), the same function for both. The file
 * holds the seed: it is made for a finished game only (the CLI can make one of a running game for
 * debugging, on the server's own machine).
 *
 * The file's final state is the game without its chat steps (`withoutChat`): the file re-runs the
 * actions, which a chat message is not. So its event log has no CHAT events, and is that much
 * shorter than the one the site's replay shows. Nor does it hold the STAND_IN marks: each action a
 * stand-in took says why in its own `standIn` instead. A finished game's file also holds who
 * forfeited it as its end recorded it (`forfeits`), from which `mythos replay` and /replay tell it
 * (docs/protocol.md, "A finished game's record"): a player who left after their last decision has
 * no stand-in's action to tell it.
 */
import type { Kysely } from 'kysely';
import type { BotType, Game } from '../../engine/index.js';
import { replayOf, type ReplayFile } from '../../engine/replay-file.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { gameNotFound, refuse } from './errors.js';
import { withoutChat } from './game-chat.js';
import { loadActions, loadGame, type StoredAction } from './game-store.js';
import { recordedForfeits } from './recorded-forfeits.js';
import { notEnded } from './replays.js';

/**
 * A stored game's replay file, finished or not (the caller decides whether its seed may leave the
 * server). Only a finished game's holds `forfeits`: nobody forfeits a game before it ends.
 */
export async function storedReplay(db: Kysely<Database>, game: Game): Promise<ReplayFile> {
  const actions = await loadActions(db, game.id);
  const file = exportedReplay(game, actions);
  return game.gameEndTimestamp === null ? file : { ...file, forfeits: await recordedForfeits(db, game.id) };
}

function exportedReplay(game: Game, actions: readonly StoredAction[]): ReplayFile {
  return replayOf(
    {
      id: game.id,
      seats: game.players.map((p) => ({ userID: p.userID, botType: p.botType as BotType | null })),
      options: game.options,
      modules: game.modules,
    },
    game.seed,
    game.gameStartTimestamp,
    // A stand-in's reason goes with its action (who forfeited, for a reader of a file without `forfeits`).
    actions.map((a) => ({ userID: a.userID, action: a.action, now: a.at, ...(a.standIn ? { standIn: a.standIn } : {}) })),
    // The replay re-runs the actions: its final state is the game without its chat steps.
    withoutChat(game),
    { exportedFrom: 'server', finished: game.gameEndTimestamp !== null },
  );
}

/** A finished game's replay file, read from the database; a running game is refused (its seed is secret). */
export async function replayFileOf(db: Db, gameID: string): Promise<ReplayFile> {
  const game = await loadGame(db.kysely, gameID);
  if (!game) throw gameNotFound(gameID);
  if (game.gameEndTimestamp === null) throw refuse('CONFLICT', notEnded(gameID));
  return storedReplay(db.kysely, game);
}
