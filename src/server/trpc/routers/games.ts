import { listen } from '../bus-iterator.js';
import { actInput, gameInput, historyInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { wireUpdate, type WireDelivery } from '../../services/game-views.js';
import { refuse, ruleRefusal } from '../../services/errors.js';

export const gamesRouter = router({
  /** The game as the caller may see it: as a player if seated, else as a spectator. */
  state: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    const game = await ctx.services.games.get(input.gameID);
    if (!game) throw refuse('NOT_FOUND', `Game ${input.gameID} not found.`);
    const viewer = ctx.services.games.viewerFor(game, ctx.user, ctx.isDev);
    // A player looking at their game is at the table.
    ctx.services.attendance.seen(game.id, ctx.user.id);
    return wireUpdate(game, viewer, 0, ctx.services.attendance.away(game.id));
  }),

  /**
   * The game's own card set (its modules applied when it was made). Public, and fixed for the
   * life of a game, so the client fetches it once per game and caches it for good.
   */
  cards: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    const game = await ctx.services.games.get(input.gameID);
    if (!game) throw refuse('NOT_FOUND', `Game ${input.gameID} not found.`);
    // A developer module's cards go to the game's players and developers only (viewerFor refuses the rest).
    ctx.services.games.viewerFor(game, ctx.user, ctx.isDev);
    return { cardsByID: game.cardsByID, tributeCardsByID: game.tributeCardsByID };
  }),

  act: authedProcedure.input(actInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.games.act(input.gameID, ctx.user.id, input.action);
    if (!result.ok) throw ruleRefusal(result);
    return { sequenceID: result.sequenceID };
  }),

  history: authedProcedure.input(historyInput).query(({ ctx, input }) =>
    ctx.services.history.list({ includeBots: input.includeBots, userID: input.userID ?? null }),
  ),

  /**
   * The game now (with its whole event log), then each newer step as a patch from the step sent
   * before it (or whole, when this subscriber does not hold the patch's base). See docs/decisions.md.
   */
  onGame: authedProcedure.input(gameInput).subscription(async function* ({ ctx, input, signal }) {
    const watch = ctx.services.gameFeed.watch(input.gameID);
    let leave: (() => void) | null = null;
    try {
      const first = await ctx.services.gameFeed.current(input.gameID);
      if (!first) throw refuse('NOT_FOUND', `Game ${input.gameID} not found.`);
      const viewer = ctx.services.games.viewerFor(first, ctx.user, ctx.isDev);
      // A player watching their game is at the table (it takes their seat back from a stand-in).
      leave = ctx.services.attendance.connect(input.gameID, ctx.user.id);
      let started: Promise<void> = Promise.resolve();
      const steps = listen<WireDelivery>((send) => {
        started = watch.start(first, viewer, (version, sent) => send(version.after(sent, ctx.services.attendance.away(input.gameID))));
        return () => watch.close();
      }, signal);
      await started; // the first step failing fails the subscription, as any refusal does
      yield* steps;
    } finally {
      watch.close();
      leave?.();
    }
  }),
});
