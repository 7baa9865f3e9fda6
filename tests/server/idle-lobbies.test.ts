/**
 * Lobbies left behind close by themselves: a lobby without a game that goes IDLE_LOBBY_SECONDS
 * with no change and its host not on its page goes on as if its host had left: the next person
 * seated hosts it, or, with nobody else, it closes (its watchers told, the list without it, its
 * bots' users and chat gone). Its host watching keeps it as it is, a stranger watching does not,
 * and a lobby with a game is never closed. On PostgreSQL, a page open on one instance keeps the
 * lobby open against the other's sweeps.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lobbyRoom } from '../../src/server/services/chat.js';
import { startTwoInstances, DATABASES, useServer } from './databases.js';
import { feed, lobbyListFeed } from './feeds.js';
import { preparedDuring, wholeTable } from './query-plans.js';
import { openLobby, refused, signInRoles, type Roles } from './roles.js';
import { clientFor, signInGuest, TEST_DATABASE_URL, type Server } from './support.js';

/** Short enough to wait out; every instance then sweeps four times a second. */
const IDLE_SECONDS = 1;
/** Long enough for several sweeps past the idle time, on a busy machine. */
const WELL_PAST_IDLE_MS = 3_000;

describe.each(DATABASES)('idle lobbies on %s', (database) => {
  const suite = useServer<Roles>(database, { config: { idleLobbySeconds: IDLE_SECONDS }, setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test('a lobby nobody of its own has open closes: its watchers are told, the list drops it, its bots and chat go', async () => {
    const { host, member, outsider } = roles();
    const { users } = suite().server.app.services;
    const lobbyID = await openLobby(host, member);
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const botID = (await host.client.lobbies.get.query({ lobbyID })).playerIDToBotType[0]?.[0];
    await member.client.chat.send.mutate({ room: lobbyRoom(lobbyID), message: 'anyone there?' });
    // A stranger's page on it keeps nothing open; nor does the lobby list.
    const stranger = feed(outsider.client.lobbies.onLobby, { lobbyID });
    const list = lobbyListFeed(outsider.client.lobbies.onList);
    await stranger.until();
    expect((await list.until()).some((l) => l.id === lobbyID)).toBe(true);

    await stranger.end();
    await list.until((lobbies) => !lobbies.some((l) => l.id === lobbyID));
    expect(await refused(member.client.lobbies.get.query({ lobbyID }))).toMatchObject({ code: 'NOT_FOUND', message: `Lobby ${lobbyID} not found.` });
    expect(await users.get(botID!)).toBeNull();
    const chat = await suite().server.app.services.db.kysely.selectFrom('chat_messages').select('id').where('room', '=', lobbyRoom(lobbyID)).execute();
    expect(chat).toEqual([]);
    // Its people are free of it: it no longer counts against their open lobbies.
    expect(await refused(member.client.lobbies.join.mutate({ lobbyID }))).toMatchObject({ code: 'NOT_FOUND' });
    list.close();
  });

  test("its host on its page keeps it as it is, however long", async () => {
    const { host, member } = roles();
    const lobbyID = await openLobby(host, member);
    const page = feed(host.client.lobbies.onLobby, { lobbyID });
    await page.until();
    // Time passing is the point: sweeps past the idle time, none of which may close it.
    await sleep(WELL_PAST_IDLE_MS);
    const lobby = await host.client.lobbies.get.query({ lobbyID });
    expect(lobby.status).toBe('open');
    expect(lobby.host.id).toBe(host.userID);
    expect(lobby.players.map((p) => p.id)).toEqual([host.userID, member.userID]);
    page.close();
    await member.client.lobbies.leave.mutate({ lobbyID });
  });

  test("a host who is gone: the one who joined and waits on its page becomes its host, as if the host had left; once they go too it closes", async () => {
    const { host, member } = roles();
    const waiting = await openLobby(host, member);
    const started = await openLobby(host);
    await host.client.lobbies.addBot.mutate({ lobbyID: started, botType: 'easy_bot' });
    const { gameID } = await host.client.lobbies.start.mutate({ lobbyID: started });
    const page = feed(member.client.lobbies.onLobby, { lobbyID: waiting });
    await page.until();

    // Its host never had it open: the member waiting there is told they host it now (they could
    // wait for ever behind a host who is gone, the list offering Join to the next one), and it
    // stays open while they watch.
    const handed = await page.until((lobby) => lobby.host.id === member.userID);
    expect(handed.players.map((p) => p.id)).toEqual([member.userID]);
    expect(handed.name).toBe(`${member.name}'s lobby`);
    // Sweeps past the idle time, none of which may close either lobby.
    await sleep(WELL_PAST_IDLE_MS);
    expect((await host.client.lobbies.get.query({ lobbyID: waiting })).status).toBe('open');
    expect(await host.client.lobbies.get.query({ lobbyID: started })).toMatchObject({ status: 'playing', game: { id: gameID } });

    // The member closes the page: nothing keeps the lobby any more.
    page.close();
    const after = lobbyListFeed(host.client.lobbies.onList);
    await after.until((lobbies) => !lobbies.some((l) => l.id === waiting));
    expect((await host.client.lobbies.get.query({ lobbyID: started })).status).toBe('playing');
    after.close();
  });
});

if (!TEST_DATABASE_URL) console.warn('idle lobbies across instances skipped: TEST_DATABASE_URL is not set (two instances need a shared PostgreSQL database)');

describe('lobbies by their game, among many past ones (SQLite runs its queries on the event loop)', () => {
  const suite = useServer<Roles>('sqlite', { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });

  test("a game's turn timer and the idle sweep read the lobbies they need, not every past one", async () => {
    // Every game started from a lobby keeps its lobby's row, so the table grows with the games.
    // Both reads found their rows by reading it whole: with 100,000 past lobbies, 2.9 ms for a
    // game's turn timer (when an instance first opens a game with people) and 17 ms a sweep.
    const { server } = suite();
    const { host } = suite().data;
    const db = server.app.services.db.kysely;
    for (let i = 0; i < 2_000; i += 500) {
      const past = Array.from({ length: 500 }, (_, j) => i + j);
      await db
        .insertInto('lobbies')
        .values(past.map((n) => ({ id: `l_past_${n}`, name: `Past ${n}`, host_id: host.userID, sequence_id: 1, options_json: '{}', modules_json: '[]', game_id: `g_past_${n}`, created_at: n, updated_at: n })))
        .execute();
    }
    const lobbyID = await openLobby(host);
    await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
    const { attendance, games, idleLobbies } = server.app.services;
    // As if this instance had not opened the game yet (a restart, another instance's game).
    attendance.forget(gameID);
    const plans = await preparedDuring(server, async () => {
      await games.openFor(gameID, { id: host.userID }, false);
      await idleLobbies.sweep();
    });
    const lobbies = plans.filter(({ sql }) => /from "lobbies"/.test(sql));
    expect(lobbies.map(({ sql }) => sql)).toEqual(expect.arrayContaining([expect.stringContaining('"game_id" = ?'), expect.stringContaining('"game_id" is null')]));
    for (const { sql, plan } of lobbies) expect(plan.filter(wholeTable), sql).toEqual([]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('idle lobbies across two instances on one PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, b, close } = await startTwoInstances({ idleLobbySeconds: IDLE_SECONDS }));
  });
  afterAll(() => close?.());

  test("a host's page on one instance keeps the lobby open against the other's sweeps; closed, either closes it once", async () => {
    const ann = await signInGuest(a, 'Ann');
    const onB = clientFor(b, ann.cookie, null);
    try {
      const lobbyID = await openLobby(ann);
      // Ann's page on a; b sees nobody on it, and sweeps too.
      const page = feed(ann.client.lobbies.onLobby, { lobbyID });
      await page.until();
      // Both instances' sweeps past the idle time, none of which may close it.
      await sleep(WELL_PAST_IDLE_MS);
      expect((await onB.client.lobbies.get.query({ lobbyID })).status).toBe('open');
      // Her page closed, one of the two closes it, once (a second close would find no row).
      page.close();
      await expect.poll(async () => (await refused(onB.client.lobbies.get.query({ lobbyID }))).code, { timeout: 10_000 }).toBe('NOT_FOUND');
    } finally {
      onB.close();
      ann.close();
    }
  });
});
