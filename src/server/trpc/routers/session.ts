import { authedProcedure, publicProcedure, router } from '../trpc.js';
import { renameInput } from '../schemas.js';
import { refuse } from '../../services/errors.js';
import { userStatsFrom } from '../../../engine/user-stats.js';

export const sessionRouter = router({
  /**
   * The caller, whether they are a guest (a guest account cannot be signed in to again once logged
   * out), and whether they have finished a game: the game screen's first-game hint goes to those
   * who have not, on whatever device they play (the browser's own memory forgot a returning player).
   */
  me: publicProcedure.query(({ ctx }) =>
    ctx.user
      ? { ...ctx.services.users.toPublicUser(ctx.user), isGuest: ctx.user.provider === 'guest', finishedAGame: userStatsFrom(ctx.user.stats_json).gamesPlayed > 0 }
      : null,
  ),
  /**
   * A websocket token for the caller's session: from the cookie only, so a token never renews
   * itself; and over HTTP only to the site's own fetch, as GET /auth/jwt (a GET query can be a
   * script tag on another page).
   */
  jwt: authedProcedure.query(async ({ ctx }) => {
    if (ctx.tokenRefusal) throw refuse('FORBIDDEN', ctx.tokenRefusal);
    if (!ctx.sessionID) throw refuse('UNAUTHORIZED', 'A token cannot renew itself: ask with your session cookie.');
    const jwt = await ctx.services.jwt.issue(ctx.sessionID);
    if (!jwt) throw refuse('UNAUTHORIZED', 'You must be logged in.');
    return jwt;
  }),
  rename: authedProcedure.input(renameInput).mutation(async ({ ctx, input }) => ctx.services.users.toPublicUser(await ctx.services.users.rename(ctx.user, input.name))),
});
