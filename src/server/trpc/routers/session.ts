import { authedProcedure, publicProcedure, router } from '../trpc.js';
import { renameInput } from '../schemas.js';
import { refuse } from '../../services/errors.js';
import { UserError } from '../../services/users.js';

export const sessionRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.user ? ctx.services.users.toPublicUser(ctx.user) : null)),
  jwt: authedProcedure.query(({ ctx }) => ctx.services.jwt.issue(ctx.user.id)),
  rename: authedProcedure.input(renameInput).mutation(async ({ ctx, input }) => {
    try {
      return ctx.services.users.toPublicUser(await ctx.services.users.rename(ctx.user, input.name));
    } catch (error) {
      if (error instanceof UserError) throw refuse('BAD_REQUEST', error.message);
      throw error;
    }
  }),
});
