/**
 * What a returning player is told of their lobbies: `chat.lobbyUnread`, how many messages others
 * wrote in each lobby's chat after the newest the player read (the lobby list's unread marks), and
 * `lobbies.waiting`, the lobbies they sit in whose game has not started ("Your games").
 */
import { describe, expect, test } from 'vitest';
import { HISTORY_SIZE } from '../../src/server/services/chat.js';
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

  test("lobbies.waiting: the caller's own lobbies without a game, newest first, hosted or joined; not a started one", async () => {
    const { server } = suite();
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => signInGuest(server, name)));
    const stranger = anonymous(server);
    try {
      const annsOwn = await openLobby(ann!);
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
