/**
 * Play now (lobbies.playNow.*) and Rematch (lobbies.rematch.*), nested in the lobbies router:
 * thin calls of services/quick-play.ts and services/rematch.ts.
 */
import { z } from 'zod';
import { listen } from '../bus-iterator.js';
import { authedProcedure, router } from '../trpc.js';
import type { PlayNowSize, PlayNowStatus } from '../../services/quick-play.js';
import type { RematchOffer } from '../../services/rematch.js';

/**
 * Any value for the size: the service refuses one it cannot seat with a sentence of its own.
 * `pressID`: the client's own key for one press, sent again with any resend of it.
 */
const playNowInput = z.object({ size: z.custom<PlayNowSize>(() => true), pressID: z.string().min(1).max(64).optional() });
const gameInput = z.object({ gameID: z.string().min(1).max(64) });

export const playNowRouter = router({
  /** Waits for a table of `size` (2 to 4); a full table starts at once. One wait per person; a press sent again is answered, not repeated. */
  join: authedProcedure.input(playNowInput).mutation(({ ctx, input }) => ctx.services.quickPlay.join(ctx.user, input.size, ctx.address, input.pressID ?? null)),
  /** Stops the caller's wait, or forgets what became of it once seen. */
  cancel: authedProcedure.mutation(({ ctx }) => ctx.services.quickPlay.cancel(ctx.user)),
  /** How many wait for each size, and the caller's own wait. */
  status: authedProcedure.query(({ ctx }) => ctx.services.quickPlay.status(ctx.user.id)),
  /** The status now, then after every change of the counts or of the caller's wait. */
  onStatus: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const { statusFeeds } = ctx.services.quickPlay;
    const userID = ctx.user.id;
    // Read once for all of this person's pages, after each change (bursts coalesce).
    const statuses = listen<PlayNowStatus>((listener) => statusFeeds.subscribe(userID, listener), signal);
    try {
      const first = await statusFeeds.latest(userID);
      let last = JSON.stringify(first);
      yield first;
      for await (const status of statuses) {
        const text = JSON.stringify(status);
        if (text === last) continue;
        last = text;
        yield status;
      }
    } finally {
      statuses.close();
    }
  }),
});

export const rematchRouter = router({
  /** The finished game's rematch lobby, or null if nobody asked for one yet. */
  offer: authedProcedure.input(gameInput).query(({ ctx, input }) => ctx.services.rematch.offer(input.gameID)),
  /** Opens the rematch lobby (same settings, same bots) or gives the one already opened. */
  create: authedProcedure.input(gameInput).mutation(({ ctx, input }) => ctx.services.rematch.create(input.gameID, ctx.user, ctx.address)),
  /** Declines the open rematch: for the game's people who neither opened nor joined it; a second decline changes nothing. */
  decline: authedProcedure.input(gameInput).mutation(({ ctx, input }) => ctx.services.rematch.decline(input.gameID, ctx.user)),
  /** The offer now, then each time it changes (a rematch lobby opened; the one offered started or closed; someone declined). */
  onOffer: authedProcedure.input(gameInput).subscription(async function* ({ ctx, input, signal }) {
    // A read that fails wakes the loop, which ends the subscription with the error.
    let failed: unknown = null;
    const offers = listen<RematchOffer | null>(
      (listener) =>
        ctx.services.rematch.watch(input.gameID, listener, (error) => {
          failed = error;
          listener(null);
        }),
      signal,
    );
    try {
      for await (const offer of offers) {
        if (failed !== null) throw failed;
        yield offer;
      }
    } finally {
      offers.close();
    }
  }),
});
