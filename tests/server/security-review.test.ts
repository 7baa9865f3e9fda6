/**
 * Weaknesses a third security review found, each proved here before it was fixed: work one
 * request could make the server do at once or without a limit.
 */
import { describe, expect, test } from 'vitest';
import { gameTopic } from '../../src/server/bus/bus.js';
import { FINISH_STEP_DECISIONS } from '../../src/server/services/game-service.js';
import { isTable } from '../../src/server/services/game-views.js';
import { feed } from './feeds.js';
import { channel } from '../compat/protocol-client.js';
import { startFakeProvider } from './oauth-provider.js';
import { playNowSettled } from './play.js';
import { refused } from './roles.js';
import { perTest } from './databases.js';
import { clientFor, type Guest, type Server } from './support.js';

const { serve, guest, closeLater, stopLast } = perTest();

/** Ann hosts, Bob joins, Ann starts: a game of two people, at its first planning. */
async function twoPeople(server: Server): Promise<{ ann: Guest; bob: Guest; gameID: string }> {
  const [ann, bob] = [await guest(server, 'Ann'), await guest(server, 'Bob')];
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await bob.client.lobbies.join.mutate({ lobbyID });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  return { ann, bob, gameID };
}

describe('a game nobody is left in', () => {
  test('is finished by its stand-ins in short steps, not in one step that holds the event loop for the whole game', { timeout: 60_000 }, async () => {
    // One person and seven bots; the person leaves at once. Played in one step, the rest of the
    // game (hundreds of bot decisions) held the event loop 300 to 900 ms for everyone, and a
    // script could start and leave such a game every few seconds from each guest account.
    const server = await serve({ botDelayMs: 800 });
    const host = await guest(server, 'Quitter');
    const { id: lobbyID } = await host.client.lobbies.create.mutate();
    for (let i = 0; i < 7; i++) await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
    // Every committed step is published with its sequenceID: the steps, as they were made.
    const steps = [(await server.app.services.games.get(gameID))!.sequenceID];
    const stop = server.app.services.bus.subscribe(gameTopic(gameID), ({ sequenceID }) => void steps.push(sequenceID));
    await host.client.games.leave.mutate({ gameID });
    // Still finished by the time leaving is answered, as before.
    expect((await host.client.games.state.query({ gameID })).game.ended).toBe(true);
    stop();

    const db = server.app.services.db.kysely;
    const actions = (await db.selectFrom('game_actions').select('sequence_id').where('game_id', '=', gameID).where('sequence_id', '>', steps[0]!).execute()).map((r) => r.sequence_id);
    const perStep = steps.slice(1).map((end, i) => actions.filter((a) => a > steps[i]! && a <= end).length);
    expect(actions.length).toBeGreaterThan(100);
    expect(perStep.reduce((a, b) => a + b, 0)).toBe(actions.length);
    expect(Math.max(...perStep)).toBeLessThanOrEqual(FINISH_STEP_DECISIONS);
  });
});

