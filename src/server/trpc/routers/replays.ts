import { devOnlyModules } from '../../../engine/index.js';
import { gameInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { refuse } from '../../services/errors.js';
import { gameRecord, REPLAY_REQUESTS, replayingTooFast } from '../../services/replays.js';

export const replaysRouter = router({
  /**
   * A finished game's record, for its replay and fair-dice check in the browser: setup, card set,
   * revealed seed (and what it was mixed from), the log of actions and chat steps, and the stored
   * event log and final state to check the rebuild against (src/engine/replay.ts, docs/protocol.md).
   * Refused while the game runs: its seed is never sent before the end.
   */
  get: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    // The request itself was counted as one (trpc.ts): the rest of what a record counts for.
    const { requests } = ctx.services;
    if (!requests.take(ctx.address, REPLAY_REQUESTS - 1)) throw refuse('TOO_MANY_REQUESTS', replayingTooFast(requests.limit));
    const record = await gameRecord(ctx.services.db, input.gameID);
    const seated = record.seats.some((s) => s.userID === ctx.user.id);
    if (!seated && !ctx.isDev && devOnlyModules(ctx.services.definitions, record.modules).length > 0) {
      throw refuse('FORBIDDEN', `Game ${record.id} uses a developer module: only its players and developers can watch it.`);
    }
    return record;
  }),
});
