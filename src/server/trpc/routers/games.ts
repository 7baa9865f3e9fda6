import { onTopic } from '../bus-iterator.js';
import { actInput, gameInput, historyInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { gameTopic } from '../../services/game-service.js';
import { viewerOf, wireUpdate } from '../../services/game-views.js';
import { refuse, ruleRefusal } from '../../services/errors.js';

export const gamesRouter = router({
  /** The game as the caller may see it: as a player if seated, else as a spectator. */
  state: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    const game = await ctx.services.games.get(input.gameID);
    if (!game) throw refuse('NOT_FOUND', `Game ${input.gameID} not found.`);
    // A player looking at their game is at the table.
    ctx.services.attendance.seen(game.id, ctx.user.id);
    return wireUpdate(game, viewerOf(game, ctx.user.id), 0, ctx.services.attendance.away(game.id));
  }),

  /**
   * The game's own card set (its modules applied when it was made). Public, and fixed for the
   * life of a game, so the client fetches it once per game and caches it for good.
   */
  cards: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    const game = await ctx.services.games.get(input.gameID);
    if (!game) throw refuse('NOT_FOUND', `Game ${input.gameID} not found.`);
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

  /** The game now (with its whole event log), then each newer state with only the new events. */
  onGame: authedProcedure.input(gameInput).subscription(async function* ({ ctx, input, signal }) {
    let leave: (() => void) | null = null;
    const changes = onTopic(ctx.services.bus, gameTopic(input.gameID), signal);
    try {
      const first = await ctx.services.games.get(input.gameID);
      if (!first) throw refuse('NOT_FOUND', `Game ${input.gameID} not found.`);
      // A player watching their game is at the table (it takes their seat back from a stand-in).
      leave = ctx.services.attendance.connect(input.gameID, ctx.user.id);
      const viewer = viewerOf(first, ctx.user.id);
      let sent = first.sequenceID;
      let eventCount = first.events.length;
      yield wireUpdate(first, viewer, 0, ctx.services.attendance.away(input.gameID));
      for await (const message of changes) {
        const sequenceID = (message as { sequenceID: number }).sequenceID;
        if (sequenceID <= sent) continue;
        const game = await ctx.services.games.get(input.gameID, sequenceID);
        if (!game || game.sequenceID <= sent) continue;
        // Once a hideFavor game ends, the favor hidden in events already sent is shown: send the
        // whole log again (fromEvent 0), so that a client splicing at fromEvent holds the truth.
        yield wireUpdate(game, viewer, game.options.hideFavor && game.gameEndTimestamp !== null ? 0 : eventCount, ctx.services.attendance.away(input.gameID));
        sent = game.sequenceID;
        eventCount = game.events.length;
      }
    } finally {
      leave?.();
      changes.close();
    }
  }),
});
