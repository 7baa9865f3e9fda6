/**
 * Who forfeited a finished game, read back from what its end recorded: each seat's stats carry
 * `forfeit` (`recordStats` in game-store.ts, from the table's leavers and the stand-ins' counts).
 * The game's record (replays.ts) and its replay file (replay-export.ts) carry this, so the end
 * view, the replay, /replay and `mythos replay` name the result the server recorded, a player who
 * left after their last decision (no stand-in's action names them) among the forfeits.
 */
import type { Kysely, Transaction } from 'kysely';
import { isForfeitReason, type ForfeitReason, type Forfeits } from '../../engine/forfeits.js';
import type { Database } from '../db/schema.js';

/** Who forfeited the game and why, by user id (nobody: `{}`); for a finished game only, whose stats are recorded. */
export async function recordedForfeits(db: Kysely<Database> | Transaction<Database>, gameID: string): Promise<Forfeits> {
  const seats = await db.selectFrom('game_players').select(['user_id', 'stats_json']).where('game_id', '=', gameID).orderBy('seat').execute();
  return Object.fromEntries(
    seats.flatMap(({ user_id, stats_json }) => {
      const forfeit = stats_json === null ? null : forfeitOf(JSON.parse(stats_json));
      return forfeit === null ? [] : [[user_id, forfeit] as const];
    }),
  );
}

/** A seat's recorded stats' `forfeit`, or null (it did not forfeit, or its game ended before forfeits were recorded). */
function forfeitOf(stats: unknown): ForfeitReason | null {
  if (typeof stats !== 'object' || stats === null || !('forfeit' in stats)) return null;
  return isForfeitReason(stats.forfeit) ? stats.forfeit : null;
}
