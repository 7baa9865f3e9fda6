import { authedProcedure, router } from '../trpc.js';
import { gameRatingsInput, leaderboardInput } from '../schemas.js';
import { gameRatingChanges, leaderboard } from '../../services/ratings.js';

export const ratingsRouter = router({
  /** People by rating, a page at a time: the settled ones, or (provisional: true) those still provisional. */
  leaderboard: authedProcedure.input(leaderboardInput).query(({ ctx, input }) =>
    leaderboard(ctx.services.db.kysely, { ...input, viewerID: ctx.user.id }),
  ),
  /** How a finished game moved each person's rating, by user id (empty while it runs, and for a game of bots). */
  ofGame: authedProcedure.input(gameRatingsInput).query(({ ctx, input }) => gameRatingChanges(ctx.services.db.kysely, input.gameID)),
});
