/**
 * Chat in lobby and game rooms: messages trimmed, empty and long ones refused, senders rate
 * limited (at most 5 messages in 5 s), the recent history there for whoever opens the room, and
 * new messages delivered through `chat.onRoom`. Only signed-in users chat.
 */
import { describe, expect, test } from 'vitest';
import { HISTORY_SIZE, MAX_MESSAGE_LENGTH, RATE_LIMIT, ROOM_KEEP } from '../../src/server/services/chat.js';
import { MAX_CHAT_EVENTS } from '../../src/server/services/game-chat.js';
import { DATABASES, useServer } from './databases.js';
import { feed, gameFeed } from './feeds.js';
import { LOGIN_REQUIRED, openLobby, refused, signInRoles, startedGame, type Roles } from './roles.js';
import { signInGuest } from './support.js';
import { botSeats, endableGame, saveEnd } from './endable-games.js';
import { decisionOf, definitionsOf } from './play.js';

const TOO_FAST = { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: 'You are sending messages too fast. Wait a moment.' } as const;

describe.each(DATABASES)('chat on %s', (database) => {
  const suite = useServer<Roles>(database, { setup: (server) => signInRoles(server), teardown: (roles) => roles.close() });
  const roles = () => suite().data;

  test('a message is trimmed; empty and over-long messages are refused and not stored', async () => {
    const { host } = roles();
    const room = `lobby/${await openLobby(host)}`;
    expect(await host.client.chat.send.mutate({ room, message: '  hello there \n' })).toMatchObject({ message: 'hello there', senderID: host.userID, room });
    for (const message of ['', '   ', '\n\t']) {
      expect(await refused(host.client.chat.send.mutate({ room, message }))).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, message: 'A message cannot be empty.' });
    }
    expect(await refused(host.client.chat.send.mutate({ room, message: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A message has at most 500 characters.',
    });
    // The limit counts the trimmed message.
    const longest = await host.client.chat.send.mutate({ room, message: `  ${'y'.repeat(MAX_MESSAGE_LENGTH)}  ` });
    expect(longest.message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect((await host.client.chat.history.query({ room })).map((m) => m.message)).toEqual(['hello there', longest.message]);
  });

  test('control and bidi characters are taken out (no terminal colours, no text reversed); emoji keep their joiners', async () => {
    const { outsider } = roles();
    const room = `lobby/${await openLobby(outsider)}`;
    const sent = await outsider.client.chat.send.mutate({ room, message: '\u001b[31mred\u0000 \u202egnitaehc\u202c\u2066 ok\nnext 👨\u200d👩\u200d👧 ❤\ufe0f ที่นี่ x\u0301\u0302\u0303\u0304' });
    expect(sent.message).toBe('[31mred gnitaehc ok next 👨\u200d👩\u200d👧 ❤\ufe0f ที่นี่ x\u0301\u0302\u0303\u0304');
    for (const message of ['\u200b', '\u202e\u202c', '\u0000\u0007']) {
      expect(await refused(outsider.client.chat.send.mutate({ room, message })), JSON.stringify(message)).toMatchObject({ message: 'A message cannot be empty.' });
    }
    // Marks stacked on one letter: the few that writing needs pass (above: Thai's vowel and tone
    // mark, four on a letter), a tower of them that would draw over the rows around it is refused.
    expect(await refused(outsider.client.chat.send.mutate({ room, message: `Z${'\u0336\u0353'.repeat(3)}algo` }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A message has at most 4 accents or marks on one letter.',
    });
    expect((await outsider.client.chat.history.query({ room })).map((m) => m.message)).toEqual([sent.message]);
  });

  test('the 6th message within 5 s is refused with TOO_MANY_REQUESTS; other people may still talk', async () => {
    const { member, outsider } = roles();
    const room = `lobby/${await openLobby(member)}`;
    for (let i = 1; i <= RATE_LIMIT; i++) await member.client.chat.send.mutate({ room, message: `message ${i}` });
    expect(await refused(member.client.chat.send.mutate({ room, message: 'one too many' }))).toMatchObject(TOO_FAST);
    // Refused in another room too: the limit is the sender's.
    const other = `lobby/${await openLobby(outsider)}`;
    expect(await refused(member.client.chat.send.mutate({ room: other, message: 'elsewhere' }))).toMatchObject(TOO_FAST);
    await outsider.client.chat.send.mutate({ room, message: 'I can still talk' });
    const history = await member.client.chat.history.query({ room });
    expect(history.map((m) => m.message)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5', 'I can still talk']);
  });

  test('opening a room gives its latest 50 messages, oldest first', async () => {
    const { server } = suite();
    const { dev } = roles();
    const room = `lobby/${await openLobby(dev)}`;
    const { chat, users } = server.app.services;
    // More than a history's worth, from enough senders to stay under each one's rate limit.
    const total = HISTORY_SIZE + 5;
    // (Each from an address of their own, to stay under the per-address limit as well.)
    const senders = await Promise.all(Array.from({ length: Math.ceil(total / RATE_LIMIT) }, (_, i) => users.createGuest(`Talker ${i}`, `10.0.0.${i}`)));
    for (let i = 0; i < total; i++) await chat.send(senders[Math.floor(i / RATE_LIMIT)]!, room, `line ${i}`, `10.0.0.${Math.floor(i / RATE_LIMIT)}`);
    const history = await dev.client.chat.history.query({ room });
    expect(history).toHaveLength(HISTORY_SIZE);
    expect(history.map((m) => m.message)).toEqual(Array.from({ length: HISTORY_SIZE }, (_, i) => `line ${i + total - HISTORY_SIZE}`));
    expect(history.every((m) => m.room === room && typeof m.createdAt === 'number' && m.id.startsWith('c_'))).toBe(true);
  });

  test(`a room keeps its latest ${ROOM_KEEP} messages; older ones are deleted as new ones come`, async () => {
    const { server } = suite();
    const { dev } = roles();
    const room = `lobby/${await openLobby(dev)}`;
    const { chat, users, db } = server.app.services;
    const total = ROOM_KEEP + 7;
    // (Senders and addresses of their own, under both rate limits; created a few at a time per address.)
    const senders = await Promise.all(Array.from({ length: Math.ceil(total / RATE_LIMIT) }, (_, i) => users.createGuest(`Keeper ${i}`, `10.1.${i}.1`)));
    for (let i = 0; i < total; i++) await chat.send(senders[Math.floor(i / RATE_LIMIT)]!, room, `line ${i}`, `10.1.${Math.floor(i / RATE_LIMIT)}.1`);
    const stored = await db.kysely.selectFrom('chat_messages').select('message').where('room', '=', room).orderBy('id').execute();
    expect(stored.map((m) => m.message)).toEqual(Array.from({ length: ROOM_KEEP }, (_, i) => `line ${i + total - ROOM_KEEP}`));
    expect((await dev.client.chat.history.query({ room })).map((m) => m.message).at(-1)).toBe(`line ${total - 1}`);
  });

  test("a lobby's messages go with the lobby: once its last person leaves, nothing of its room is left", async () => {
    const { server } = suite();
    const host = await signInGuest(server, 'Leaver');
    const lobbyID = await openLobby(host);
    const room = `lobby/${lobbyID}`;
    const { db, chat, users } = server.app.services;
    // (From an address of its own: the suite's other tests share 127.0.0.1's chat budget.)
    await chat.send((await users.get(host.userID))!, room, 'anyone here?', '10.2.0.1');
    const stored = () => db.kysely.selectFrom('chat_messages').select('message').where('room', '=', room).execute();
    expect(await stored()).toEqual([{ message: 'anyone here?' }]);
    await host.client.lobbies.leave.mutate({ lobbyID });
    expect(await stored()).toEqual([]);
    expect(await refused(host.client.chat.history.query({ room }))).toMatchObject({ code: 'NOT_FOUND', message: `Unknown chat room: ${room}` });
    host.close();
  });

  test('chat.onRoom delivers each new message of that room to everyone in it, in order', async () => {
    // The member used up their messages in the rate-limit test: here they only listen.
    const { host, member, outsider } = roles();
    const { gameID } = await startedGame(host, member);
    // An open lobby's room (a started game's lobby room takes no more messages).
    const lobbyID = await openLobby(outsider);
    const room = `game/${gameID}`;
    const inHost = feed(host.client.chat.onRoom, { room });
    const inSpectator = feed(outsider.client.chat.onRoom, { room });
    const inLobby = feed(member.client.chat.onRoom, { room: `lobby/${lobbyID}` });
    await Promise.all([inHost.started(), inSpectator.started(), inLobby.started()]);
    const talker = await signInGuest(suite().server, 'Talker');
    const first = await talker.client.chat.send.mutate({ room, message: 'first' });
    const second = await outsider.client.chat.send.mutate({ room, message: ' second ' });
    for (const messages of [inHost, inSpectator]) {
      expect(await messages.count(2)).toEqual([first, second]);
    }
    const lobbyMessage = await talker.client.chat.send.mutate({ room: `lobby/${lobbyID}`, message: 'lobby only' });
    expect(await inLobby.count(1)).toEqual([lobbyMessage]);
    expect(inHost.items).toHaveLength(2);
    for (const f of [inHost, inSpectator, inLobby]) f.close();
    talker.close();
  });

  test('a player\'s message in a game room is also a CHAT event of the game, which spectators see too; a spectator\'s is not; no rule notices', async () => {
    const { server } = suite();
    const { dev, host, outsider } = roles();
    const { gameID } = await startedGame(dev, host);
    const room = `game/${gameID}`;
    const definitions = await definitionsOf(dev.client);
    const before = await dev.client.games.state.query({ gameID });
    const watching = gameFeed(outsider.client.games.onGame, { gameID });
    await watching.until();
    const live = feed(host.client.chat.onRoom, { room });
    await live.started();

    // A spectator talks in the room only: the game's record is its players'.
    await outsider.client.chat.send.mutate({ room, message: 'watching you' });
    await dev.client.chat.send.mutate({ room, message: '  good luck  ' });
    await host.client.chat.send.mutate({ room, message: 'you too' });
    const chats = [
      { userID: dev.userID, text: 'good luck' },
      { userID: host.userID, text: 'you too' },
    ];
    expect((await outsider.client.chat.history.query({ room })).map((m) => m.message)).toEqual(['watching you', 'good luck', 'you too']);
    // The room marks who watches rather than plays, in the history and live.
    expect((await host.client.chat.history.query({ room })).map((m) => [m.message, m.spectator])).toEqual([
      ['watching you', true],
      ['good luck', false],
      ['you too', false],
    ]);
    expect((await live.count(3)).map((m) => [m.message, m.spectator])).toEqual([
      ['watching you', true],
      ['good luck', false],
      ['you too', false],
    ]);
    live.close();
    for (const viewer of [dev, outsider]) {
      const after = await viewer.client.games.state.query({ gameID });
      // One step per player's message, each adding only its event: same phase, same decisions.
      expect(after.sequenceID).toBe(before.sequenceID + 2);
      expect(after.events).toHaveLength(before.events.length + 2);
      expect(after.events.slice(-2)).toEqual(chats.map((payload) => expect.objectContaining({ type: 'CHAT', payload, turn: before.game.turn, age: before.game.age, phase: before.game.phase })));
      expect(after.game.phase).toBe(before.game.phase);
    }
    expect(decisionOf(await dev.client.games.state.query({ gameID }), definitions, dev.userID)).toEqual(decisionOf(before, definitions, dev.userID));
    // Spectators get the new events through their subscription, like any step.
    const delivered = await watching.until((u) => u.sequenceID === before.sequenceID + 2);
    expect(watching.items.flatMap((u) => u.events).filter((e) => e.type === 'CHAT').map((e) => e.payload)).toEqual(chats);
    expect(delivered.game.phase).toBe(before.game.phase);
    watching.close();
    // The game plays on as before.
    const decision = decisionOf(await dev.client.games.state.query({ gameID }), definitions, dev.userID);
    expect(decision?.type).toBe('BID');
    // A finished game's log is closed: a player's message stays in the room only.
    const { users } = server.app.services;
    const bots = await Promise.all([1, 2].map((seat) => users.createBot('easy_bot', seat)));
    const ended = await endableGame(server, `g_chat_${database}`, [{ userID: dev.userID, bot: null }, ...botSeats(bots.map((b) => b.id))]);
    expect(await saveEnd(server, ended)).toBe(true);
    // (Sent through the service from an address of its own: this file's tRPC messages all come from
    // 127.0.0.1, near its per-address limit.)
    await server.app.services.chat.send((await users.get(dev.userID))!, `game/${ended.id}`, 'gg', '10.0.8.1');
    const finished = await dev.client.games.state.query({ gameID: ended.id });
    expect([finished.sequenceID, finished.events.some((e) => e.type === 'CHAT')]).toEqual([ended.sequenceID, false]);
    expect((await dev.client.chat.history.query({ room: `game/${ended.id}` })).map((m) => m.message)).toEqual(['gg']);
  });

  test(`a game's log takes at most ${MAX_CHAT_EVENTS} messages; later ones stay in the room only`, async () => {
    const { server } = suite();
    const { dev, member } = roles();
    const { gameID } = await startedGame(dev, member);
    const { games } = server.app.services;
    // Through the game service: the room's rate limits would take minutes to send this many.
    for (let i = 0; i < MAX_CHAT_EVENTS; i++) expect(await games.chat(gameID, dev.userID, `line ${i}`)).not.toBeNull();
    const full = await dev.client.games.state.query({ gameID });
    expect(full.events.filter((e) => e.type === 'CHAT')).toHaveLength(MAX_CHAT_EVENTS);
    expect(await games.chat(gameID, member.userID, 'one more')).toBeNull();
    expect((await dev.client.games.state.query({ gameID })).sequenceID).toBe(full.sequenceID);
  });

  test("a developer module's game room is open to its players and developers only, like the game", async () => {
    const { dev, outsider } = roles();
    // (A new player: the member has used up their messages in the rate-limit test.)
    const member = await signInGuest(suite().server, 'Seated');
    const lobbyID = await openLobby(dev, member);
    await dev.client.lobbies.setModule.mutate({ lobbyID, module: 'noupgrade', enabled: true });
    const { gameID } = await dev.client.lobbies.start.mutate({ lobbyID });
    const room = `game/${gameID}`;
    // (Through the service from an address of its own: this file's messages near 127.0.0.1's limit.)
    const { chat, users } = suite().server.app.services;
    await chat.send((await users.get(member.userID))!, room, 'secret cards here', '10.0.9.1');
    expect((await member.client.chat.history.query({ room })).map((m) => m.message)).toEqual(['secret cards here']);
    const refusal = { code: 'FORBIDDEN', message: `Game ${gameID} uses a developer module: only its players and developers can watch it.` };
    expect(await refused(outsider.client.chat.history.query({ room }))).toMatchObject(refusal);
    expect(await refused(outsider.client.chat.send.mutate({ room, message: 'let me in' }))).toMatchObject(refusal);
    const listening = feed(outsider.client.chat.onRoom, { room });
    expect(await listening.refusal()).toMatchObject(refusal);
    listening.close();
    expect((await dev.client.chat.history.query({ room })).map((m) => m.message)).toEqual(['secret cards here']);
    member.close();
  });

  test('rooms: only lobby/{id} and game/{id} of a lobby or game that exists', async () => {
    const { host } = roles();
    const bad: [string, string, string][] = [
      ['general', 'BAD_REQUEST', 'Unknown chat room: general'],
      ['lobby/has space', 'BAD_REQUEST', 'Unknown chat room: lobby/has space'],
      ['lobby/l_nowhere', 'NOT_FOUND', 'Unknown chat room: lobby/l_nowhere'],
      ['game/g_nowhere', 'NOT_FOUND', 'Unknown chat room: game/g_nowhere'],
    ];
    for (const [room, code, message] of bad) {
      expect(await refused(host.client.chat.send.mutate({ room, message: 'hi' }))).toMatchObject({ code, message });
      expect(await refused(host.client.chat.history.query({ room }))).toMatchObject({ code, message });
      const subscription = feed(host.client.chat.onRoom, { room });
      expect(await subscription.refusal()).toMatchObject({ code, message });
      subscription.close();
    }
  });

  test('anonymous visitors may not read, send or listen', async () => {
    const { anonymous, host } = roles();
    const room = `lobby/${await openLobby(host)}`;
    expect(await refused(anonymous.chat.history.query({ room }))).toMatchObject(LOGIN_REQUIRED);
    expect(await refused(anonymous.chat.send.mutate({ room, message: 'hi' }))).toMatchObject(LOGIN_REQUIRED);
    const listening = feed(anonymous.chat.onRoom, { room });
    expect(await listening.refusal()).toMatchObject({ code: 'UNAUTHORIZED', message: 'You must be logged in.' });
    listening.close();
  });
});