describe('Play now', () => {
  test('joining and cancelling are limited as lobby changes are (LOBBY_CHANGES_PER_USER in any 10 s): each is sent to everyone watching Play now', async () => {
    // Every press changes the waiting counts, and every watcher of lobbies.playNow.onStatus then
    // reads its own status again: pressing in a loop made the server do that for all of them.
    const server = await serve({ lobbyChangesPerUser: 6 });
    const [presser, other] = [await guest(server, 'Presser'), await guest(server, 'Other')];
    for (let i = 0; i < 3; i++) {
      await presser.client.lobbies.playNow.join.mutate({ size: 4 });
      await presser.client.lobbies.playNow.cancel.mutate();
    }
    expect(await refused(presser.client.lobbies.playNow.join.mutate({ size: 4 }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'You are pressing Play now too fast. Wait a moment.',
    });
    expect((await presser.client.lobbies.playNow.status.query()).mine).toBeNull();
    // Others are not held up.
    expect(await other.client.lobbies.playNow.join.mutate({ size: 4 })).toMatchObject({ state: 'waiting', size: 4 });
    await other.client.lobbies.playNow.cancel.mutate();
  });
});

describe('a player who left a game', () => {
  test('may not act in it on a server that has not read its table yet (a restarted one, or another instance)', { timeout: 60_000 }, async () => {
    // Whether a player left is kept with the game's table, which a server reads when a game is
    // opened or resumed: an action that came first, to a server that had not read it, was played.
    const first = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID } = await twoPeople(first);
    await bob.client.games.leave.mutate({ gameID });
    // His stand-in bids for him.
    await expect.poll(async () => (await ann.client.games.state.query({ gameID })).game.readyByUserID[bob.userID], { timeout: 10_000 }).toBe(true);
    await stopLast();

    const second = await serve({ turnTimerSeconds: 60, dataDir: first.config.dataDir });
    const again = clientFor(second, bob.cookie, null);
    closeLater(again.close);
    expect(await refused(again.client.games.act.mutate({ gameID, action: { type: 'UNBID' } }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You left this game: a bot plays your seat to the end.',
    });
  });
});

describe('leaving while the server reads the table', () => {
  test('is not undone by the read: the player stays gone and may not act', { timeout: 60_000 }, async () => {
    // A server reads a game's table (who left, who is due) when it first serves the game. Once the
    // read had begun the table counted as kept, so a leave went on at once, and the read, answered
    // from before the leave was written, then marked the player as seated again: they could act.
    const first = await serve({ turnTimerSeconds: 60 });
    const { bob, gameID } = await twoPeople(first);
    await stopLast();

    const second = await serve({ turnTimerSeconds: 60, dataDir: first.config.dataDir });
    const { attendance, games } = second.app.services;
    const store = (attendance as unknown as { config: { store: { read: (gameID: string) => Promise<unknown> } } }).config.store;
    const read = store.read.bind(store);
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    store.read = async (id) => {
      const answer = await read(id);
      await gate;
      return answer;
    };
    // Someone opens the game: its table is being read.
    void games.attend((await games.get(gameID))!);
    await expect.poll(() => attendance.isTracked(gameID)).toBe(true);
    const again = clientFor(second, bob.cookie, null);
    closeLater(again.close);
    const leaving = again.client.games.leave.mutate({ gameID });
    // Time for the leave to get as far as it goes while the read is held (all the way, before the
    // fix): a leave that rightly waits for the read shows nothing to wait for.
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    await leaving;
    expect(attendance.hasLeft(gameID, bob.userID)).toBe(true);
    expect(await refused(again.client.games.act.mutate({ gameID, action: { type: 'UNBID' } }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You left this game: a bot plays your seat to the end.',
    });
  });

  test("is not undone by a read of another instance's change to the table", { timeout: 60_000 }, async () => {
    // Another instance's change to a table makes this one read it again; a leave made here while
    // that read was under way, the read (from before the leave was written) marked undone.
    const server = await serve({ turnTimerSeconds: 60 });
    const { bob, gameID } = await twoPeople(server);
    const { attendance, bus } = server.app.services;
    await expect.poll(() => attendance.isTracked(gameID)).toBe(true);
    const store = (attendance as unknown as { config: { store: { read: (gameID: string) => Promise<unknown> } } }).config.store;
    const read = store.read.bind(store);
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reads = 0;
    store.read = async (id) => {
      const answer = await read(id);
      reads += 1;
      await gate;
      return answer;
    };
    await bus.publish(`seats/${gameID}`, { origin: 'another instance' });
    await expect.poll(() => reads).toBe(1);
    const leaving = bob.client.games.leave.mutate({ gameID });
    // As above: time for the leave to get as far as it goes while the read is held.
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    await leaving;
    expect(attendance.hasLeft(gameID, bob.userID)).toBe(true);
  });
});

describe('the websocket token (GET /auth/jwt)', () => {
  test('counts against REQUESTS_PER_ADDRESS: past it, 429 and no token', async () => {
    // Each call reads the session and signs a token: a page asks once, a script could ask without end.
    const server = await serve({ requestsPerAddress: 5 });
    const asker = await guest(server, 'Asker');
    const ask = () => fetch(`${server.url}/auth/jwt`, { headers: { cookie: asker.cookie, 'x-mythos-client': 'test' } });
    // Signing in (POST /auth/guest) asked for a token and for session.me: two more are allowed.
    for (let i = 0; i < 2; i++) expect((await ask()).status).toBe(200);
    const answer = await ask();
    expect(answer.status).toBe(429);
    expect(await answer.text()).toBe('Too many requests from your address: at most 5 in 10 seconds. Wait a moment.');
  });
});

describe('renaming through /auth/change-name', () => {
  test('counts against REQUESTS_PER_ADDRESS, as session.rename does: past it, 429 and no write', async () => {
    // The same write as tRPC's session.rename (a name checked against everyone at the person's
    // tables, then stored), but outside /api and /trpc: no limit held it.
    const server = await serve({ requestsPerAddress: 5 });
    const renamer = await guest(server, 'Renamer');
    // Signing in (POST /auth/guest) asked for its token (/auth/jwt) and tRPC once (session.me): two more are allowed.
    for (let i = 0; i < 2; i++) await renamer.client.lobbies.list.query();
    const rename = (newName: string) =>
      fetch(`${server.url}/auth/change-name`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: renamer.cookie }, body: JSON.stringify({ newName }) });
    const answer = await rename('Renamed');
    expect(answer.status).toBe(429);
    expect(await answer.text()).toBe('Too many requests from your address: at most 5 in 10 seconds. Wait a moment.');
    const row = await server.app.services.db.kysely.selectFrom('users').select('name').where('id', '=', renamer.userID).executeTakeFirstOrThrow();
    expect(row.name).toBe('Renamer');
  });
});

