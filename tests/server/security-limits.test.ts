/**
 * Per-user and per-address limits, each refused with a clear message: open lobbies, running
 * games, guest accounts per address, chat per address, open websockets per address, a client
 * that stops reading; and the HTTP server's own timeouts.
 */
import net from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { dropSlowReader } from '../../src/server/delivery/socket-limits.js';
import { refused } from './roles.js';
import { requestJWT } from '../compat/protocol-client.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

/** A finished game of `guest`'s (four of their requests): started against a bot and left, which ends it at once. */
async function finishedGameOf(guest: Guest): Promise<string> {
  const { id: lobbyID } = await guest.client.lobbies.create.mutate();
  await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
  const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });
  await guest.client.games.leave.mutate({ gameID });
  return gameID;
}

let server: Server | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const guestLogin = (url: string, username: string) =>
  fetch(`${url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username }), redirect: 'manual' });

describe('per-user caps', () => {
  test('a host may hold MAX_OPEN_LOBBIES_PER_USER open lobbies; starting a game in one frees a place', async () => {
    server = await startServer({ maxOpenLobbiesPerUser: 2 });
    const host = await signInGuest(server, 'Hoarder');
    const first = (await host.client.lobbies.create.mutate()).id;
    await host.client.lobbies.create.mutate();
    expect(await refused(host.client.lobbies.create.mutate())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'You are already in 2 open lobbies: start a game in one or leave one first.',
    });
    await host.client.lobbies.addBot.mutate({ lobbyID: first, botType: 'basic_bot' });
    await host.client.lobbies.start.mutate({ lobbyID: first });
    await host.client.lobbies.create.mutate();
    // Ten at once are no way around it.
    const burst = await Promise.allSettled(Array.from({ length: 10 }, () => host.client.lobbies.create.mutate()));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(0);
    host.close();
  });

  test('the cap counts the lobbies a user is in: handing lobbies over to one account does not pass it', async () => {
    server = await startServer({ maxOpenLobbiesPerUser: 2 });
    const [ann, ben] = await Promise.all([signInGuest(server, 'Ann'), signInGuest(server, 'Ben')]);
    const first = (await ann.client.lobbies.create.mutate()).id;
    await ben.client.lobbies.join.mutate({ lobbyID: first });
    await ann.client.lobbies.leave.mutate({ lobbyID: first });
    const second = (await ann.client.lobbies.create.mutate()).id;
    await ben.client.lobbies.join.mutate({ lobbyID: second });
    await ann.client.lobbies.leave.mutate({ lobbyID: second });
    // Ben now hosts two lobbies he did not create: a third, by hand-over or by creation, is refused.
    const third = (await ann.client.lobbies.create.mutate()).id;
    const message = 'You are already in 2 open lobbies: start a game in one or leave one first.';
    expect(await refused(ben.client.lobbies.join.mutate({ lobbyID: third }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message });
    expect(await refused(ben.client.lobbies.create.mutate())).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
    expect((await ann.client.lobbies.get.query({ lobbyID: third })).players.map((p) => p.name)).toEqual(['Ann']);
    ann.close();
    ben.close();
  });

  test('LOBBY_CHANGES_PER_USER changes in any 10 s; the next is refused and changes nothing; other users are not held up', async () => {
    server = await startServer({ lobbyChangesPerUser: 5 });
    const [host, guest] = await Promise.all([signInGuest(server, 'Toggler'), signInGuest(server, 'Patient')]);
    const lobbyID = (await host.client.lobbies.create.mutate()).id;
    for (let i = 0; i < 4; i++) await host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: i % 2 === 0 });
    const before = await host.client.lobbies.get.query({ lobbyID });
    expect(await refused(host.client.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'You are changing lobbies too fast. Wait a moment.',
    });
    expect(await host.client.lobbies.get.query({ lobbyID })).toEqual(before);
    await guest.client.lobbies.join.mutate({ lobbyID });
    host.close();
    guest.close();
  });

  test('a user seated in MAX_RUNNING_GAMES_PER_USER unfinished games may not start another', async () => {
    server = await startServer({ maxRunningGamesPerUser: 2 });
    const host = await signInGuest(server, 'Starter');
    const start = async () => {
      const { id } = await host.client.lobbies.create.mutate();
      await host.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'basic_bot' });
      return host.client.lobbies.start.mutate({ lobbyID: id });
    };
    await start();
    await start();
    expect(await refused(start())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'You already play 2 unfinished games: finish one before starting another.',
    });
    host.close();
  });

  test('every person seated counts, not the host alone: a joiner at their cap stops the start, by name', async () => {
    // A player who only joined lobbies their second accounts hosted was never counted: 25 games in 47 s.
    for (const [limits, message] of [
      [{ maxRunningGamesPerUser: 2 }, 'Joiner already plays 2 unfinished games: the game can start once they finish one.'],
      [{ gamesPerUserPerHour: 2 }, 'Joiner has begun 2 games in the last hour: the game can start once they have waited a while.'],
    ] as const) {
      await server?.close();
      server = await startServer(limits);
      const farmer = await signInGuest(server, 'Joiner');
      const hosts = await Promise.all(['Host A', 'Host B', 'Host C'].map((name) => signInGuest(server!, name)));
      const startWith = async (host: (typeof hosts)[number]) => {
        const { id } = await host.client.lobbies.create.mutate();
        await farmer.client.lobbies.join.mutate({ lobbyID: id });
        return host.client.lobbies.start.mutate({ lobbyID: id });
      };
      await startWith(hosts[0]!);
      await startWith(hosts[1]!);
      expect(await refused(startWith(hosts[2]!))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
      for (const g of [farmer, ...hosts]) g.close();
    }
  });
});

describe('per-address throttles', () => {
  test('GUEST_LOGINS_PER_ADDRESS guest accounts per address in 10 minutes; the next is refused and not created', async () => {
    server = await startServer({ guestLoginsPerAddress: 3 });
    for (let i = 0; i < 3; i++) expect((await guestLogin(server.url, `Fresh ${i}`)).status).toBe(303);
    const users = () => server!.app.services.db.kysely.selectFrom('users').select('id').execute();
    const before = (await users()).length;
    const refusedLogin = await guestLogin(server.url, 'Fresh 3');
    expect(refusedLogin.status).toBe(429);
    expect(await refusedLogin.text()).toBe('Too many guest accounts from your address. Try again in a few minutes.');
    expect(refusedLogin.headers.get('set-cookie')).toBeNull();
    expect((await users()).length).toBe(before);
    // Another address is not affected.
    await expect(server.app.services.users.createGuest('Elsewhere', '203.0.113.9')).resolves.toMatchObject({ name: 'Elsewhere' });
  });

  test('chat: fresh accounts from one address share its limit of CHAT_MESSAGES_PER_ADDRESS per 5 s', async () => {
    server = await startServer({ chatMessagesPerAddress: 6 });
    const guests = await Promise.all(['Ann', 'Ben', 'Cat'].map((name) => signInGuest(server!, name)));
    const room = `lobby/${(await guests[0]!.client.lobbies.create.mutate()).id}`;
    // Two accounts each stay under their own limit of 5, but together reach the address's 6.
    for (const sender of guests.slice(0, 2)) for (let i = 0; i < 3; i++) await sender.client.chat.send.mutate({ room, message: `hi ${i}` });
    expect(await refused(guests[2]!.client.chat.send.mutate({ room, message: 'one more' }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'Too many messages from your network. Wait a moment.',
    });
    for (const guest of guests) guest.close();
  });
});

/** Resolves with the socket once open, or with the HTTP answer that refused its handshake. */
function connect(url: string): Promise<WebSocket | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    socket.once('error', reject);
  });
}

describe('connections', () => {
  /** A raw connection from `localAddress` that sends nothing; resolves once it is open. */
  const hold = (url: string, localAddress = '127.0.0.1') =>
    new Promise<Socket>((resolve, reject) => {
      const socket = net.connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress }, () => resolve(socket));
      socket.once('error', reject);
    });
  /** What the server writes to a new connection from `localAddress` before closing it, if anything. */
  const answerTo = (url: string, request: string, localAddress = '127.0.0.1') =>
    new Promise<string>((resolve) => {
      let text = '';
      const socket = net.connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress }, () => socket.write(request));
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.once('close', () => resolve(text));
      socket.once('error', () => resolve(text));
    });
  const get = 'GET /api/game_definitions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
  /** The answer to `get`, asked again every 20 ms (for a second at most) until `done` holds: the server counts a close or a request a moment later. */
  const answerOnce = async (url: string, done: (answer: string) => boolean) => {
    let answer = await answerTo(url, get);
    for (let i = 0; i < 50 && !done(answer); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await answerTo(url, get);
    }
    return answer;
  };

  test('MAX_CONNECTIONS_PER_ADDRESS open connections per address, idle or not: the next is answered 429 and closed; other addresses are served', async () => {
    server = await startServer({ maxConnectionsPerAddress: 3 });
    const held = [await hold(server.url), await hold(server.url), await hold(server.url)];
    const refusal = await answerTo(server.url, get);
    expect(refusal).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(refusal.endsWith('\r\n\r\nToo many open connections from this address: at most 3.')).toBe(true);
    // Someone else is not locked out by them.
    expect(await answerTo(server.url, get, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 OK/);
    // A closed connection gives its place back.
    await new Promise((resolve) => {
      held[0]!.once('close', resolve);
      held[0]!.destroy();
    });
    expect(await answerOnce(server.url, (answer) => answer.startsWith('HTTP/1.1 200'))).toMatch(/^HTTP\/1\.1 200 OK/);
    for (const socket of held) socket.destroy();
  });

  test('8 REST or GraphQL requests unanswered at once per address: the 9th is refused in its API\'s shape; an answer makes room', async () => {
    server = await startServer();
    // Requests whose bodies never come: each is in flight from its headers on.
    const pending = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const socket = await hold(server!.url);
        socket.write('POST /api/graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
        return socket;
      }),
    );
    const refusal = 'Too many requests at once from your address: at most 8. Wait for the answers.';
    const rest = await answerOnce(server.url, (answer) => answer.includes(' 429 '));
    expect(rest).toMatch(/^HTTP\/1\.1 429 Too Many Requests/);
    expect(JSON.parse(rest.slice(rest.indexOf('\r\n\r\n') + 4))).toEqual({ ok: false, error: refusal });
    const graphql = await answerTo(server.url, 'GET /api/graphql?query=%7Bme%7Bid%7D%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nConnection: close\r\n\r\n');
    expect(JSON.parse(graphql.slice(graphql.indexOf('\r\n\r\n') + 4))).toEqual({ errors: [{ message: refusal }] });
    // Another address is served; and once one answer is out (here: its client gave up), so is this one.
    expect(await answerTo(server.url, get, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 OK/);
    pending[0]!.destroy();
    expect(await answerOnce(server.url, (answer) => answer.startsWith('HTTP/1.1 200'))).toMatch(/^HTTP\/1\.1 200 OK/);
    for (const socket of pending) socket.destroy();
  });

  test('REQUESTS_PER_ADDRESS in 10 seconds, REST, GraphQL and tRPC (HTTP and websocket) together: past them each is refused in its own shape; other addresses are served', async () => {
    server = await startServer({ requestsPerAddress: 7 });
    const refusal = 'Too many requests from your address: at most 7 in 10 seconds. Wait a moment.';
    const guest = await signInGuest(server, 'Eager');
    // Signing in (POST /auth/guest) asked for its token (/auth/jwt) and tRPC once (session.me): four more are allowed, of any kind.
    expect((await fetch(`${server.url}/api/user/${guest.userID}/rating`, { headers: { cookie: guest.cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/graphql?query=%7B__typename%7D`, { headers: { accept: 'application/json', cookie: guest.cookie } })).status).toBe(200);
    await guest.client.lobbies.list.query();
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`);
    await new Promise((resolve) => ws.once('open', resolve));
    const answerOf = (id: number) =>
      new Promise<{ id: number; error?: { message: string; data: { httpStatus: number } } }>((resolve) => {
        const listener = (data: WebSocket.RawData) => {
          const message = JSON.parse(data.toString()) as { id: number; error?: { message: string; data: { httpStatus: number } } };
          if (message.id !== id) return;
          ws.off('message', listener);
          resolve(message);
        };
        ws.on('message', listener);
        ws.send(JSON.stringify({ id, method: 'query', params: { path: 'session.me', input: undefined } }));
      });
    expect((await answerOf(1)).error).toBeUndefined();
    // The eighth, whatever its transport. A websocket's messages are counted as they come, before
    // tRPC reads them: past the limit the socket is closed with the refusal (socket-limits.ts).
    const closed = new Promise<[number, string]>((resolve) => ws.once('close', (code, reason) => resolve([code, reason.toString()])));
    ws.send(JSON.stringify({ id: 2, method: 'query', params: { path: 'session.me', input: undefined } }));
    expect(await closed).toEqual([1008, refusal]);
    expect(await refused(guest.client.lobbies.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: refusal });
    const rest = await fetch(`${server.url}/api/user/${guest.userID}/rating`, { headers: { cookie: guest.cookie } });
    expect(rest.status).toBe(429);
    expect(await rest.json()).toEqual({ ok: false, error: refusal });
    const graphql = await fetch(`${server.url}/api/graphql?query=%7B__typename%7D`, { headers: { accept: 'application/json', cookie: guest.cookie } });
    expect(graphql.status).toBe(429);
    expect(await graphql.json()).toEqual({ errors: [{ message: refusal }] });
    // The same routes spelled another way (the router decodes a path before matching it) are the same requests.
    const spelled = await fetch(`${server.url}/%61pi/user/${guest.userID}/rating`, { headers: { cookie: guest.cookie } });
    expect(spelled.status).toBe(429);
    expect(await spelled.json()).toEqual({ ok: false, error: refusal });
    const spelledGraphql = await fetch(`${server.url}/%61pi/graphql?query=%7B__typename%7D`, { headers: { accept: 'application/json', cookie: guest.cookie } });
    expect(spelledGraphql.status).toBe(429);
    expect(await spelledGraphql.json()).toEqual({ errors: [{ message: refusal }] });
    // Pages and another address are not affected.
    expect((await fetch(`${server.url}/rules`)).status).toBe(200);
    expect(await answerTo(server.url, get, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 OK/);
    ws.close();
    guest.close();
  });

  test('a rendered game counts as ten requests of the address\'s REQUESTS_PER_ADDRESS, taken before it is loaded: past them it is refused in GraphQL\'s shape, and the rest of the query is answered', async () => {
    server = await startServer({ requestsPerAddress: 45 });
    const guest = await signInGuest(server, 'Reader');
    const gameID = await finishedGameOf(guest);
    const ask = async (query: string) => {
      const answer = await fetch(`${server!.url}/api/graphql?query=${encodeURIComponent(query)}`, { headers: { accept: 'application/json', cookie: guest.cookie } });
      return { status: answer.status, body: (await answer.json()) as { data?: { me: { games: { id: string; renderedGame?: string | null }[] } }; errors?: { message: string }[] } };
    };
    const rendering = '{ me { games(first: 5) { id renderedGame } } }';
    // Signing in, the lobby and the game took 6 of the 45; each query with its game takes 11
    // (counted as one, as before, they would have been answered 30 times over).
    let rendered = 0;
    let refusedRender = await ask(rendering);
    while (refusedRender.body.errors === undefined && rendered < 40) {
      expect(JSON.parse(refusedRender.body.data!.me.games[0]!.renderedGame!)).toMatchObject({ id: gameID });
      rendered++;
      refusedRender = await ask(rendering);
    }
    expect(rendered).toBe(3);
    expect(refusedRender.status).toBe(200);
    expect(refusedRender.body.errors!.map((e) => e.message)).toEqual(['Too many games rendered for your address: each renderedGame counts as 10 of the 45 requests allowed in 10 seconds. Wait a moment.']);
    expect(refusedRender.body.data!.me.games).toEqual([{ id: gameID, renderedGame: null }]);
    // What is left of the allowance (5) is still there for a plain query.
    expect((await ask('{ me { games(first: 5) { id } } }')).body).toEqual({ data: { me: { games: [{ id: gameID }] } } });
    guest.close();
  });

  test("a game's record (replays.get) counts as five requests of the address's REQUESTS_PER_ADDRESS: past them it is refused, and a plain request still passes", async () => {
    server = await startServer({ requestsPerAddress: 45 });
    const guest = await signInGuest(server, 'Replayer');
    const gameID = await finishedGameOf(guest);
    // Signing in, the lobby and the game took 6 of the 45; each record takes 5 (as one, as before,
    // it would have been served 39 times).
    let served = 0;
    for (;;) {
      const outcome = await guest.client.replays.get.query({ gameID }).then(
        (record) => record,
        (error: unknown) => error,
      );
      if (!(outcome && typeof outcome === 'object' && 'id' in outcome)) {
        expect(await refused(Promise.reject(outcome as Error))).toMatchObject({
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many replays for your address: each counts as 5 of the 45 requests allowed in 10 seconds. Wait a moment.',
        });
        break;
      }
      expect(outcome.id).toBe(gameID);
      served++;
      if (served > 40) break;
    }
    expect(served).toBe(7);
    expect((await guest.client.session.me.query())!.id).toBe(guest.userID);
    guest.close();
  });

  test("a game's replay file (replays.file) counts as ten: it is made afresh each time", async () => {
    server = await startServer({ requestsPerAddress: 45 });
    const guest = await signInGuest(server, 'Downloader');
    const gameID = await finishedGameOf(guest);
    // Signing in, the lobby and the game took 6 of the 45: three files take 30, a fourth is refused.
    for (let i = 0; i < 3; i++) expect((await guest.client.replays.file.query({ gameID })).setup.id).toBe(gameID);
    expect(await refused(guest.client.replays.file.query({ gameID }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many replays for your address: each counts as 10 of the 45 requests allowed in 10 seconds. Wait a moment.',
    });
    expect((await guest.client.session.me.query())!.id).toBe(guest.userID);
    guest.close();
  });

  test("a whole game's state (games.state, REST's /api/game/:id/state) counts one request for each two seats: an eight-player game's as four", async () => {
    server = await startServer({ requestsPerAddress: 61 });
    const guest = await signInGuest(server, 'Watcher');
    const { id: lobbyID } = await guest.client.lobbies.create.mutate();
    for (let i = 0; i < 7; i++) await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });
    const message = 'Too many game reads for your address: a game of 8 seats counts as 4 of the 61 requests allowed in 10 seconds. Wait a moment.';
    // Signing in, the lobby, its bots and the game took 13 of the 61; each read takes 4 (as one,
    // as before, it would have been answered 48 times).
    let served = 0;
    for (;;) {
      const outcome = await guest.client.games.state.query({ gameID }).then(
        (update) => ({ update }),
        (error: unknown) => ({ error }),
      );
      if ('error' in outcome) {
        expect(await refused(Promise.reject(outcome.error as Error))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
        break;
      }
      expect(outcome.update.game.players).toHaveLength(8);
      served++;
      if (served > 50) break;
    }
    expect(served).toBe(12);
    guest.close();

    // REST's read counts the same, refused in its own shape (on a server of its own, the allowance whole).
    await server.close();
    server = await startServer({ requestsPerAddress: 61 });
    const reader = await signInGuest(server, 'Reader');
    const { id: restLobby } = await reader.client.lobbies.create.mutate();
    for (let i = 0; i < 7; i++) await reader.client.lobbies.addBot.mutate({ lobbyID: restLobby, botType: 'easy_bot' });
    const { gameID: restGame } = await reader.client.lobbies.start.mutate({ lobbyID: restLobby });
    const read = () => fetch(`${server!.url}/api/game/${restGame}/state`, { headers: { cookie: reader.cookie } });
    let answered = 0;
    let answer = await read();
    while (answer.status === 200 && answered < 50) {
      expect(((await answer.json()) as { players: unknown[] }).players).toHaveLength(8);
      answered++;
      answer = await read();
    }
    expect(answered).toBe(12);
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({ ok: false, error: message });
    reader.close();
  });

  test("a whole card set (definitions.get, games.cards, REST's /api/game_definitions) counts as four requests: past them it is refused, and a plain request still passes", async () => {
    server = await startServer({ requestsPerAddress: 41 });
    const guest = await signInGuest(server, 'Collector');
    const message = 'Too many card sets for your address: each counts as 4 of the 41 requests allowed in 10 seconds. Wait a moment.';
    const { id: lobbyID } = await guest.client.lobbies.create.mutate();
    await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });
    // Signing in, the lobby and the game took 7 of the 41: the definitions take 4, the game's
    // cards 4 each, and the next is refused with 2 left.
    expect((await guest.client.definitions.get.query()).cardDefs.length).toBeGreaterThan(100);
    let served = 0;
    for (;;) {
      const outcome = await guest.client.games.cards.query({ gameID }).then(
        (cards) => ({ cards }),
        (error: unknown) => ({ error }),
      );
      if ('error' in outcome) {
        expect(await refused(Promise.reject(outcome.error as Error))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
        break;
      }
      expect(Object.keys(outcome.cards.cardsByID).length).toBeGreaterThan(100);
      served++;
      if (served > 40) break;
    }
    expect(served).toBe(7);
    expect(await refused(guest.client.definitions.get.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS', message });
    expect((await guest.client.session.me.query())!.id).toBe(guest.userID);
    guest.close();

    // REST's definitions count the same, refused in its own shape, signed in or not (a server of
    // its own, 42 allowed: ten take 40, and the eleventh's first counts but not the rest).
    await server.close();
    server = await startServer({ requestsPerAddress: 42 });
    const read = () => fetch(`${server!.url}/api/game_definitions`);
    let answered = 0;
    let answer = await read();
    while (answer.status === 200 && answered < 40) {
      expect(((await answer.json()) as { cardDefs: unknown[] }).cardDefs.length).toBeGreaterThan(100);
      answered++;
      answer = await read();
    }
    expect(answered).toBe(10);
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({ ok: false, error: message.replace('of the 41', 'of the 42') });
  });

  test('behind a proxy (TRUST_PROXY) every connection comes from the proxy: only MAX_CONNECTIONS holds', async () => {
    server = await startServer({ maxConnectionsPerAddress: 2, trustProxy: true, maxConnections: 4 });
    const held = [await hold(server.url), await hold(server.url), await hold(server.url)];
    expect(await answerTo(server.url, get)).toMatch(/^HTTP\/1\.1 200 OK/);
    held.push(await hold(server.url));
    // Node closes the one past MAX_CONNECTIONS without a word.
    expect(await answerTo(server.url, get)).toBe('');
    for (const socket of held) socket.destroy();
  });
});

describe('websockets', () => {
  test('MAX_SOCKETS_PER_ADDRESS open websockets per address, /trpc and /channel together; the next handshake gets 429 until one closes', async () => {
    server = await startServer({ maxSocketsPerAddress: 3 });
    const base = server.url.replace('http', 'ws');
    const open = [await connect(`${base}/trpc`), await connect(`${base}/channel`), await connect(`${base}/trpc`)];
    expect(open.every((s) => s instanceof WebSocket)).toBe(true);
    const refusal = { status: 429, body: 'Too many open websockets from this address: at most 3.' };
    expect(await connect(`${base}/channel`)).toEqual(refusal);
    expect(await connect(`${base}/trpc`)).toEqual(refusal);
    // Plain requests are not websockets: still served.
    expect((await fetch(`${server.url}/api/game_definitions`)).status).toBe(200);
    // A closed socket gives its place back.
    const first = open[0] as WebSocket;
    await new Promise((resolve) => {
      first.once('close', resolve);
      first.close();
    });
    let again = await connect(`${base}/channel`);
    for (let i = 0; i < 50 && !(again instanceof WebSocket); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await connect(`${base}/channel`);
    }
    expect(again).toBeInstanceOf(WebSocket);
    for (const socket of [...open, again]) if (socket instanceof WebSocket) socket.close();
  });

  test('a socket whose reader has fallen over 1 MB behind is dropped at its next send', () => {
    const calls: string[] = [];
    const socket = { bufferedAmount: 0, send: (data: string) => calls.push(data), terminate: () => calls.push('terminate') };
    dropSlowReader(socket as unknown as WebSocket, 1024 * 1024);
    socket.send('a');
    socket.bufferedAmount = 1024 * 1024;
    socket.send('b');
    socket.bufferedAmount = 1024 * 1024 + 1;
    socket.send('c');
    expect(calls).toEqual(['a', 'b', 'terminate']);
  });

  test('messages waiting to be deflated are the server\'s backlog, not the reader\'s: bounded apart, at four times as much', () => {
    const calls: string[] = [];
    const socket = { bufferedAmount: 0, _socket: { writableLength: 0 }, send: (data: string) => calls.push(data), terminate: () => calls.push('terminate') };
    dropSlowReader(socket as unknown as WebSocket, 1024 * 1024);
    // 3 MB queued to deflate, little on the connection: the reader keeps up.
    socket.bufferedAmount = 3 * 1024 * 1024;
    socket._socket.writableLength = 64 * 1024;
    socket.send('a');
    // Its connection holds over 1 MB it has not taken: a slow reader.
    socket._socket.writableLength = 1024 * 1024 + 1;
    socket.send('b');
    expect(calls).toEqual(['a', 'terminate']);
    // However fast it reads, no more than 4 MB wait in all.
    calls.length = 0;
    socket._socket.writableLength = 0;
    socket.bufferedAmount = 4 * 1024 * 1024 + 1;
    socket.send('c');
    expect(calls).toEqual(['terminate']);
  });

  test('a subscriber that stops reading is disconnected instead of buffered without end', { timeout: 60_000 }, async () => {
    server = await startServer();
    const host = await signInGuest(server, 'Host');
    // Twenty lobbies make each lobby list update some kilobytes.
    const lobbies: string[] = [];
    for (let i = 0; i < 20; i++) lobbies.push((await host.client.lobbies.create.mutate()).id);
    const jwt = await requestJWT(server.url, host.cookie);
    const reader = await connect(`${server.url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`);
    if (!(reader instanceof WebSocket)) throw new Error(`refused: ${reader.status}`);
    let received = 0;
    reader.on('message', () => received++);
    // Twenty copies of the list subscription (under the cap of 100): each 'started', then the list.
    for (let id = 1; id <= 20; id++) reader.send(JSON.stringify({ id, method: 'subscription', params: { path: 'lobbies.onList' } }));
    await expect.poll(() => received, { timeout: 30_000 }).toBe(40);
    // The client stops reading (ws keeps its TCP socket in a field its types do not declare).
    (reader as unknown as { _socket: Socket })._socket.pause();
    const clients = () => server!.app.fastify.websocketServer.clients.size;
    const before = clients();
    let toggles = 0;
    while (clients() === before && toggles < 1_000) {
      await host.client.lobbies.setOption.mutate({ lobbyID: lobbies[0]!, option: 'hideFavor', value: toggles % 2 === 0 });
      toggles++;
    }
    expect(clients()).toBe(before - 1);
    host.close();
  });
});

describe('the HTTP server', () => {
  test('requests and idle connections time out (30 s and 60 s by default); bodies over 64 KB are refused', async () => {
    server = await startServer();
    expect(server.app.fastify.server.requestTimeout).toBe(30_000);
    expect(server.app.fastify.server.timeout).toBe(60_000);
    const big = await fetch(`${server.url}/auth/change-name`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ newName: 'x'.repeat(70_000) }) });
    expect(big.status).toBe(413);
    const channelServer = await server.app.channelServer();
    expect(channelServer.server.timeout).toBe(60_000);
  });

  test('a connection opened and left idle is closed', async () => {
    server = await startServer({ connectionTimeoutMs: 300 });
    const { port } = new URL(server.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => undefined);
    });
    expect(closedAfter).toBeLessThan(3_000);
  });
});
