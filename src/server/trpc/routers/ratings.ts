import { authedProcedure, router } from '../trpc.js';
import { gameRatingsInput, leaderboardInput, usersRatingsInput } from '../schemas.js';
import { refuse } from '../../services/errors.js';
import { gameRatingChanges, leaderboard, leaderboardRequests, leaderboardTooDeep, shownRatingsOf, unratedReasonOf } from '../../services/ratings.js';

export const ratingsRouter = router({
  /** People by rating, a page at a time: the settled ones, or (provisional: true) those still provisional. */
  leaderboard: authedProcedure.input(leaderboardInput).query(({ ctx, input }) => {
    // The request itself was counted as one (trpc.ts): a deep page counts for more.
    const { requests } = ctx.services;
    const more = leaderboardRequests(input.offset) - 1;
    if (more > 0 && !requests.take(ctx.address, more)) throw refuse('TOO_MANY_REQUESTS', leaderboardTooDeep(requests.limit));
    return leaderboard(ctx.services.db.kysely, { ...input, viewerID: ctx.user.id });
  }),
  /** How a finished game moved each person's rating, by user id (empty while it runs, and for a game of bots). */
  ofGame: authedProcedure.input(gameRatingsInput).query(({ ctx, input }) => gameRatingChanges(ctx.services.db.kysely, input.gameID)),
  /**
   * Why a finished game of people moved no rating: {reason: 'timer'} (its turn timer was off),
   * {reason: 'address'} (two of its people signed in or played from one network address), else {reason: null}.
   */
  whyUnrated: authedProcedure.input(gameRatingsInput).query(async ({ ctx, input }) => ({ reason: await unratedReasonOf(ctx.services.db.kysely, input.gameID, ctx.user.id) })),
  /** Many users' ratings as shown beside their names ({rating, provisional}), by user id: one call for a whole lobby, list or table (at most 200 ids). */
  ofUsers: authedProcedure.input(usersRatingsInput).query(({ ctx, input }) => shownRatingsOf(ctx.services.db.kysely, input.userIDs)),
});