describe("a provider's sign-in callback", () => {
  test('asks the provider to confirm a code at most GUEST_LOGINS_PER_ADDRESS times per address in 10 minutes: past it, 429 and no request to the provider', async () => {
    // One signed login cookie is good for ten minutes, and each callback with it sent the code to
    // the provider's token endpoint: a script replaying it made the server call the provider as
    // fast as it liked, under the site's own client id (which the provider may then throttle or
    // block for everyone).
    const provider = await startFakeProvider('discord-app', 'discord-secret');
    try {
      const server = await serve({ guestLoginsPerAddress: 3, discord: provider.config });
      const start = await fetch(`${server.url}/auth/discord`, { redirect: 'manual' });
      const cookie = start.headers.getSetCookie().find((c) => c.startsWith('mythos_oauth='))!.split(';')[0]!;
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const callback = () => fetch(`${server.url}/auth/discord/callback?code=made-up&state=${state}`, { headers: { cookie }, redirect: 'manual' });
      for (let i = 0; i < 3; i++) expect(await (await callback()).text()).toBe('Login failed: Discord did not confirm the sign-in.');
      expect(provider.tokenRequests).toHaveLength(3);
      const refusal = await callback();
      expect(refusal.status).toBe(429);
      expect(await refusal.text()).toBe('Too many sign-ins from your address. Try again in a few minutes.');
      expect(provider.tokenRequests).toHaveLength(3);
    } finally {
      await provider.close();
    }
  });
});

