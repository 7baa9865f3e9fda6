/**
 * The tRPC subscriptions over the websocket: what each watcher receives when others act, in what
 * order, and that a subscription gives its bus listener back when it is closed, dropped or refused.
 */
import { describe, expect, test, vi } from 'vitest';
import type { Bus } from '../../src/server/bus/bus.js';
import { DATABASES, useServer } from './databases.js';
import { feed, lobbyListFeed, gameFeed } from './feeds.js';
import { openLobby, signInRoles, startedGame, type Roles } from './roles.js';
import { clientFor, type Server } from './support.js';

/** Counts the bus listeners each topic has, by wrapping the app's bus. */
function countListeners(server: Server): { live: Map<string, number>; restore(): void } {
  const bus: Bus = server.app.services.bus;
  const subscribe = bus.subscribe;
  const live = new Map<string, number>();
  bus.subscribe = (topic, listener) => {
    live.set(topic, (live.get(topic) ?? 0) + 1);
    // (`call` loses the topic's type, which the wrapped bus checks anyway.)
    const unsubscribe = subscribe.call(bus, topic, listener as never);
    return () => {
      live.set(topic, live.get(topic)! - 1);
      unsubscribe();
    };
  };
  return { live, restore: () => void (bus.subscribe = subscribe) };
}

describe.each(DATABASES)('subscriptions on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test("games.onGame: each player gets the others' moves as they happen, bids hidden until all are in", async () => {
    const { host, member, outsider } = roles();
    const { gameID } = await startedGame(host, member);
    const mine = gameFeed(host.client.games.onGame, { gameID });
    const theirs = gameFeed(member.client.games.onGame, { gameID });
    const watched = gameFeed(outsider.client.games.onGame, { gameID });
    const [start] = await mine.count(1);
    await Promise.all([theirs.count(1), watched.count(1)]);

    const first = await host.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 1, tradeRowIndex: 0 } } });
    const seenByMember = await theirs.until((u) => u.sequenceID === first.sequenceID);
    expect(seenByMember.game.readyByUserID[host.userID]).toBe(true);
    expect(seenByMember.game.bidsByPlayerID).toEqual({});
    expect(seenByMember.game.players[0]!.bid).toBeNull();
    expect((await mine.until((u) => u.sequenceID === first.sequenceID)).game.players[0]!.bid).toEqual({ military: 1, tradeRowIndex: 0 });

    const second = await member.client.games.act.mutate({ gameID, action: { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } } });
    for (const updates of [mine, theirs, watched]) {
      const revealed = await updates.until((u) => u.sequenceID === second.sequenceID);
      expect(revealed.game.phase).toBe('RESOLUTION');
      expect(revealed.game.bidsByPlayerID).toEqual({ [host.userID]: { military: 1, tradeRowIndex: 0 }, [member.userID]: { military: 0, tradeRowIndex: 1 } });
      expect(revealed.events.filter((e) => e.type === 'BID').map((e) => e.payload.userID).sort()).toEqual([host.userID, member.userID].sort());
      expect(updates.items.map((u) => u.sequenceID)).toEqual([start!.sequenceID, first.sequenceID, second.sequenceID]);
    }
    for (const f of [mine, theirs, watched]) f.close();
  });

  test('lobbies.onLobby under a burst of changes: sequenceIDs only grow, and the last state arrives', async () => {
    const { host, dev } = roles();
    const lobbyID = await openLobby(host);
    const watcher = feed(dev.client.lobbies.onLobby, { lobbyID });
    await watcher.until();
    await Promise.all([
      host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' }),
      host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true }),
      host.client.lobbies.setOption.mutate({ lobbyID, option: 'warTokens', value: true }),
      host.client.lobbies.setModule.mutate({ lobbyID, module: 'altleaders', enabled: true }),
      host.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' }),
    ]);
    const last = await watcher.until((l) => l.sequenceID === 6);
    expect(last).toMatchObject({ modules: ['altleaders'], options: { hideFavor: true, warTokens: true } });
    expect(last.playerIDToBotType.map(([, type]) => type).sort()).toEqual(['basic_bot', 'easy_bot']);
    const seen = watcher.items.map((l) => l.sequenceID);
    expect(seen.every((id, i) => i === 0 || id > seen[i - 1]!)).toBe(true);
    watcher.close();
  });

  test('a subscription gives its bus listener back when closed, when its socket drops, and when refused', async () => {
    const { server } = suite();
    const { host, outsider } = roles();
    const { live, restore } = countListeners(server);
    try {
      const lobbyID = await openLobby(host);
      const { gameID } = await startedGame(host, roles().member);
      // A second connection of the outsider's, to drop as a whole.
      const { client: dropped, close: drop } = clientFor(server, null, await outsider.client.session.jwt.query());

      const closed = [feed(outsider.client.lobbies.onLobby, { lobbyID }), gameFeed(outsider.client.games.onGame, { gameID }), lobbyListFeed(outsider.client.lobbies.onList)];
      const droppedFeeds = [feed(dropped.lobbies.onLobby, { lobbyID }), gameFeed(dropped.games.onGame, { gameID })];
      const chat = feed(outsider.client.chat.onRoom, { room: `lobby/${lobbyID}` });
      await Promise.all([...closed, ...droppedFeeds].map((f) => f.until()));
      await chat.started();
      await vi.waitFor(() => expect(live.get(`lobby/${lobbyID}`)).toBe(1));
      // The lobby's two watchers share one listener (each state of the lobby is read once for all);
      // the game's two watchers have one each, besides the game's table, which follows the running
      // game's steps whoever watches.
      expect(live.get(`game/${gameID}`)).toBe(3);

      const refusedFeeds = [
        gameFeed(outsider.client.games.onGame, { gameID: 'g_nowhere' }),
        feed(outsider.client.lobbies.onLobby, { lobbyID: 'l_nowhere' }),
        feed(outsider.client.chat.onRoom, { room: 'lobby/l_nowhere' }),
      ];
      for (const f of refusedFeeds) expect((await f.refusal()).code).toBe('NOT_FOUND');

      for (const f of [...closed, chat]) f.close();
      drop();
      const topics = [`lobby/${lobbyID}`, `game/${gameID}`, 'lobby_list', `chat/lobby/${lobbyID}`, 'game/g_nowhere', 'lobby/l_nowhere', 'chat/lobby/l_nowhere'];
      // Only the running game's table still listens to its game.
      const left = (t: string) => (t === `game/${gameID}` ? 1 : 0);
      await vi.waitFor(() => expect(Object.fromEntries(topics.map((t) => [t, live.get(t) ?? 0]))).toEqual(Object.fromEntries(topics.map((t) => [t, left(t)]))), {
        timeout: 5_000,
      });
    } finally {
      restore();
    }
  });
});
