import { listen } from '../bus-iterator.js';
import { listChanges, wholeList } from '../../delivery/lobby-list-messages.js';
import { serialisedOnce } from '../../delivery/serialised-once.js';
import type { LobbyListMessage } from '../../../shared/lobby-list.js';
import { addBotInput, contributeInput, joinInput, kickInput, lobbyInput, setModuleInput, setOptionInput, setShowOddsInput, setTurnPaceInput, setTurnTimerInput } from '../schemas.js';
import { authedProcedure, router } from '../trpc.js';
import { refuse } from '../../services/errors.js';
import type { LobbyView } from '../../services/lobbies.js';
import { lobbyListRefusal } from '../../services/services.js';
import { playNowRouter, rematchRouter } from './quick-play.js';

export const lobbiesRouter = router({
  /** Play now and Rematch: routers/quick-play.ts. */
  playNow: playNowRouter,
  rematch: rematchRouter,
  /** The lobby list as the list's watchers were last sent it: read once per change for every reader (a read is 30-40 ms of CPU). */
  list: authedProcedure.query(async ({ ctx }) => {
    const lobbies = await ctx.services.lobbies.listFeed.latest();
    // Written out afresh for each query: a long list counts for more than one request (services.ts, lobbyListRefusal).
    const tooMany = lobbyListRefusal(ctx.services.requests, ctx.address, lobbies.length);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return lobbies;
  }),
  /** The lobbies the caller sits in whose game has not started, newest first ("Your games"). */
  waiting: authedProcedure.query(({ ctx }) => ctx.services.lobbies.waitingFor(ctx.user.id)),
  get: authedProcedure.input(lobbyInput).query(({ ctx, input }) => ctx.services.lobbies.get(input.lobbyID)),
  create: authedProcedure.mutation(({ ctx }) => ctx.services.lobbies.create(ctx.user, 'person', ctx.address)),
  /** For a lobby's players: whether two of its people share a network address, so that its game would not be rated. */
  sharedAddress: authedProcedure.input(lobbyInput).query(async ({ ctx, input }) => ({ shared: await ctx.services.lobbies.sharedAddress(input.lobbyID, ctx.user) })),
  join: authedProcedure.input(joinInput).mutation(({ ctx, input }) => ctx.services.lobbies.join(input.lobbyID, ctx.user, 'person', input.value ?? null)),
  leave: authedProcedure.input(lobbyInput).mutation(({ ctx, input }) => ctx.services.lobbies.removePlayer(input.lobbyID, ctx.user, ctx.user.id)),
  kick: authedProcedure.input(kickInput).mutation(({ ctx, input }) => ctx.services.lobbies.removePlayer(input.lobbyID, ctx.user, input.playerID)),
  /** The caller's value for the seed of the lobby's game (see docs/rules.md, "Fair dice"). */
  contribute: authedProcedure.input(contributeInput).mutation(({ ctx, input }) => ctx.services.lobbies.contribute(input.lobbyID, ctx.user, input.value)),
  addBot: authedProcedure.input(addBotInput).mutation(({ ctx, input }) => ctx.services.lobbies.addBot(input.lobbyID, ctx.user, input.botType)),
  setOption: authedProcedure
    .input(setOptionInput)
    .mutation(({ ctx, input }) => ctx.services.lobbies.setOption(input.lobbyID, ctx.user, input.option, input.value)),
  setModule: authedProcedure
    .input(setModuleInput)
    .mutation(({ ctx, input }) => ctx.services.lobbies.setModule(input.lobbyID, ctx.user, input.module, input.enabled)),
  setTurnTimer: authedProcedure
    .input(setTurnTimerInput)
    .mutation(({ ctx, input }) => ctx.services.lobbies.setTurnTimer(input.lobbyID, ctx.user, input.turnTimer)),
  /** How long each decision may take while the turn timer is on. */
  setTurnPace: authedProcedure.input(setTurnPaceInput).mutation(({ ctx, input }) => ctx.services.lobbies.setTurnPace(input.lobbyID, ctx.user, input.pace)),
  /** "Show odds to players": the seated players of the lobby's game see the live odds too. */
  setShowOdds: authedProcedure.input(setShowOddsInput).mutation(({ ctx, input }) => ctx.services.lobbies.setShowOdds(input.lobbyID, ctx.user, input.value)),
  start: authedProcedure.input(lobbyInput).mutation(async ({ ctx, input }) => ({ gameID: await ctx.services.lobbies.start(input.lobbyID, ctx.user, 'person', ctx.address) })),

  /**
   * The lobby list now, whole, then what changed after each change to any lobby (src/shared/lobby-list.ts):
   * the list is read once per change for all watchers, and each message written out once for all
   * who were sent the same list before.
   */
  onList: authedProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<LobbyListMessage<LobbyView>> {
    const changes = listen<LobbyView[]>((listener) => ctx.services.lobbies.listFeed.subscribe(listener), signal);
    try {
      let sent = await ctx.services.lobbies.listFeed.latest();
      yield serialisedOnce(wholeList(sent));
      for await (const list of changes) {
        const message = listChanges(sent, list);
        sent = list;
        if (message) yield serialisedOnce(message);
      }
    } finally {
      changes.close();
    }
  }),

  /**
   * One lobby now, then after every change, each newer than the last (a burst of changes may
   * arrive as its latest state only); ends when the lobby closes. After the first, each state is
   * read and serialised once for every page on the lobby. A lobby that is not there is refused
   * before tRPC says the subscription started (docs/protocol.md, "The same game elsewhere").
   */
  onLobby: authedProcedure.input(lobbyInput).subscription(async ({ ctx, input, signal }) => {
    const { lobbies } = ctx.services;
    await lobbies.check(input.lobbyID);
    // Nothing is held until the stream is iterated: tRPC never iterates, nor ends, the stream of a
    // socket that closed while the check above ran, so what is taken is taken in the body below.
    return (async function* () {
      const changes = listen<LobbyView | null>((listener) => lobbies.lobbyFeeds.subscribe(input.lobbyID, listener), signal);
      // A lobby one of its people has open is not left behind (idle-lobbies.ts).
      const unwatch = ctx.services.idleLobbies.watch(input.lobbyID, ctx.user.id);
      try {
        // Read for this page alone, once listening, so no change falls in between.
        let sent = await lobbies.get(input.lobbyID);
        yield sent;
        for await (const lobby of changes) {
          if (!lobby) return;
          if (lobby.sequenceID <= sent.sequenceID) continue;
          sent = lobby;
          yield serialisedOnce(lobby);
        }
      } finally {
        unwatch();
        changes.close();
      }
    })();
  }),
});