describe('presence reports (games.presence)', () => {
  test('at most 30 a user in any 10 s: each that shows or hides the game goes to everyone watching it', { timeout: 30_000 }, async () => {
    // A tab shown or hidden changes the table every watcher of the game is sent: one player
    // flipping it in a loop, at the request rate, sent their opponents (and the game's spectators)
    // a table message each time, and wrote it to the database each time.
    const server = await serve({ turnTimerSeconds: 60 });
    const { ann, bob, gameID } = await twoPeople(server);
    const annSees = feed(ann.client.games.onGame, { gameID, tab: 'ann-tab', visible: true });
    const bobTab = feed(bob.client.games.onGame, { gameID, tab: 'bob-tab', visible: true });
    try {
      await annSees.until((d) => 'seats' in d && d.seats.some((s) => s.userID === bob.userID && s.presence === 'here'));
      for (let i = 0; i < 30; i++) await bob.client.games.presence.mutate({ gameID, tab: 'bob-tab', visible: i % 2 === 1 });
      // Each reached Ann.
      await annSees.until(() => annSees.items.filter(isTable).length >= 30);
      expect(await refused(bob.client.games.presence.mutate({ gameID, tab: 'bob-tab', visible: false }))).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        httpStatus: 429,
        message: 'You are showing and hiding the game too fast. Wait a moment.',
      });
    } finally {
      annSees.close();
      bobTab.close();
    }
  });
});

