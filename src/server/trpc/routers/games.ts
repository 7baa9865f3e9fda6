import type { Game } from '../../../engine/index.js';
import type { GameService } from '../../services/game-service.js';
import { listen } from '../bus-iterator.js';
import { randomBytes } from 'node:crypto';
import { actInput, gameInput, historyInput, presenceInput, watchGameInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { sameTable, tableView, wireUpdate, type TableView, type WireDelivery } from '../../services/game-views.js';
import { serialisedOnce } from '../../delivery/serialised-once.js';
import { refuse, ruleRefusal } from '../../services/errors.js';
import { cardSetRefusal, historyListRefusal, OPENING_TOO_FAST, PRESENCE_TOO_FAST, stateReadRefusal } from '../../services/services.js';

/** A game opened for its watcher: the game as read, and whose view they are sent. */
type Opened = Awaited<ReturnType<GameService['openFor']>>;

export const gamesRouter = router({
  /** The game as the caller may see it: as a player if seated, else as a spectator. */
  state: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    const { game, viewer } = await ctx.services.games.openFor(input.gameID, ctx.user, ctx.isDev);
    const tooMany = stateReadRefusal(ctx.services.requests, ctx.address, game.players.length);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    // A player looking at their game is at the table.
    ctx.services.attendance.seen(game.id, ctx.user.id);
    return wireUpdate(game, viewer, 0, tableView(ctx.services.attendance, game.id, ctx.services.now()));
  }),

  /** A tab of the game screen was shown or hidden: the other players see whether you are here. */
  presence: authedProcedure.input(presenceInput).mutation(async ({ ctx, input }) => {
    // Each change goes to every watcher of the game: a loop of them would flood the table.
    if (!(await ctx.services.presenceReports.take(ctx.user.id))) throw refuse('TOO_MANY_REQUESTS', PRESENCE_TOO_FAST);
    ctx.services.attendance.setVisible(input.gameID, ctx.user.id, input.tab, input.visible);
    // A page shown and in use is its player at the table: a stand-in no longer plays for them.
    if (input.visible) ctx.services.attendance.seen(input.gameID, ctx.user.id);
    return { ok: true as const };
  }),

  /** Leave the game for good: a bot plays your seat to the end, and the game counts as lost. */
  leave: authedProcedure.input(gameInput).mutation(async ({ ctx, input }) => {
    await ctx.services.games.leave(input.gameID, ctx.user.id);
    return { ok: true as const };
  }),

  /**
   * The game's own card set (its modules applied when it was made). Public, and fixed for the
   * life of a game, so the client fetches it once per game and caches it for good.
   */
  cards: authedProcedure.input(gameInput).query(async ({ ctx, input }) => {
    // A developer module's cards go to the game's players and developers only (openFor refuses the rest).
    const { game } = await ctx.services.games.openFor(input.gameID, ctx.user, ctx.isDev);
    const tooMany = cardSetRefusal(ctx.services.requests, ctx.address);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return { cardsByID: game.cardsByID, tributeCardsByID: game.tributeCardsByID };
  }),

  /** The game's settings the game screen needs: whether its seated players see the odds, and the turn timer's length. */
  settings: authedProcedure.input(gameInput).query(({ ctx, input }) => ctx.services.lobbies.gameSettings(input.gameID)),

  act: authedProcedure.input(actInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.games.act(input.gameID, ctx.user.id, input.action);
    if (!result.ok) throw ruleRefusal(result);
    return { sequenceID: result.sequenceID };
  }),

  history: authedProcedure.input(historyInput).query(async ({ ctx, input }) => {
    const games = await ctx.services.history.list({ includeBots: input.includeBots, userID: input.userID ?? null });
    // A long list counts for more than one request (services.ts, historyListRefusal).
    const tooMany = historyListRefusal(ctx.services.requests, ctx.address, games.length);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return games;
  }),

  /**
   * The game now (with its whole event log), then each newer step as a patch from the step sent
   * before it (or whole, when this subscriber does not hold the patch's base). See docs/decisions.md.
   * Refused before it starts (docs/protocol.md, "The same game elsewhere"): a page told it was
   * live, then refused, said "Reconnecting..." for a moment at each of its retries.
   */
  onGame: authedProcedure.input(watchGameInput).subscription(async ({ ctx, input, signal }) => {
    const read = (id: string) => ctx.services.gameFeed.current(id);
    const { attendance } = ctx.services;
    // A game that is not there, or not for this person, is refused here, before tRPC says the
    // subscription started; so is a player opening their running game too often. Opening and
    // closing it changes the table everyone watching is sent, as a presence report does.
    const opened = await ctx.services.games.openFor(input.gameID, ctx.user, ctx.isDev, read);
    if (opened.viewer !== null && opened.game.gameEndTimestamp === null && !(await ctx.services.pageOpens.take(ctx.user.id))) throw refuse('TOO_MANY_REQUESTS', OPENING_TOO_FAST);
    // Nothing is held until the stream is iterated: tRPC never iterates, nor ends, the stream of a
    // socket that closed while the checks above ran, so what is taken is taken in the body below.
    return (async function* () {
      // Listening before the game is read again, so no step falls in between.
      const watch = ctx.services.gameFeed.watch(input.gameID);
      let leave: (() => void) | null = null;
      try {
        // The game as read is needed only for the first step: this generator's frame and every
        // closure below would hold it for as long as the page stays open (with the view below, about
        // 250 KB of heap for a finished eight-seat game; tests/server/security-review-16.test.ts),
        // so it is let go once that step is out.
        let opened: Opened | null = await ctx.services.games.openFor(input.gameID, ctx.user, ctx.isDev, read);
        const { viewer } = opened;
        let first: Game | null = opened.game;
        opened = null;
        // A player watching their game is at the table: here while the tab is shown, away while hidden.
        leave = attendance.connect(input.gameID, ctx.user.id, input.tab ?? randomBytes(6).toString('hex'), input.visible ?? true);
        let started: Promise<void> = Promise.resolve();
        const steps = listen<WireDelivery>((send) => {
          // The table goes whole with every step, and on its own when only it changed.
          // Compared here only when the table changes between steps (rare); at a step, only to share
          // the step's message with the others sent it (Version.shared).
          let sentSequenceID = -1;
          let sentTable: TableView | null = null;
          started = watch.start(first!, viewer, (version, sent) => {
            sentSequenceID = version.sequenceID;
            sentTable = tableView(attendance, input.gameID, ctx.services.now());
            // One object for every spectator (or tab of one player) sent this step alike: its JSON is
            // made once. Watching alone, the message is encoded with its envelope, as any other.
            const others = watch.sharedWithOthers;
            const message = version.shared(sent, sentTable, others);
            send(others ? serialisedOnce(message) : message);
            // tRPC's subscription loop keeps the last message it sent until the next one: a finished
            // game's last would stay, its whole view and log with it, while nothing more ever comes.
            // The table (a few hundred bytes, which the page takes as it takes any table) goes after it.
            if (version.game.gameEndTimestamp !== null) send({ sequenceID: version.sequenceID, table: true, ...sentTable });
          });
          const offTable = attendance.onChange(input.gameID, () => {
            if (sentTable === null) return;
            const view = tableView(attendance, input.gameID, ctx.services.now());
            if (sameTable(view, sentTable)) return;
            sentTable = view;
            send({ sequenceID: sentSequenceID, table: true, ...view });
          });
          return () => {
            offTable();
            watch.close();
          };
        }, signal);
        await started; // the first step failing fails the subscription, as any refusal does
        first = null;
        yield* steps;
      } finally {
        watch.close();
        leave?.();
      }
    })();
  }),
});
