import { devOnlyModules, type ModuleKey } from '../../../engine/index.js';
import { gameInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { refuse } from '../../services/errors.js';
import { replayFileOf } from '../../services/replay-export.js';
import { gameRecord, REPLAY_FILE_REQUESTS, REPLAY_REQUESTS, replayingTooFast } from '../../services/replays.js';
import { weightedReadRefusal } from '../../services/services.js';
import type { Context } from '../context.js';

export const replaysRouter = router({
  /**
   * A finished game's record, for its replay and fair-dice check in the browser: setup, card set,
   * revealed seed (and what it was mixed from), the log of actions and chat steps, and the stored
   * event log and final state to check the rebuild against (src/engine/replay.ts, docs/protocol.md).
   * Refused while the game runs: its seed is never sent before the end.
   */
  get: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    countReplay(ctx, REPLAY_REQUESTS);
    const record = await gameRecord(ctx.services.db, input.gameID);
    mayWatch(ctx, record.id, record.seats, record.modules);
    return record;
  }),
  /**
   * A finished game as a replay file, for a player to keep or pass round: the file
   * `mythos games export` writes (src/server/services/replay-export.ts), which /replay opens and
   * checks in any browser, and `mythos replay` and `mythos verify` re-run. Refused while the game
   * runs, as its record is.
   */
  file: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    countReplay(ctx, REPLAY_FILE_REQUESTS);
    const file = await replayFileOf(ctx.services.db, input.gameID);
    mayWatch(ctx, input.gameID, file.setup.seats, file.setup.modules);
    return file;
  }),
});

/** A game's whole record counts for more than one request (`weight`): the request itself was counted as one (trpc.ts or socket-limits.ts), this is the rest. */
function countReplay(ctx: Context, weight: number): void {
  const tooMany = weightedReadRefusal(ctx.services.requests, ctx.address, weight, (limit) => replayingTooFast(limit, weight));
  if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
}

/** A game of a developer module is watched by its players and developers only. */
function mayWatch(ctx: Context & { user: { id: string } }, gameID: string, seats: readonly { userID: string }[], modules: readonly ModuleKey[]): void {
  const seated = seats.some((s) => s.userID === ctx.user.id);
  if (!seated && !ctx.isDev && devOnlyModules(ctx.services.definitions, modules).length > 0) {
    throw refuse('FORBIDDEN', `Game ${gameID} uses a developer module: only its players and developers can watch it.`);
  }
}
