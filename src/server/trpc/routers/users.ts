import { authedProcedure, devProcedure, router } from '../trpc.js';
import { myGamesInput, userIDsInput, userInput } from '../schemas.js';
import { refuse, userNotFound } from '../../services/errors.js';
import { myGamesRefusal, usersReadRefusal } from '../../services/services.js';
import { ratingHistory, ratingOf } from '../../services/ratings.js';

export const usersRouter = router({
  byIDs: authedProcedure.input(userIDsInput).query(async ({ ctx, input }) => {
    // Many ids count for more than one request (services.ts, usersReadRefusal), before they are read.
    const tooMany = usersReadRefusal(ctx.services.requests, ctx.address, new Set(input.ids).size);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    const rows = await ctx.services.users.getMany(input.ids);
    return rows.map((u) => ctx.services.users.toPublicUser(u));
  }),
  profile: authedProcedure.input(userInput).query(async ({ ctx, input }) => {
    const user = await ctx.services.users.get(input.userID);
    if (!user) throw userNotFound(input.userID);
    const recentGames = await ctx.services.history.recentGames(user.id, 5);
    const others = await ctx.services.users.getMany(recentGames.flatMap((g) => g.players.map((p) => p.userID)));
    return {
      user: ctx.services.users.toPublicUser(user),
      recentGames,
      users: others.map((u) => ctx.services.users.toPublicUser(u)),
    };
  }),
  /** A user's rating and (a person's) its change game by game, oldest first: the latest 200. */
  rating: authedProcedure.input(userInput).query(async ({ ctx, input }) => {
    const user = await ctx.services.users.get(input.userID);
    if (!user) throw userNotFound(input.userID);
    const db = ctx.services.db.kysely;
    return { rating: await ratingOf(db, user), history: user.bot_type === null ? await ratingHistory(db, user.id, 200) : [] };
  }),
  /** The caller's own games, finished and running, newest first, a page at a time ("Your games"), with the players' names. */
  myGames: authedProcedure.input(myGamesInput).query(async ({ ctx, input }) => {
    const page = await ctx.services.history.myGames(ctx.user.id, input);
    const ids = [...new Set(page.games.flatMap((g) => g.players.map((p) => p.userID)))];
    // Its players are read as users.byIDs reads them, and count as they would there (services.ts).
    const tooMany = myGamesRefusal(ctx.services.requests, ctx.address, ids.length);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    const users = await ctx.services.users.getMany(ids);
    return { ...page, users: users.map((u) => ctx.services.users.toPublicUser(u)) };
  }),
  devList: devProcedure.query(async ({ ctx }) => (await ctx.services.users.list()).map((u) => ctx.services.users.toPublicUser(u))),
});
