/**
 * Weaknesses a thirteenth security review found, each proved here before it was fixed.
 * `chat.lobbyUnread` (the lobby list's unread marks, up to 200 lobbies a call) counted as one
 * request however many lobbies it asked about, and asked the database one condition per lobby,
 * ORed: on PostgreSQL 200 of them took 15 to 65 ms to plan and ran as a parallel scan, 18 to 32 ms
 * of the database's CPU a call (90 to 180 ms waited), and SQLite counted every message of the
 * rooms (13.5 ms on the event loop for 200 rooms of 200 messages): one address's 600 requests in
 * 10 s were up to 19 s of the database's CPU. Each room is now counted on its own, stopping at a
 * history's worth (3.5 ms on PostgreSQL, 2.2 ms on SQLite, for the same 200 rooms), and a call
 * counts one request for each 50 lobbies. And `lobbies.list`, read once per change but written out
 * afresh for each query (388 KB for 200 full eight-seat lobbies, 7.7 to 8.7 ms of the server's CPU
 * where session.me cost 2.3 to 3.2 ms), counted as one request: one client process was answered
 * 242 lists in 10 s (94 MB, 2.1 s of CPU), none refused. It counts one for each 50 lobbies now.
 * And a page of `users.myGames` (up to 50 games) read every player it names whole, as
 * `users.byIDs` does, but counted as one request: 50 games with seven others each named 350
 * people, 216 KB and 11 ms of CPU. It counts as `users.byIDs` would for them now.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { HISTORY_SIZE } from '../../src/server/services/chat.js';
import { preparedDuring, wholeTable } from './query-plans.js';
import { refused } from './roles.js';
import { clientFor, signInGuest, startServer, type Server } from './support.js';

let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('chat.lobbyUnread per address', () => {
  test('counts one of the requests for each 50 distinct lobbies asked about, before it reads them: past them, a refusal that says so', async () => {
    server = await startServer({ requestsPerAddress: 9, trustProxy: true });
    const ann = await signInGuest(server, 'Ann', { from: '198.51.100.1' });
    // Ann's later calls come from an address that has made no request yet.
    const { client, close } = clientFor(server, ann.cookie, null, { 'x-forwarded-for': '198.51.100.2' });
    try {
      const { id: lobbyID } = await client.lobbies.create.mutate();
      const others = Array.from({ length: 200 }, (_, i) => ({ lobbyID: `l_other${i}`, after: 0 }));
      // One lobby asked about 200 times is one lobby, and counts as one request, as a few do.
      expect(await client.chat.lobbyUnread.query({ lobbies: others.map(() => ({ lobbyID, after: 0 })) })).toEqual({});
      // Requests made: 2 of 9. 200 lobbies count 4: 6.
      expect(await client.chat.lobbyUnread.query({ lobbies: others })).toEqual({});
      // The next 200 would make 10: refused, and only the call itself counted (7).
      const tooMany = { code: 'TOO_MANY_REQUESTS', httpStatus: 429, ruleCode: null };
      expect(await refused(client.chat.lobbyUnread.query({ lobbies: others }))).toEqual({
        ...tooMany,
        message: 'Too many unread counts asked for from your address: 200 lobbies count as 4 of the 9 requests allowed in 10 seconds. Wait a moment.',
      });
      // A person's own few lobbies are still answered, each call one request: 8, 9, then no more.
      expect(await client.chat.lobbyUnread.query({ lobbies: [{ lobbyID, after: 0 }] })).toEqual({});
      expect(await client.chat.lobbyUnread.query({ lobbies: others.slice(0, 50) })).toEqual({});
      expect(await refused(client.chat.lobbyUnread.query({ lobbies: [{ lobbyID, after: 0 }] }))).toEqual({
        ...tooMany,
        message: 'Too many requests from your address: at most 9 in 10 seconds. Wait a moment.',
      });
    } finally {
      close();
      ann.close();
    }
  });

  test("counts each room by its index in one plan whatever the number of lobbies, and stops at a history's worth", async () => {
    // One condition per lobby, ORed, made a plan of 200 index searches and a sort of every message
    // they found: PostgreSQL took 15 to 65 ms to plan 200 and ran them as a parallel scan.
    server = await startServer();
    const [ann, bob] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Bob')]);
    try {
      const { id: lobbyID } = await bob.client.lobbies.create.mutate();
      const { db, chat, users } = server.app.services;
      const many = Array.from({ length: HISTORY_SIZE + 20 }, (_, i) => ({ id: `c_${String(i).padStart(3, '0')}`, room: `lobby/${lobbyID}`, sender_id: bob.userID, message: `${i}`, created_at: 1_000 + i }));
      await db.kysely.insertInto('chat_messages').values(many).execute();
      const reader = (await users.get(ann.userID))!;
      const asked = [{ lobbyID, after: 1_010 }, { lobbyID: 'l_none', after: 0 }, { lobbyID, after: 1_000 }];
      let counts: Record<string, number> = {};
      const plans = await preparedDuring(server, async () => void (counts = await chat.lobbyUnread(reader, asked)));
      const read = plans.filter(({ sql }) => /chat_messages/.test(sql));
      expect(read).toHaveLength(1);
      // The only rows read whole are the lobbies asked about and each room's counted ones.
      expect(read[0]!.plan.filter((step) => wholeTable(step) && step !== 'SCAN asked' && step !== 'SCAN unread'), read[0]!.sql).toEqual([]);
      expect(read[0]!.plan.filter((step) => step.includes('USING INDEX chat_room_time (room=? AND created_at>?)'))).toHaveLength(1);
      // From the earlier of a lobby's two times, at most a history.
      expect(counts).toEqual({ [lobbyID]: HISTORY_SIZE });
      expect(await chat.lobbyUnread(reader, [{ lobbyID, after: 1_060 }])).toEqual({ [lobbyID]: 9 });
    } finally {
      ann.close();
      bob.close();
    }
  });
});

describe('lobbies.list per address', () => {
  test('counts one of the requests for each 50 lobbies it lists: past them, a refusal that says so', async () => {
    // Read once per change but written out afresh for each query, 200 full eight-seat lobbies
    // (388 KB) cost 7.7 to 8.7 ms of the server's CPU a query, counted as one request.
    server = await startServer({ requestsPerAddress: 8, trustProxy: true });
    const ann = await signInGuest(server, 'Ann', { from: '198.51.100.1' });
    const { client, close } = clientFor(server, ann.cookie, null, { 'x-forwarded-for': '198.51.100.2' });
    try {
      const { lobbies, users } = server.app.services;
      const host = (await users.get(ann.userID))!;
      for (let i = 0; i < 101; i++) await lobbies.create(host, 'person', '198.51.100.1');
      // 101 lobbies count 3: 3, then 6.
      expect(await client.lobbies.list.query()).toHaveLength(101);
      expect(await client.lobbies.list.query()).toHaveLength(101);
      const tooMany = { code: 'TOO_MANY_REQUESTS', httpStatus: 429, ruleCode: null };
      expect(await refused(client.lobbies.list.query())).toEqual({
        ...tooMany,
        message: 'Too many lobby lists for your address: a list of 101 lobbies counts as 3 of the 8 requests allowed in 10 seconds. Wait a moment.',
      });
      // Only the call itself counted (7): one more request, then none.
      expect(await client.session.me.query()).toMatchObject({ id: ann.userID });
      expect(await refused(client.session.me.query())).toEqual({ ...tooMany, message: 'Too many requests from your address: at most 8 in 10 seconds. Wait a moment.' });
    } finally {
      close();
      ann.close();
    }
  });
});

describe('users.myGames per address', () => {
  test('counts as users.byIDs would for the players a page names, before they are read: past them, a refusal that says so', async () => {
    // Each player a page names is read whole and made public: 50 games, each with seven others,
    // named 350 people, 216 KB and 11 ms of the server's CPU for one request.
    server = await startServer({ requestsPerAddress: 8, trustProxy: true });
    const ann = await signInGuest(server, 'Ann', { from: '198.51.100.1' });
    const { client, close } = clientFor(server, ann.cookie, null, { 'x-forwarded-for': '198.51.100.2' });
    try {
      // Fifteen finished games of Ann's, each with seven people she met there alone.
      const { kysely } = server.app.services.db;
      const { stats_json } = (await server.app.services.users.get(ann.userID))!;
      const others = Array.from({ length: 105 }, (_, i) => ({ id: `u_met${i}`, name: `Met ${i}`, provider: 'guest', provider_id: null, profile_picture_url: null, subtitle: null, is_dev: 0, can_change_name: 1, bot_type: null, stats_json, created_at: 1 }));
      await kysely.insertInto('users').values(others).execute();
      for (let g = 0; g < 15; g++) {
        await kysely.insertInto('games').values({ id: `g_met${g}`, lobby_id: null, state_json: '{}', sequence_id: 1, has_bots: 0, start_timestamp: 1_000 + g, end_timestamp: 2_000 + g, updated_at: 2_000 + g, seed_commitment: null }).execute();
        const seats = [ann.userID, ...others.slice(g * 7, g * 7 + 7).map((u) => u.id)];
        await kysely.insertInto('game_players').values(seats.map((user_id, seat) => ({ game_id: `g_met${g}`, seat, user_id, bot_type: null, stats_json: null, start_timestamp: 1_000 + g, has_bots: 0 }))).execute();
      }
      // 106 players count 3: 3, then 6.
      const page = await client.users.myGames.query({ limit: 15 });
      expect([page.games.length, page.users.length]).toEqual([15, 106]);
      expect((await client.users.myGames.query({ limit: 15 })).users).toHaveLength(106);
      const tooMany = { code: 'TOO_MANY_REQUESTS', httpStatus: 429, ruleCode: null };
      expect(await refused(client.users.myGames.query({ limit: 15 }))).toEqual({
        ...tooMany,
        message: 'Too many game pages for your address: a page naming 106 players counts as 3 of the 8 requests allowed in 10 seconds. Wait a moment.',
      });
      // Only the call itself counted (7); a page of one game (eight players) is one request.
      expect((await client.users.myGames.query({ limit: 1 })).users).toHaveLength(8);
      expect(await refused(client.users.myGames.query({ limit: 1 }))).toEqual({ ...tooMany, message: 'Too many requests from your address: at most 8 in 10 seconds. Wait a moment.' });
    } finally {
      close();
      ann.close();
    }
  });
});
