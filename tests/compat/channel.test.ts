/**
 * /channel topic payloads: lobby topics carry {lobbyID, sequenceID}; game topics
 * each subscriber's own view, the current state first; chat/{room} delivers chat messages; and
 * unsubscribe stops delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';
import { channel, guest, type Session } from './protocol-client.js';

let server: Server;
let host: Session;
let other: Session;

beforeAll(async () => {
  server = await startServer();
  [host, other] = (await Promise.all([guest(server.url, 'Host'), guest(server.url, 'Other')])) as [Session, Session];
});
afterAll(async () => server.close());

describe('/channel topics', () => {
  it('lobby_list and lobby/{id} carry {lobbyID, sequenceID} after every lobby change', async () => {
    const watcher = await channel(server.url, { jwt: other.jwt });
    expect(await watcher.quiet({ type: 'subscribe', topic: 'lobby_list' })).toEqual([]);
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id;
    expect(await watcher.until((m) => m.topic === 'lobby_list')).toEqual({ type: 'topic', topic: 'lobby_list', data: { lobbyID, sequenceID: 1 } });
    expect(await watcher.quiet({ type: 'subscribe', topic: `lobby/${lobbyID}` })).toEqual([]);

    const changes: [string, unknown][] = [
      ['join', {}],
      ['set_game_option', { option: 'tradeRowSlide', value: true }],
      ['set_module', { module: 'altleaders', enabled: true }],
      ['add_bot', { bot_name: 'easy_bot' }],
      ['remove_player', { player_id: other.userID }],
      ['start', {}],
    ];
    let sequenceID = 1;
    for (const [call, body] of changes) {
      const from = watcher.received.length;
      const caller = call === 'join' || call === 'remove_player' ? other : host;
      expect((await caller.call('POST', `/api/lobby/${lobbyID}/${call}`, body)).status, call).toBe(200);
      sequenceID++;
      const data = { lobbyID, sequenceID };
      expect(await watcher.until((m) => m.topic === `lobby/${lobbyID}`, { from }), call).toEqual({ type: 'topic', topic: `lobby/${lobbyID}`, data });
      expect(await watcher.until((m) => m.topic === 'lobby_list', { from }), call).toEqual({ type: 'topic', topic: 'lobby_list', data });
    }
    const lobby = await host.graphql(`{ lobby(id: "${lobbyID}") { sequenceID status game { id } } }`);
    expect(lobby.json.data.lobby).toMatchObject({ sequenceID, status: 'playing' });

    // Unsubscribed: no more deliveries.
    expect(await watcher.quiet({ type: 'unsubscribe', topic: `lobby/${lobbyID}` })).toEqual([]);
    expect(await watcher.quiet({ type: 'unsubscribe', topic: 'lobby_list' })).toEqual([]);
    await host.call('POST', '/api/lobby/create');
    expect(await watcher.quiet({ type: 'subscribe', topic: `chat/lobby/${lobbyID}` }, 300)).toEqual([]);
    await watcher.close();
  });

  it('game/{id} sends the current state at once, then each change, as the subscriber may see it', async () => {
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id;
    await other.call('POST', `/api/lobby/${lobbyID}/join`, {});
    const { gameID } = (await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).json;
    const watcher = await guest(server.url, 'Watcher');
    const player = await channel(server.url, { jwt: host.jwt });
    const spectator = await channel(server.url, { cookie: watcher.cookie });
    const first = await player.ask({ type: 'subscribe', topic: `game/${gameID}` });
    expect(first).toMatchObject({ type: 'topic', topic: `game/${gameID}`, data: { sequenceID: expect.any(Number), game: { id: gameID, viewerID: host.userID } } });
    expect(first.data.game.sequenceID).toBe(first.data.sequenceID);
    expect(first.data.game.cardsByID).toBeUndefined();
    expect(first.data.game.events.length).toBeGreaterThan(0);
    expect((await spectator.ask({ type: 'subscribe', topic: `game/${gameID}` })).data.game.viewerID).toBeNull();

    const from = [player.received.length, spectator.received.length];
    const bid = await host.call('POST', `/api/game/${gameID}/add_action`, { action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } });
    const next = bid.json.sequenceID;
    const mine = await player.until((m) => m.data?.sequenceID === next, { from: from[0] });
    const theirs = await spectator.until((m) => m.data?.sequenceID === next, { from: from[1] });
    const me = (game: any) => game.players.find((p: any) => p.userID === host.userID);
    // Planning goes on (the other player has not bid): the bid is the bidder's alone to see.
    expect(mine.data.game.phase).toBe('PLANNING');
    expect(me(mine.data.game).bid).toEqual({ military: 0, tradeRowIndex: 0 });
    expect(mine.data.game.bidsByPlayerID).toEqual({ [host.userID]: { military: 0, tradeRowIndex: 0 } });
    expect(me(theirs.data.game).bid).toBeNull();
    expect(theirs.data.game.bidsByPlayerID).toEqual({});
    expect(theirs.data.game.readyByUserID[host.userID]).toBe(true);
    await player.close();
    await spectator.close();
  });

  it('chat/{room} delivers {type: chat, userID, room, message, spectator} to every subscriber', async () => {
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id;
    const sender = await channel(server.url, { jwt: host.jwt });
    const reader = await channel(server.url, { jwt: other.jwt });
    for (const socket of [sender, reader]) expect(await socket.quiet({ type: 'subscribe', topic: `chat/lobby/${lobbyID}` })).toEqual([]);
    sender.send({ type: 'chat', room: `lobby/${lobbyID}`, message: '  good luck  ' });
    const expected = { type: 'chat', userID: host.userID, room: `lobby/${lobbyID}`, message: 'good luck', spectator: false };
    expect(await reader.until((m) => m.type === 'chat')).toEqual(expected);
    expect(await sender.until((m) => m.type === 'chat')).toEqual(expected);
    await sender.close();
    await reader.close();
  });

  it("chat/game/{id} marks a message sent by someone not playing that game as a spectator's", async () => {
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id;
    await host.call('POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: 'easy_bot' });
    const { gameID } = (await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).json;
    const player = await channel(server.url, { jwt: host.jwt });
    const watcher = await channel(server.url, { jwt: other.jwt });
    for (const socket of [player, watcher]) expect(await socket.quiet({ type: 'subscribe', topic: `chat/game/${gameID}` })).toEqual([]);
    watcher.send({ type: 'chat', room: `game/${gameID}`, message: 'nice bid' });
    expect(await player.until((m) => m.type === 'chat')).toEqual({ type: 'chat', userID: other.userID, room: `game/${gameID}`, message: 'nice bid', spectator: true });
    player.send({ type: 'chat', room: `game/${gameID}`, message: 'thanks' });
    expect(await watcher.until((m) => m.type === 'chat' && m.message === 'thanks')).toEqual({ type: 'chat', userID: host.userID, room: `game/${gameID}`, message: 'thanks', spectator: false });
    await player.close();
    await watcher.close();
  });

  it('subscriptions still being set up when the socket closes are undone: nothing keeps watching the game for it', async () => {
    const lobbyID = (await host.call('POST', '/api/lobby/create')).json.id;
    await other.call('POST', `/api/lobby/${lobbyID}/join`, {});
    const { gameID } = (await host.call('POST', `/api/lobby/${lobbyID}/start`, {})).json;
    const { gameFeed } = server.app.services;
    const watchedBefore = gameFeed.size;
    const socket = await channel(server.url, { jwt: other.jwt });
    // Chat messages wait on the database, so the subscriptions behind them are handled after the close.
    for (let i = 0; i < 3; i++) socket.send({ type: 'chat', room: `game/${gameID}`, message: `hi ${i}` });
    for (const topic of [`game/${gameID}`, `inbox/${other.userID}/game/${gameID}`, `chat/game/${gameID}`, `lobby/${lobbyID}`, 'lobby_list']) socket.send({ type: 'subscribe', topic });
    const closed = new Promise((resolve) => socket.socket.once('close', resolve));
    (socket.socket as unknown as { _socket: { end(): void } })._socket.end();
    await closed;
    // Watched for a while after the close (kept, the subscriptions showed within a few milliseconds): never a watcher more.
    const sizes = new Set<number>();
    for (const until = Date.now() + 1_500; Date.now() < until; ) {
      sizes.add(gameFeed.size);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect([...sizes]).toEqual([watchedBefore]);
  });
});
