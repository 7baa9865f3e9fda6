/**
 * What a returning player is told of their lobbies: `chat.lobbyUnread`, how many messages others
 * wrote in each lobby's chat after the newest the player read (the lobby list's unread marks), with
 * how far they read kept by the server too (`chat.markRead`, `chat.readMarks`: another device of
 * theirs counts nothing read as unread), and `lobbies.waiting`, the lobbies they sit in whose game
 * has not started ("Your games").
 */
import { describe, expect, test } from 'vitest';
import { CHAT_READS_KEPT, HISTORY_SIZE } from '../../src/server/services/chat.js';
import { DATABASES, useServer } from './databases.js';
import { anonymous, signInGuest } from './support.js';
import { LOGIN_REQUIRED, openLobby, refused } from './roles.js';

describe.each(DATABASES)('a returning player\'s lobbies on %s', (database) => {
  const suite = useServer(database, { config: { maxRunningGamesPerUser: 100, gamesPerUserPerHour: 1_000 } });

  test('chat.lobbyUnread: by lobby, the messages of others after the newest read, at most a history; none, unknown: left out', async () => {
    const { server } = suite();
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => signInGuest(server, name)));
    const stranger = anonymous(server);
    try {
      const talked = await openLobby(ann!, bob!);
      const quiet = await openLobby(bob!);
      const room = `lobby/${talked}`;
      const first = await bob!.client.chat.send.mutate({ room, message: 'hi Ann' });
      await ann!.client.chat.send.mutate({ room, message: 'hi Bob' });
      const last = await bob!.client.chat.send.mutate({ room, message: 'ready?' });

      const ask = (after: number) => ann!.client.chat.lobbyUnread.query({ lobbies: [{ lobbyID: talked, after }, { lobbyID: quiet, after: 0 }, { lobbyID: 'l_nobody', after: 0 }] });
      // One's own messages are never unread.
      expect(await ask(0)).toEqual({ [talked]: 2 });
      expect(await ask(first.createdAt)).toEqual({ [talked]: 1 });
      expect(await ask(last.createdAt)).toEqual({});
      expect(await bob!.client.chat.lobbyUnread.query({ lobbies: [{ lobbyID: talked, after: 0 }] })).toEqual({ [talked]: 1 });
      expect(await ann!.client.chat.lobbyUnread.query({ lobbies: [] })).toEqual({});

      // A room's own count goes no further than its history: neither does the mark.
      const { db } = server.app.services;
      const many = Array.from({ length: HISTORY_SIZE + 10 }, (_, i) => ({ id: `c_many_${String(i).padStart(3, '0')}`, room: `lobby/${quiet}`, sender_id: bob!.userID, message: `${i}`, created_at: last.createdAt + 1 + i }));
      await db.kysely.insertInto('chat_messages').values(many).execute();
      expect(await ask(0)).toEqual({ [talked]: 2, [quiet]: HISTORY_SIZE });

      expect(await refused(stranger.client.chat.lobbyUnread.query({ lobbies: [{ lobbyID: talked, after: 0 }] }))).toMatchObject(LOGIN_REQUIRED);
      const tooMany = Array.from({ length: 201 }, (_, i) => ({ lobbyID: `l_${i}`, after: 0 }));
      expect(await refused(ann!.client.chat.lobbyUnread.query({ lobbies: tooMany }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
      expect(await refused(ann!.client.chat.lobbyUnread.query({ lobbies: [{ lobbyID: talked, after: -1 }] }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    } finally {
      ann!.close();
      bob!.close();
      stranger.close();
    }
  });

  test("chat.markRead and chat.readMarks: how far the caller read, kept for their other devices; never back, never ahead of now; only rooms they may open", async () => {
    const { server } = suite();
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => signInGuest(server, name)));
    const stranger = anonymous(server);
    try {
      const lobbyID = await openLobby(ann!, bob!);
      const room = `lobby/${lobbyID}`;
      const first = await bob!.client.chat.send.mutate({ room, message: 'hi Ann' });
      const last = await bob!.client.chat.send.mutate({ room, message: 'ready?' });
      expect(await ann!.client.chat.readMarks.query({ rooms: [room] })).toEqual({});

      // Ann reads the first message on her phone: this browser, which never read the room, asks from 0.
      await ann!.client.chat.markRead.mutate({ room, upTo: first.createdAt });
      expect(await ann!.client.chat.readMarks.query({ rooms: [room, 'lobby/l_nobody'] })).toEqual({ [room]: first.createdAt });
      expect(await ann!.client.chat.lobbyUnread.query({ lobbies: [{ lobbyID, after: 0 }] })).toEqual({ [lobbyID]: 1 });
      // A later mark of this browser's own counts over the server's.
      expect(await ann!.client.chat.lobbyUnread.query({ lobbies: [{ lobbyID, after: last.createdAt }] })).toEqual({});
      // An older mark from another device does not move it back; one ahead of now stops at now.
      await ann!.client.chat.markRead.mutate({ room, upTo: 0 });
      expect(await ann!.client.chat.readMarks.query({ rooms: [room] })).toEqual({ [room]: first.createdAt });
      await ann!.client.chat.markRead.mutate({ room, upTo: Number.MAX_SAFE_INTEGER });
      const ahead = (await ann!.client.chat.readMarks.query({ rooms: [room] }))[room]!;
      expect(ahead).toBeGreaterThanOrEqual(last.createdAt);
      expect(ahead).toBeLessThanOrEqual(Date.now());
      // Marks are each person's own.
      expect(await bob!.client.chat.readMarks.query({ rooms: [room] })).toEqual({});

      expect(await refused(ann!.client.chat.markRead.mutate({ room: 'lobby/l_nobody', upTo: 1 }))).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, message: 'Unknown chat room: lobby/l_nobody' });
      expect(await refused(ann!.client.chat.markRead.mutate({ room: 'kitchen', upTo: 1 }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Unknown chat room: kitchen' });
      expect(await refused(ann!.client.chat.markRead.mutate({ room, upTo: -1 }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
      expect(await refused(stranger.client.chat.markRead.mutate({ room, upTo: 1 }))).toMatchObject(LOGIN_REQUIRED);
      expect(await refused(stranger.client.chat.readMarks.query({ rooms: [room] }))).toMatchObject(LOGIN_REQUIRED);
      const tooMany = Array.from({ length: 51 }, (_, i) => `lobby/l_${i}`);
      expect(await refused(ann!.client.chat.readMarks.query({ rooms: tooMany }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });

      // A person keeps marks for their newest CHAT_READS_KEPT rooms; older ones go as new ones come
      // (here the lobby's room, its mark taken away to be added again).
      const { db } = server.app.services;
      await db.kysely.deleteFrom('chat_reads').where('user_id', '=', ann!.userID).execute();
      const old = Array.from({ length: CHAT_READS_KEPT }, (_, i) => ({ user_id: ann!.userID, room: `game/g_old${i}`, read_at: 1 + i }));
      await db.kysely.insertInto('chat_reads').values(old).execute();
      await ann!.client.chat.markRead.mutate({ room, upTo: last.createdAt });
      const kept = await db.kysely.selectFrom('chat_reads').select('room').where('user_id', '=', ann!.userID).execute();
      expect(kept.length).toBe(CHAT_READS_KEPT);
      expect(kept.map((r) => r.room)).toContain(room);
      expect(kept.map((r) => r.room)).not.toContain('game/g_old0');

      // A lobby that closes takes its room's marks with it.
      await bob!.client.lobbies.leave.mutate({ lobbyID });
      await ann!.client.lobbies.leave.mutate({ lobbyID });
      expect(await db.kysely.selectFrom('chat_reads').select('room').where('room', '=', room).execute()).toEqual([]);
    } finally {
      ann!.close();
      bob!.close();
      stranger.close();
    }
  });

  test("lobbies.waiting: the caller's own lobbies without a game, newest first, hosted or joined; not a started one", async () => {
    const { server } = suite();
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => signInGuest(server, name)));
    const stranger = anonymous(server);
    try {
      const annsOwn = await openLobby(ann!);
      // Distinct creation times (milliseconds): the lobbies' order is well defined.
      await new Promise((resolve) => setTimeout(resolve, 3));
      const bobs = await openLobby(bob!, ann!);
      await new Promise((resolve) => setTimeout(resolve, 3));
      const started = await openLobby(cat!, ann!);
      await cat!.client.lobbies.start.mutate({ lobbyID: started });

      const waiting = await ann!.client.lobbies.waiting.query();
      expect(waiting.map((l) => [l.id, l.host.id, l.players.map((p) => p.name), l.status])).toEqual([
        [bobs, bob!.userID, ['Bob', 'Ann'], 'open'],
        [annsOwn, ann!.userID, ['Ann'], 'open'],
      ]);
      // The same view of each lobby the lobby's page is sent.
      expect(waiting[0]).toEqual(await ann!.client.lobbies.get.query({ lobbyID: bobs }));
      expect((await bob!.client.lobbies.waiting.query()).map((l) => l.id)).toEqual([bobs]);
      expect(await cat!.client.lobbies.waiting.query()).toEqual([]);
      await ann!.client.lobbies.leave.mutate({ lobbyID: bobs });
      expect((await ann!.client.lobbies.waiting.query()).map((l) => l.id)).toEqual([annsOwn]);
      expect(await refused(stranger.client.lobbies.waiting.query())).toMatchObject(LOGIN_REQUIRED);
    } finally {
      for (const guest of [ann!, bob!, cat!]) guest.close();
      stranger.close();
    }
  });
});
