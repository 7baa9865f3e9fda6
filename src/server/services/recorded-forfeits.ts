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
      const forfeit = stats_json === null ? null : recordedSeat(stats_json).forfeit;
      return forfeit === null ? [] : [[user_id, forfeit] as const];
    }),
  );
}

/**
 * A finished game's seat as its recorded stats (`stats_json`, `recordStats` in game-store.ts) tell
 * it: its favor, whether it won, and its forfeit (null: it did not forfeit, or its game ended
 * before forfeits were recorded). Read for the game's record here and for a person's list of games
 * (history.ts).
 */
export function recordedSeat(statsJSON: string): { favor: number | null; won: boolean; forfeit: ForfeitReason | null } {
  const stats: unknown = JSON.parse(statsJSON);
  const fields: Record<string, unknown> = typeof stats === 'object' && stats !== null ? { ...stats } : {};
  return {
    favor: typeof fields.score === 'number' ? fields.score : null,
    won: fields.won === true,
    forfeit: isForfeitReason(fields.forfeit) ? fields.forfeit : null,
  };
}
