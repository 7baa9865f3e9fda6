/**
 * Weaknesses a sixth security review found, each proved here before it was fixed: reads any
 * guest may make that cost the server far more than the one request they counted for.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { HistoryService } from '../../src/server/services/history.js';
import { feed, lobbyListFeed } from './feeds.js';
import { plansOf, preparedDuring, wholeTable } from './query-plans.js';
import { refused } from './roles.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

let server: Server | null = null;
afterEach(async () => {
  restores.splice(0).forEach((restore) => restore());
  await server?.close();
  server = null;
});

/** Counts the calls of an object's method from now until the test ends (the object's own, not its module's). */
function countCalls<T extends object>(target: T, method: keyof T & string): { readonly calls: number } {
  const original = target[method] as (...args: unknown[]) => unknown;
  const counter = { calls: 0 };
  target[method] = function (this: unknown, ...args: unknown[]) {
    counter.calls += 1;
    return original.apply(this, args);
  } as T[keyof T & string];
  restores.push(() => void (target[method] = original as T[keyof T & string]));
  return counter;
}
const restores: (() => void)[] = [];

/** A GraphQL query as `guest`, answered as JSON. */
async function graphql(guest: Guest, query: string): Promise<{ data: Record<string, unknown> | null; errors?: { message: string }[] }> {
  const response = await fetch(`${server!.url}/api/graphql`, { method: 'POST', headers: { cookie: guest.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await response.json()) as { data: Record<string, unknown> | null; errors?: { message: string }[] };
}

/** `count` finished eight-seat games with bots (ids `g_old_<i>`, started at i), each seat with its stats, as a finished game's are stored. */
async function finishedEightSeatGames(server: Server, count: number): Promise<void> {
  const db = server.app.services.db.kysely;
  // A finished seat's stats are about 300 bytes of JSON.
  const stats = JSON.stringify({ score: 12, won: false, padding: 'x'.repeat(270) });
  for (let i = 0; i < count; i += 50) {
    const ids = Array.from({ length: Math.min(50, count - i) }, (_, j) => i + j);
    await db
      .insertInto('games')
      .values(ids.map((n) => ({ id: `g_old_${n}`, lobby_id: null, state_json: '{}', sequence_id: 1, has_bots: 1, start_timestamp: n, end_timestamp: n + 1, updated_at: n + 1, seed_commitment: null })))
      .execute();
    await db
      .insertInto('game_players')
      .values(ids.flatMap((n) => Array.from({ length: 8 }, (_, seat) => ({ game_id: `g_old_${n}`, seat, user_id: `u_old_${(n + seat) % 97}`, bot_type: seat === 0 ? null : 'easy_bot', stats_json: stats, start_timestamp: n, has_bots: 1 }))))
      .execute();
  }
}

describe('the game history with games with bots (games.history, REST\'s /api/game_history_list)', () => {
  test('reads only the seats\' ids, in the key\'s order: not every seat\'s stats, sorted afresh', async () => {
    // A list of the newest 200 eight-seat games read all 1,600 of their seats whole (each finished
    // seat's stats, 300 bytes of JSON that the list never shows), had SQLite sort them by seat in a
    // temporary tree, then searched all 1,600 once for each game: 12 ms of the server's CPU a
    // request (about 8 ms now), and any guest may ask for one in each of their 600 requests.
    server = await startServer();
    await finishedEightSeatGames(server, 220);
    const plans = await plansOf(server, (db) => new HistoryService(db).list({ includeBots: true }));
    const seats = plans.find(({ sql }) => /from "game_players"/.test(sql))!;
    expect(seats.sql).not.toContain('*');
    expect(seats.sql).not.toContain('stats_json');
    expect(seats.plan.filter(wholeTable), seats.sql).toEqual([]);
    // Every game still lists its players in seat order.
    const games = await new HistoryService(server.app.services.db.kysely).list({ includeBots: true });
    expect(games).toHaveLength(200);
    expect(games[0]).toEqual({
      id: 'g_old_219',
      players: Array.from({ length: 8 }, (_, seat) => ({ userID: `u_old_${(219 + seat) % 97}` })),
      gameStartTimestamp: 219,
      gameEndTimestamp: 220,
      seedCommitment: null,
    });
  });

  test('counts one of the address\'s requests for each 50 games it lists: a list of 200 as four; a short one as one', async () => {
    server = await startServer({ requestsPerAddress: 32 });
    await finishedEightSeatGames(server, 200);
    const guest = await signInGuest(server, 'Lister');
    const message = 'Too many game lists for your address: a list of 200 games counts as 4 of the 32 requests allowed in 10 seconds. Wait a moment.';
    // Signing in took 3 of the 32; each list of 200 takes 4, and the eighth's first counts but not
    // its rest (as one, it would have been answered 29 times).
    let served = 0;
    for (;;) {
      const outcome = await guest.client.games.history.query({ includeBots: true }).then(
        (games) => ({ games }),
        (error: unknown) => ({ error }),
      );
      if ('error' in outcome) {
        expect(await refused(Promise.reject(outcome.error as Error))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
        break;
      }
      expect(outcome.games).toHaveLength(200);
      served++;
      if (served > 30) break;
    }
    expect(served).toBe(7);
    guest.close();

    // REST's list counts the same, refused in its own shape; a person's own short list counts one.
    await server.close();
    server = await startServer({ requestsPerAddress: 31 });
    await finishedEightSeatGames(server, 200);
    const reader = await signInGuest(server, 'Reader');
    const list = (query: string) => fetch(`${server!.url}/api/game_history_list${query}`, { headers: { cookie: reader.cookie } });
    const own = await list(`?userID=${reader.userID}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual([]);
    let answered = 0;
    let answer = await list('?includeBots=1');
    while (answer.status === 200 && answered < 30) {
      expect((await answer.json()) as unknown[]).toHaveLength(200);
      answered++;
      answer = await list('?includeBots=1');
    }
    // 3 to sign in, 1 for the own list, 24 for six lists; the seventh's first counts, its rest not.
    expect(answered).toBe(6);
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({ ok: false, error: message.replace('of the 32', 'of the 31') });
    reader.close();
  });
});

describe('the lobby list read by queries (tRPC lobbies.list, GraphQL lobbies)', () => {
  test('is read once per change for every reader, as its watchers are sent it; a read after a change sees it', async () => {
    // Each read of the list read its 200 lobbies, their seats and every seated user afresh: 30-40
    // ms of CPU for a list of full eight-seat lobbies (430 KB), counted as one request. A GraphQL
    // query may alias \`lobbies\` fifteen times, each read again with its hosts: 580 ms of CPU a
    // request, and one guest's eight such requests at once held another person's for 12 s.
    server = await startServer();
    const { lobbies, users } = server.app.services;
    const host = await signInGuest(server, 'Host');
    const reader = await signInGuest(server, 'Reader');
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    const reads = countCalls(lobbies, 'list');
    for (let i = 0; i < 5; i++) expect((await reader.client.lobbies.list.query()).map((l) => l.id)).toEqual([lobbyID]);
    expect(reads.calls).toBe(1);
    // Fifteen aliases: the list as it is, and its hosts, read once for the request.
    const hostReads = countCalls(users, 'getMany');
    const aliases = Array.from({ length: 15 }, (_, i) => `a${i}: lobbies { id host { id } }`).join(' ');
    const answer = await graphql(reader, `{ ${aliases} }`);
    expect(answer.errors).toBeUndefined();
    expect(Object.values(answer.data!)).toEqual(Array.from({ length: 15 }, () => [{ id: lobbyID, host: { id: host.userID } }]));
    expect(reads.calls).toBe(1);
    expect(hostReads.calls).toBe(1);
    // A change is seen by the next read (on the instance that made it, at once), read once for all.
    await host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true });
    for (let i = 0; i < 3; i++) expect((await reader.client.lobbies.list.query())[0]!.options.hideFavor).toBe(true);
    expect(JSON.parse(((await graphql(reader, '{ lobbies { options } }')).data!.lobbies as { options: string }[])[0]!.options)).toMatchObject({ hideFavor: true });
    expect(reads.calls).toBe(2);
    host.close();
    reader.close();
  });
});

describe('the lobby list sent to its watchers (lobbies.onList)', () => {
  test('goes to them at most once in LOBBY_LIST_INTERVAL_MS, however many lobbies change; a query still reads the latest', async () => {
    // Each lobby change sent the whole list (up to 430 KB, deflated for each socket on its own,
    // about 6 ms of CPU a watcher) to every watcher: one account toggling an option in its own
    // lobby, 28 times in 10 s, sent 20 watchers 232 MB and kept 35% of a core busy; twenty such
    // accounts (one address's guests) had every watcher dropped as too slow to read.
    server = await startServer({ lobbyListIntervalMs: 60_000 });
    const { lobbies } = server.app.services;
    const host = await signInGuest(server, 'Host');
    const watcher = await signInGuest(server, 'Watcher');
    const list = lobbyListFeed(watcher.client.lobbies.onList);
    expect(await list.count(1)).toEqual([[]]);
    // The first change after a quiet while goes at once.
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    expect((await list.count(2))[1]!.map((l) => l.id)).toEqual([lobbyID]);
    // The next ones within the interval only mark the list stale: nothing is read, nothing sent.
    const reads = countCalls(lobbies, 'list');
    for (let i = 0; i < 9; i++) await host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: i % 2 === 0 });
    expect(reads.calls).toBe(0);
    expect(list.items).toHaveLength(2);
    // A query reads the list as the last change left it.
    const [now] = await watcher.client.lobbies.list.query();
    expect(now!.options.hideFavor).toBe(true);
    expect(now!.sequenceID).toBe(list.items[1]![0]!.sequenceID + 9);
    list.close();
    host.close();
    watcher.close();
  });

  test('the last change is always sent, once the interval has passed', async () => {
    server = await startServer({ lobbyListIntervalMs: 50 });
    const host = await signInGuest(server, 'Host');
    const watcher = await signInGuest(server, 'Watcher');
    const list = lobbyListFeed(watcher.client.lobbies.onList);
    await list.count(1);
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    for (let i = 0; i < 5; i++) await host.client.lobbies.setOption.mutate({ lobbyID, option: 'unbid', value: i % 2 === 0 });
    const [last] = await watcher.client.lobbies.list.query();
    const sent = await list.until((lobbiesNow) => lobbiesNow[0]?.sequenceID === last!.sequenceID);
    expect(sent[0]!.options.unbid).toBe(true);
    list.close();
    host.close();
    watcher.close();
  });
});

describe('a GraphQL query', () => {
  test('counts one of the address\'s requests for each 200 fields it could resolve, taken before it runs: past them it is refused unrun, with 429', async () => {
    // A query within the cost limit (20,000 fields) still costs what it resolves, and counted as
    // one request: fifteen aliases of \`lobbies { id }\` (3,015 fields) took 47 ms of CPU each, and
    // one guest's eight at a time kept the server 108% busy (264 in 10 s), another person's
    // request waiting 348 ms (4 ms with the weight: 36 answered, the rest refused).
    server = await startServer({ requestsPerAddress: 40 });
    const guest = await signInGuest(server, 'Asker');
    const aliases = `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: lobbies { id }`).join(' ')} }`;
    const ask = (query: string) => fetch(`${server!.url}/api/graphql`, { method: 'POST', headers: { cookie: guest.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    // Signing in took 2 of the 40; each such query takes 16, so the third is refused.
    for (let i = 0; i < 2; i++) {
      const answer = await ask(aliases);
      expect(answer.status).toBe(200);
      expect(Object.keys(((await answer.json()) as { data: object }).data)).toHaveLength(15);
    }
    const reads = countCalls(server.app.services.lobbies.listFeed, 'latest');
    const refusedAnswer = await ask(aliases);
    expect(refusedAnswer.status).toBe(429);
    expect(await refusedAnswer.json()).toEqual({
      data: null,
      errors: [{ message: 'Too many fields asked for from your address: this query could ask for 3015, and each 200 count as one of the 40 requests allowed in 10 seconds. Wait a moment, or ask for fewer.' }],
    });
    expect(reads.calls).toBe(0);
    // A small query counts one, as before: the 35th and 36th of the 40.
    for (let i = 0; i < 2; i++) expect(await (await ask('{ me { id } }')).json()).toEqual({ data: { me: { id: guest.userID } } });
    guest.close();
  });
});

describe("Play now's counts sent to everyone watching them (lobbies.playNow.onStatus)", () => {
  test('go at most once in LOBBY_LIST_INTERVAL_MS, however many press; the presser\'s own wait at once', async () => {
    // Every press (join or cancel, each within its presser's own limit) sent everyone on the lobby
    // list page their status again, read afresh: with 300 of them watching, one guest pressing cost
    // 13% of a core and ten guests of one address 90% (81,000 messages in 10 s); 6% and 15% now.
    server = await startServer({ lobbyListIntervalMs: 60_000 });
    const watcher = await signInGuest(server, 'Watcher');
    const presser = await signInGuest(server, 'Presser');
    const watched = feed(watcher.client.lobbies.playNow.onStatus, undefined);
    const own = feed(presser.client.lobbies.playNow.onStatus, undefined);
    const waitingFor4 = (status: { waiting: { size: number; waiting: number }[] }) => status.waiting.find((w) => w.size === 4)!.waiting;
    expect(waitingFor4(await watched.until())).toBe(0);
    await own.until();
    // The first press after a quiet while goes at once.
    await presser.client.lobbies.playNow.join.mutate({ size: 4 });
    expect(waitingFor4(await watched.until((status) => waitingFor4(status) === 1))).toBe(1);
    const sent = watched.items.length;
    await own.until((status) => status.mine?.state === 'waiting');
    let seen = own.items.length;
    for (let i = 0; i < 4; i++) {
      // The presser is sent their own wait at once, each time.
      await presser.client.lobbies.playNow.cancel.mutate();
      expect((await own.count(++seen))[seen - 1]!.mine).toBeNull();
      await presser.client.lobbies.playNow.join.mutate({ size: 4 });
      expect((await own.count(++seen))[seen - 1]!.mine).toMatchObject({ state: 'waiting', size: 4 });
    }
    // The watcher was sent nothing more: the counts wait for the interval.
    expect(watched.items.length).toBe(sent);
    expect(waitingFor4((await watcher.client.lobbies.playNow.status.query()))).toBe(1);
    await presser.client.lobbies.playNow.cancel.mutate();
    watched.close();
    own.close();
    watcher.close();
    presser.close();
  });
});

describe('users.byIDs', () => {
  test('counts one of the address\'s requests for each 50 ids asked, before they are read: 200 as four', async () => {
    // Each user is read whole and made public: 200 ids (103 KB) cost about 7 ms of CPU, and one
    // address asking in each of its 600 requests kept 46% of a core busy.
    server = await startServer({ requestsPerAddress: 32 });
    const guest = await signInGuest(server, 'Asker');
    const ids = Array.from({ length: 199 }, (_, i) => `u_nobody_${i}`).concat(guest.userID);
    const message = 'Too many users asked for from your address: 200 ids count as 4 of the 32 requests allowed in 10 seconds. Wait a moment.';
    const reads = countCalls(server.app.services.users, 'getMany');
    // Signing in took 3 of the 32; each call takes 4, and the eighth's first counts but not its rest.
    for (let i = 0; i < 7; i++) expect((await guest.client.users.byIDs.query({ ids })).map((u) => u.id)).toEqual([guest.userID]);
    expect(await refused(guest.client.users.byIDs.query({ ids }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
    expect(reads.calls).toBe(7);
    guest.close();
  });
});

describe('the lobby list as it is read (LobbyService.list)', () => {
  test('reads the seats in their key\'s order, and only the hosts whole: every other person by name and picture', async () => {
    // A list of 200 full eight-seat lobbies read every seated user whole (each one's stats, which
    // only a host's view shows) and had SQLite sort all 1,600 seats afresh: 29 ms of CPU a read,
    // 19 ms now. Every change reads it once (for its watchers, and the next query).
    server = await startServer();
    const host = await signInGuest(server, 'Host');
    const guest = await signInGuest(server, 'Guest');
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    await guest.client.lobbies.join.mutate({ lobbyID });
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    // A second lobby: the seats of several are read at once, in one order.
    const { id: other } = await guest.client.lobbies.create.mutate();
    const { lobbies } = server.app.services;
    let listed: Awaited<ReturnType<typeof lobbies.list>> = [];
    const plans = await preparedDuring(server, async () => void (listed = await lobbies.list()));
    const seats = plans.filter(({ sql }) => /from "lobby_players"/.test(sql));
    expect(seats).toHaveLength(1);
    expect(seats[0]!.plan.filter(wholeTable), seats[0]!.sql).toEqual([]);
    const users = plans.filter(({ sql }) => /from "users"/.test(sql)).map(({ sql }) => sql);
    // The hosts whole, then the others without their stats.
    expect(users).toHaveLength(2);
    expect(users[0]).toMatch(/^select \* from "users"/);
    expect(users[1]).toMatch(/^select "id", "name", "profile_picture_url" from "users"/);
    expect(listed.map((l) => ({ id: l.id, host: l.host.id, players: l.players.map((p) => p.name) }))).toEqual([
      { id: other, host: guest.userID, players: ['Guest'] },
      { id: lobbyID, host: host.userID, players: ['Host', 'Guest', 'Easy Bot 1'] },
    ]);
    host.close();
    guest.close();
  });
});