describe('Play now, for someone who may not start another game', () => {
  test('is refused when they press, not when their table starts: the table they were first at failed for everyone at it', { timeout: 30_000 }, async () => {
    // The first at a Play now table hosts its game, and only the host's unfinished games were
    // counted, when the game started: someone at MAX_RUNNING_GAMES_PER_USER, pressing first, made
    // every table they were put at fail, with their refusal, for as long as they kept pressing.
    const server = await serve({ maxRunningGamesPerUser: 1, playNowWindowSeconds: 2 });
    const [spoiler, victim] = [await guest(server, 'Spoiler'), await guest(server, 'Victim')];
    const { id: lobbyID } = await spoiler.client.lobbies.create.mutate();
    await spoiler.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    await spoiler.client.lobbies.start.mutate({ lobbyID });
    const message = 'You already play 1 unfinished game: finish one before starting another.';
    expect(await refused(spoiler.client.lobbies.playNow.join.mutate({ size: 2 }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message });
    expect((await spoiler.client.lobbies.playNow.status.query()).mine).toBeNull();
    expect(await victim.client.lobbies.playNow.join.mutate({ size: 2 })).toMatchObject({ state: 'waiting', size: 2 });
    await victim.client.lobbies.playNow.cancel.mutate();

    // Nor when they reach the cap while they wait: they are not made host, and the others play.
    const [waiter, other] = [await guest(server, 'Waiter'), await guest(server, 'Other')];
    expect(await waiter.client.lobbies.playNow.join.mutate({ size: 3 })).toMatchObject({ state: 'waiting' });
    const { id: second } = await waiter.client.lobbies.create.mutate();
    await waiter.client.lobbies.addBot.mutate({ lobbyID: second, botType: 'basic_bot' });
    await waiter.client.lobbies.start.mutate({ lobbyID: second });
    await other.client.lobbies.playNow.join.mutate({ size: 3 });
    expect(await playNowSettled(other.client)).toMatchObject({ state: 'matched', size: 3 });
    expect((await waiter.client.lobbies.playNow.status.query()).mine).toEqual({ state: 'failed', size: 3, message });
  });
});

describe('Play now, for a host out of lobby changes', () => {
  test("seats and starts the table without counting the host's lobby changes: one who had spent them made it fail for everyone at it", { timeout: 30_000 }, async () => {
    // The first at a Play now table hosts it, and seating it (the lobby made, the bots added, the
    // game started) counted as that person's own lobby changes: someone who had spent nearly all
    // of theirs made the table fail for everyone put at it. The presses are limited on their own.
    const server = await serve({ lobbyChangesPerUser: 4, playNowWindowSeconds: 1 });
    const [spender, victim] = [await guest(server, 'Spender'), await guest(server, 'Victim')];
    // Three of the four changes spent: the table's lobby could still be made as the spender's, and
    // then its bot not added.
    const { id: lobbyID } = await spender.client.lobbies.create.mutate();
    await spender.client.lobbies.leave.mutate({ lobbyID });
    await spender.client.lobbies.create.mutate();
    await spender.client.lobbies.playNow.join.mutate({ size: 3 });
    await victim.client.lobbies.playNow.join.mutate({ size: 3 });
    expect(await playNowSettled(victim.client)).toMatchObject({ state: 'matched', size: 3 });
    expect((await spender.client.lobbies.playNow.status.query()).mine).toMatchObject({ state: 'matched', size: 3 });
  });
});

describe('chat messages on /channel', () => {
  test("count against REQUESTS_PER_ADDRESS, as tRPC's chat.send does: each made the server read its room before the chat limits refused it", async () => {
    // A message's room is checked (a lobby looked up, or a game loaded whole when it is not in
    // memory) before the chat limits: on /channel, which no request limit covered, a script made
    // the server read a room for every message it sent, however fast.
    const server = await serve({ requestsPerAddress: 11 });
    const talker = await guest(server, 'Talker');
    const { id: lobbyID } = await talker.client.lobbies.create.mutate();
    await talker.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    const { gameID } = await talker.client.lobbies.start.mutate({ lobbyID });
    const chat = server.app.services.chat;
    const checkRoom = chat.checkRoom.bind(chat);
    let reads = 0;
    chat.checkRoom = (room, user) => {
      reads += 1;
      return checkRoom(room, user);
    };
    const socket = await channel(server.url, { cookie: talker.cookie });
    const closed = new Promise<[number, string]>((resolve) => socket.socket.once('close', (code, reason) => resolve([code, reason.toString()])));
    try {
      for (let i = 0; i < 40; i++) socket.send({ type: 'chat', room: `game/${gameID}`, message: `hello ${i}` });
      const tooMany = 'Too many requests from your address: at most 11 in 10 seconds. Wait a moment.';
      // Past the limit the socket is closed, and the messages after the refusal are not read.
      expect(await closed).toEqual([1008, tooMany]);
      const errors = socket.received.filter((m) => m.type === 'error').map((m: { message: string }) => m.message);
      // Signing in (the sign-in, its token and session.me), creating the lobby, adding the bot and starting took 6 of the 11.
      expect(reads).toBe(5);
      expect(errors).toEqual([tooMany]);
    } finally {
      await socket.close();
    }
  });
});

describe("GraphQL's User.rating", () => {
  test('is read once for all the users of a request, not with a query of its own for each', { timeout: 30_000 }, async () => {
    // The cost limit counts a field once per item, and User.rating is one field: fifteen aliased
    // users(ids) lists of 200, each asking rating, were 3,000 database queries in one request
    // (250 to 600 ms of the server's time each), well within the limits, and a script could send
    // eight at once, again and again.
    const server = await serve({});
    const asker = await guest(server, 'Asker');
    const ids = Array<string>(200).fill(asker.userID);
    const fields = Array.from({ length: 15 }, (_, i) => `a${i}: users(ids: $ids) { rating { rating provisional } }`).join(' ');
    const sqlite = server.app.services.db.sqlite!;
    const prepare = sqlite.prepare.bind(sqlite);
    let ratingReads = 0;
    // Statements are prepared once and kept (database.ts): count each run of the ratings' reads.
    sqlite.prepare = ((source: string) => {
      const statement = prepare(source);
      if (/from "ratings"/.test(source)) {
        const all = statement.all.bind(statement);
        statement.all = ((...parameters: unknown[]) => {
          ratingReads += 1;
          return all(...parameters);
        }) as typeof statement.all;
      }
      return statement;
    }) as typeof sqlite.prepare;
    const answer = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: asker.cookie },
      body: JSON.stringify({ query: `query Q($ids: [ID!]!) { ${fields} }`, variables: { ids } }),
    });
    const body = (await answer.json()) as { data: Record<string, { rating: { rating: number } }[]> };
    expect(Object.values(body.data).flat()).toHaveLength(3_000);
    expect(Object.values(body.data).flat().every((u) => u.rating.rating === 1500)).toBe(true);
    expect(ratingReads).toBeLessThanOrEqual(15);
  });
});
