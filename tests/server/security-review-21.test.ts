/**
 * A stranger's and a cheating player's twenty-first look, at the changes of 2026-12-05 and -06 (a
 * lobby's pace, the value for the dice given with the seat, the rematch as one press, chat read
 * marks) and at what a player is sent of the others. Nothing exploitable was found: these tests
 * hold what was looked at and found sound, where a regression would show (each was seen failing
 * with the code broken on purpose: a bid's card left in the others' views; markRead without its
 * room check).
 *
 * - Another player's hidden choice. What Ann is sent when Bob bids, takes his bid back and bids
 *   again (0 military on one card, then all his military on another), and when he picks the card
 *   he gains, differs only in that he decided and when: the step, the clock, his readiness, his
 *   thinking time and his seat's deadline, which goes with his decision. Nothing of the bid or the
 *   card, over tRPC's games.state, REST's state and /channel's game topic alike (each writes the
 *   table beside the view with code of its own).
 * - A developer module's game room: a read mark (`chat.markRead`) is refused to a stranger as the
 *   room itself is, and no row is kept for them.
 *
 * Looked at and found sound, with tests elsewhere or nothing secret to hold: the engine's views
 * (others' bids, gains and reroll choices blanked, decks and discards sorted, prerolled dice, the
 * seed and the server's secret held to the end; tests/engine/view.test.ts); the seat's deadline,
 * keyed by the decision's kind and round alone, so that a bid taken back keeps the planning's
 * clock and tells nothing; the bots' and stand-ins' generators (ChaCha20 keyed by the game's secret
 * seed, the seat and the step: a chat message moves the step on, but no one can read what a bot
 * would have chosen); a lobby's secret drawn once per lobby, a rematch's lobby a new one; the
 * rematch's copy of a developer's table (tests/server/rematch-one-press.test.ts); the pace, host
 * only and fixed at the start (security-review-20); /channel's inbox of another person; the token
 * endpoints, cookies and websocket handshakes against other origins and ports; the OAuth cookie
 * and redirects; the bounded maps and queues a stranger's ids reach (serial queues, rate limits,
 * the unbid counts, the statement cache, the rematch offers followed).
 *
 * Inputs: each of the 51 tRPC queries and mutations was sent 11 odd inputs over HTTP (bodies nested
 * 20,000 arrays or 9,000 objects deep, lone surrogates, objects for ids, numbers past any bound, a
 * `__proto__` key), and the 6 subscriptions and every /channel topic odd inputs over their sockets:
 * no answer was a server fault and nothing was logged as an error
 * (tests/server-robustness/fuzz.test.ts holds the same for its routes).
 *
 * Costs measured and left as they are (2-core machine shared with other work, in-process server
 * and client, CPU a request): a game room's `chat.history` or `chat.markRead` reads a finished
 * eight-seat game whole when it is not held in memory, 3.9 to 4.7 ms against 2.1 to 2.3 ms for
 * `session.me` on SQLite, 6.3 to 6.5 against 3.2 ms on PostgreSQL (whose reads of a game go past
 * the cache): under twice the cheapest request, and under `games.state`'s own 6.7 ms (9.3 on
 * PostgreSQL), which counts 4 for eight seats. In a busier run, against 3.6 ms for `session.me`:
 * `ratings.ofUsers` of 200 ids 4.4 ms, `chat.readMarks` of 50 rooms 3.1 ms, a rematch offer 2.8 ms.
 *
 * Noted here and changed after: `lobbies.sharedAddress` told every player of a lobby whether two
 * of its people shared a network, and anyone may be one of its players for a moment (join, ask,
 * leave: two lobby changes, seen by the lobby). It tells each player of their own network alone
 * now, the host included (tests/server/shared-addresses.test.ts). Noted, not changed: games are rated
 * between IPv6 households (/56), of which one person with a free /48 tunnel has 256, as one with
 * a second IPv4 connection has two.
 */
import { describe, expect, test } from 'vitest';
import { channel } from '../compat/protocol-client.js';
import { DATABASES, useServer } from './databases.js';
import { signInGuest, type Guest } from './support.js';
import { openLobby, refused, signInRoles } from './roles.js';

/** Where two JSON values differ, as paths (`/game/readyByUserID/u_1`). */
function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return [path];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => changedPaths((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`));
}

describe.each(DATABASES)("what a player is sent of another's hidden choice, on %s", (database) => {
  const suite = useServer(database);

  test('a bid, a bid made again and a card gained tell the others that they were made, nothing of what they were', async () => {
    const { server } = suite();
    const [ann, bob, cat] = (await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => signInGuest(server, name)))) as [Guest, Guest, Guest];
    const lobbyID = await openLobby(ann, bob, cat);
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    // Ann's /channel socket, open before anything is compared: her presence is the same throughout.
    const socket = await channel(server.url, { cookie: ann.cookie });
    try {
      const topic = `game/${gameID}`;
      socket.send({ type: 'subscribe', topic });
      await socket.until((m) => m.type === 'topic' && m.topic === topic);
      const seen = async (sequenceID: number) => {
        const fromChannel = await socket.until((m) => m.type === 'topic' && m.topic === topic && m.data.sequenceID === sequenceID);
        return {
          trpc: await ann.client.games.state.query({ gameID }),
          rest: (await (await fetch(`${server.url}/api/game/${gameID}/state`, { headers: { cookie: ann.cookie } })).json()) as unknown,
          channel: fromChannel.data as unknown,
        };
      };
      /**
       * What changed for Ann between two steps, on each door, but the times (the server's clock, the
       * step's, and how long Bob took since the phase began: when he decided, which may fall in one
       * millisecond with the step before).
       */
      const untimed = (paths: string[]) => paths.filter((path) => !/\/(serverTime|updateTimestamp|phaseThinkingMillisByPlayerID\/[^/]+)$/.test(path));
      const changed = (a: Awaited<ReturnType<typeof seen>>, b: Awaited<ReturnType<typeof seen>>) => ({
        trpc: untimed(changedPaths(a.trpc, b.trpc)),
        rest: untimed(changedPaths(a.rest, b.rest)),
        channel: untimed(changedPaths(a.channel, b.channel)),
      });
      const act = async (guest: Guest, action: Parameters<Guest['client']['games']['act']['mutate']>[0]['action']) => (await guest.client.games.act.mutate({ gameID, action })).sequenceID;
      const decisionOf = async (guest: Guest) => (await guest.client.games.state.query({ gameID })).game.decision;

      const bid = await decisionOf(bob);
      if (bid?.type !== 'BID') throw new Error('Bob has no bid to make');
      const before = await seen((await ann.client.games.state.query({ gameID })).sequenceID);
      const low = await seen(await act(bob, { type: 'BID', bid: { military: 0, tradeRowIndex: bid.tradeRowIndexes[1]! } }));
      await act(bob, { type: 'UNBID' });
      const high = await seen(await act(bob, { type: 'BID', bid: { military: bid.maxMilitary, tradeRowIndex: bid.tradeRowIndexes.at(-1)! } }));

      // That Bob decided: his readiness, and his seat's clock, which goes with his decision.
      const bob_ = bob.userID;
      const decided = {
        trpc: ['/sequenceID', '/game/sequenceID', `/game/readyByUserID/${bob_}`, '/seats/1/deadline'],
        rest: ['/sequenceID', `/readyByUserID/${bob_}`, '/seats/1/deadline'],
        channel: ['/sequenceID', '/game/sequenceID', `/game/readyByUserID/${bob_}`, '/seats/1/deadline'],
      };
      expect(changed(before, low)).toEqual(decided);
      expect(low.trpc.seats[1]).toMatchObject({ userID: bob_, deadline: null });
      // Another bid, on another card, with all his military (if he has any): only that a step was taken.
      const stepped = (paths: string[]) => paths.filter((path) => path.endsWith('/sequenceID'));
      expect(changed(low, high)).toEqual({ trpc: stepped(decided.trpc), rest: stepped(decided.rest), channel: stepped(decided.channel) });

      // The others bid on other cards: no clash, and each gains the card won or a basic one.
      await act(ann, { type: 'BID', bid: { military: 0, tradeRowIndex: bid.tradeRowIndexes[0]! } });
      await act(cat, { type: 'BID', bid: { military: 0, tradeRowIndex: bid.tradeRowIndexes[2]! } });
      const resolve = await decisionOf(bob);
      if (resolve?.type !== 'RESOLVE') throw new Error('Bob has no card to gain');
      const waiting = await seen((await ann.client.games.state.query({ gameID })).sequenceID);
      const gained = await seen(await act(bob, { type: 'RESOLVE', resolve: { cardIDToGain: resolve.choices.find((c) => c.affordable)!.cardID } }));
      expect(changed(waiting, gained)).toEqual(decided);
    } finally {
      await socket.close();
      for (const guest of [ann, bob, cat]) guest.close();
    }
  });
});

describe.each(DATABASES)("a developer module's game room, on %s", (database) => {
  const suite = useServer(database);

  test('a stranger may not mark it read, and no mark is kept for them', async () => {
    const { server } = suite();
    const { dev, member, outsider, close } = await signInRoles(server);
    try {
      const lobbyID = await openLobby(dev, member);
      await dev.client.lobbies.setModule.mutate({ lobbyID, module: 'noupgrade', enabled: true });
      const { gameID } = await dev.client.lobbies.start.mutate({ lobbyID });
      const room = `game/${gameID}`;
      expect(await refused(outsider.client.chat.markRead.mutate({ room, upTo: Date.now() }))).toMatchObject({
        code: 'FORBIDDEN',
        message: `Game ${gameID} uses a developer module: only its players and developers can watch it.`,
      });
      expect(await outsider.client.chat.readMarks.query({ rooms: [room] })).toEqual({});
      const rows = await server.app.services.db.kysely.selectFrom('chat_reads').select('user_id').where('room', '=', room).execute();
      expect(rows).toEqual([]);
      // Its players mark it as any room.
      await member.client.chat.markRead.mutate({ room, upTo: 5 });
      expect(await member.client.chat.readMarks.query({ rooms: [room] })).toEqual({ [room]: 5 });
    } finally {
      close();
    }
  });
});
