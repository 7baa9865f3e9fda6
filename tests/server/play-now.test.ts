/**
 * Play now and Rematch through tRPC, on both databases: two people who press Play now within the
 * window are seated together; a full table starts at once; one alone gets bots when the window
 * ends; a wait can be cancelled; bad input and a second wait are refused with a sentence; the
 * waiting counts reach watchers. On PostgreSQL, two instances pairing the same queue never seat a
 * person twice. Rematch: the first of a finished game's people opens a lobby with its settings and
 * bots, the others are offered that one, and may decline it: its host's lobby says who did, on
 * either of two instances.
 */
import { describe, expect, test } from 'vitest';
import { DATABASES, startTwoInstances, useServer } from './databases.js';
import { feed } from './feeds.js';
import { playNowSettled } from './play.js';
import { LOGIN_REQUIRED, refused } from './roles.js';
import { anonymous, signInGuest, TEST_DATABASE_URL, type Guest, type Server } from './support.js';

/** The window in tests: short, and long enough for a second press to land inside it. */
const WINDOW_SECONDS = 2;

let names = 0;
const person = (server: Server, name: string) => signInGuest(server, `${name}${++names}`);

async function matchedGame(guest: Guest, timeout = 15_000): Promise<string> {
  const mine = await playNowSettled(guest.client, timeout);
  if (mine?.state === 'matched') return mine.gameID;
  if (mine?.state === 'failed') throw new Error(`Play now failed: ${mine.message}`);
  throw new Error(`no game after ${timeout} ms: ${JSON.stringify(mine)}`);
}

async function seatsOf(server: Server, gameID: string) {
  return server.app.services.db.kysely.selectFrom('game_players').select(['user_id', 'bot_type']).where('game_id', '=', gameID).orderBy('seat').execute();
}

describe.each(DATABASES)('Play now on %s', (database) => {
  const suite = useServer(database, { config: { playNowWindowSeconds: WINDOW_SECONDS, turnTimerSeconds: 600 } });
  const server = () => suite().server;

  test('two people within the window are seated together; a full table starts at once', async () => {
    const [ann, bob] = [await person(server(), 'Ann'), await person(server(), 'Bob')];
    const first = await ann.client.lobbies.playNow.join.mutate({ size: 2 });
    expect(first).toMatchObject({ state: 'waiting', size: 2 });
    expect(first.state === 'waiting' && first.deadline - first.since).toBe(WINDOW_SECONDS * 1_000);
    const started = Date.now();
    const second = await bob.client.lobbies.playNow.join.mutate({ size: 2 });
    // Bob completed the table: his own answer already names the game, well before the window ends.
    expect(second.state).toBe('matched');
    expect(Date.now() - started).toBeLessThan(WINDOW_SECONDS * 1_000);
    const gameID = await matchedGame(ann);
    expect(second.state === 'matched' && second.gameID).toBe(gameID);
    expect(await seatsOf(server(), gameID)).toEqual([
      { user_id: ann.userID, bot_type: null },
      { user_id: bob.userID, bot_type: null },
    ]);
    // A game like any other: its lobby is in the list, playing, hosted by the first to press.
    const lobby = (await ann.client.lobbies.list.query()).find((l) => l.game?.id === gameID);
    expect(lobby).toMatchObject({ status: 'playing', host: { id: ann.userID } });
    for (const guest of [ann, bob]) guest.close();
  });

  test('people who press within the window share a table, and bots take the seats left when it ends', async () => {
    const [cy, di] = [await person(server(), 'Cy'), await person(server(), 'Di')];
    await cy.client.lobbies.playNow.join.mutate({ size: 4 });
    const watcher = feed(di.client.lobbies.playNow.onStatus, undefined);
    expect(await watcher.until((s) => s.waiting.find((w) => w.size === 4)?.waiting === 1)).toMatchObject({ mine: null, windowSeconds: WINDOW_SECONDS });
    const pressed = await di.client.lobbies.playNow.join.mutate({ size: 4 });
    expect(pressed).toMatchObject({ state: 'waiting', atTable: 2 });
    // Both wait for the same window: the one that opened when Cy pressed.
    const cyWait = (await cy.client.lobbies.playNow.status.query()).mine;
    expect(pressed.state === 'waiting' && cyWait?.state === 'waiting' && pressed.deadline === cyWait.deadline).toBe(true);
    expect(cyWait).toMatchObject({ atTable: 2 });
    await watcher.until((s) => s.waiting.find((w) => w.size === 4)?.waiting === 2 && s.mine?.state === 'waiting');

    const gameID = await matchedGame(cy);
    expect(await matchedGame(di)).toBe(gameID);
    const matched = await watcher.until((s) => s.mine?.state === 'matched');
    expect(matched.mine).toEqual({ state: 'matched', size: 4, gameID });
    expect(matched.waiting.find((w) => w.size === 4)?.waiting).toBe(0);
    const seats = await seatsOf(server(), gameID);
    expect(seats.map((s) => s.user_id).slice(0, 2)).toEqual([cy.userID, di.userID]);
    // Two newcomers (1500): the weakest bot above them, so that a win can raise their rating.
    expect(seats.slice(2).map((s) => s.bot_type)).toEqual(['basic_bot', 'basic_bot']);
    // Forgetting the result leaves no wait behind.
    await di.client.lobbies.playNow.cancel.mutate();
    expect((await di.client.lobbies.playNow.status.query()).mine).toBeNull();
    watcher.close();
    for (const guest of [cy, di]) guest.close();
  });

  test('two people whose names look alike are never put at one table: the second waits for another, and nobody is refused', async () => {
    // Guests choose their names, and two strangers called "Alex" pressed Play now together: the
    // second was refused ("Someone in this lobby is already called "Alex"...") and the first was
    // put at once at a table of bots, the window cut short by a table that never was full.
    const [twin, other] = [await signInGuest(server(), 'Twin'), await signInGuest(server(), 'TWIN')];
    const kit = await person(server(), 'Kit');
    await twin.client.lobbies.playNow.join.mutate({ size: 2 });
    const second = await other.client.lobbies.playNow.join.mutate({ size: 2 });
    // Two wait for a game of 2, each alone at a table: neither is told of the other as company.
    expect(second).toMatchObject({ state: 'waiting', atTable: 1 });
    const status = await twin.client.lobbies.playNow.status.query();
    expect([status.mine, status.waiting.find((c) => c.size === 2)?.waiting]).toMatchObject([{ state: 'waiting', atTable: 1 }, 2]);
    // Someone else completes the first twin's table; the second twin still waits, in a window of their own.
    const third = await kit.client.lobbies.playNow.join.mutate({ size: 2 });
    expect(third.state).toBe('matched');
    const together = await matchedGame(twin);
    expect(third.state === 'matched' && third.gameID).toBe(together);
    expect((await seatsOf(server(), together)).map((s) => s.user_id)).toEqual([twin.userID, kit.userID]);
    const alone = await matchedGame(other);
    expect(alone).not.toBe(together);
    expect((await seatsOf(server(), alone)).map((s) => s.user_id === other.userID || s.bot_type !== null)).toEqual([true, true]);
    for (const guest of [twin, other, kit]) guest.close();
  });

  test('one person alone gets bots in every other seat when the window ends', async () => {
    const eve = await person(server(), 'Eve');
    const started = Date.now();
    await eve.client.lobbies.playNow.join.mutate({ size: 3 });
    const gameID = await matchedGame(eve);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1_000 - 50);
    const seats = await seatsOf(server(), gameID);
    expect(seats).toEqual([{ user_id: eve.userID, bot_type: null }, expect.objectContaining({ bot_type: 'basic_bot' }), expect.objectContaining({ bot_type: 'basic_bot' })]);
    const state = await eve.client.games.state.query({ gameID });
    expect(state.game.players).toHaveLength(3);
    eve.close();
  });

  test('the bots stand above everyone at the table: a player above the Advanced Bot meets Expert Bots, alone or beside a newcomer; one below the Easy Bot, Easy Bots', async () => {
    const [gus, hal, ida, jo] = [await person(server(), 'Gus'), await person(server(), 'Hal'), await person(server(), 'Ida'), await person(server(), 'Jo')];
    const rated = (guest: Guest, mu: number) =>
      server().app.services.db.kysely.insertInto('ratings').values({ user_id: guest.userID, mu, sigma: 2, games: 40, updated_at: 0 }).execute();
    // Gus at 2384 (mu 51), above the Advanced Bot's 2214: Advanced Bots would hold his rating
    // where it is however he played. Hal at 2248 (mu 47) beside Ida, a newcomer (1500). Jo at
    // 1160 (mu 15), below the Easy Bot.
    await rated(gus, 51);
    await rated(hal, 47);
    await rated(jo, 15);
    await gus.client.lobbies.playNow.join.mutate({ size: 2 });
    await hal.client.lobbies.playNow.join.mutate({ size: 4 });
    await ida.client.lobbies.playNow.join.mutate({ size: 4 });
    await jo.client.lobbies.playNow.join.mutate({ size: 3 });
    const [alone, together, low] = await Promise.all([matchedGame(gus), matchedGame(hal), matchedGame(jo)]);
    expect(await matchedGame(ida)).toBe(together);
    expect((await seatsOf(server(), alone)).map((s) => s.bot_type)).toEqual([null, 'expert_bot']);
    expect((await seatsOf(server(), together)).map((s) => s.bot_type)).toEqual([null, null, 'expert_bot', 'expert_bot']);
    expect((await seatsOf(server(), low)).map((s) => s.bot_type)).toEqual([null, 'easy_bot', 'easy_bot']);
    // Named as a host's own bots of that kind are, wherever the table is shown.
    const lobby = (await hal.client.lobbies.list.query()).find((l) => l.game?.id === together)!;
    expect(lobby.players.map((p) => p.name).slice(2)).toEqual(['Expert Bot 1', 'Expert Bot 2']);
    for (const guest of [gus, hal, ida, jo]) guest.close();
  });

  test('a wait can be cancelled, and then nobody is seated', async () => {
    const fay = await person(server(), 'Fay');
    await fay.client.lobbies.playNow.join.mutate({ size: 2 });
    expect((await fay.client.lobbies.playNow.status.query()).waiting.find((w) => w.size === 2)?.waiting).toBe(1);
    await fay.client.lobbies.playNow.cancel.mutate();
    const after = await fay.client.lobbies.playNow.status.query();
    expect(after.mine).toBeNull();
    expect(after.waiting.find((w) => w.size === 2)?.waiting).toBe(0);
    expect(await refused(fay.client.lobbies.playNow.cancel.mutate())).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, message: 'You are not waiting for a game.' });
    // The window passes with nobody seated.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1_000 + 300));
    expect((await fay.client.lobbies.playNow.status.query()).mine).toBeNull();
    const hosted = (await fay.client.lobbies.list.query()).filter((l) => l.host.id === fay.userID);
    expect(hosted).toEqual([]);
    fay.close();
  });

  test('a press sent again (a second click, a resend) is answered with what became of it, even after the page forgot the result; a new press starts a new wait', async () => {
    const ivy = await person(server(), 'Ivy');
    const waitingFor2 = async () => (await ivy.client.lobbies.playNow.status.query()).waiting.find((w) => w.size === 2)?.waiting;
    const waiting = await ivy.client.lobbies.playNow.join.mutate({ size: 2, pressID: 'ivy-1' });
    expect(waiting).toMatchObject({ state: 'waiting', size: 2 });
    // Sent again while the press waits (or is being seated): that wait, not a refusal.
    expect(await ivy.client.lobbies.playNow.join.mutate({ size: 2, pressID: 'ivy-1' })).toMatchObject({ size: 2 });
    // Bots fill the table when the window ends; her page shows the game, then forgets the result.
    const gameID = await matchedGame(ivy);
    await ivy.client.lobbies.playNow.cancel.mutate();
    expect((await ivy.client.lobbies.playNow.status.query()).mine).toBeNull();
    // Her press arrives again (twice at once, too): its game is the answer, and no wait starts.
    const again = await Promise.all([0, 1].map(() => ivy.client.lobbies.playNow.join.mutate({ size: 2, pressID: 'ivy-1' })));
    expect(again).toEqual([0, 1].map(() => ({ state: 'matched', size: 2, gameID })));
    expect((await ivy.client.lobbies.playNow.status.query()).mine).toBeNull();
    expect(await waitingFor2()).toBe(0);
    expect(await refused(ivy.client.lobbies.playNow.cancel.mutate())).toMatchObject({ code: 'NOT_FOUND', message: 'You are not waiting for a game.' });
    const games = await server().app.services.db.kysely.selectFrom('game_players').select('game_id').where('user_id', '=', ivy.userID).execute();
    expect(games).toEqual([{ game_id: gameID }]);
    // A press of its own is a new wait, for another game.
    expect(await ivy.client.lobbies.playNow.join.mutate({ size: 2, pressID: 'ivy-2' })).toMatchObject({ state: 'waiting', size: 2 });
    expect(await refused(ivy.client.lobbies.playNow.join.mutate({ size: 2, pressID: 'ivy-3' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You are already waiting for a game of 2: cancel that wait first.',
    });
    await ivy.client.lobbies.playNow.cancel.mutate();
    ivy.close();
  });

  test('bad input, a second wait and no login are refused with a sentence', async () => {
    const gus = await person(server(), 'Gus');
    for (const size of [1, 5, 2.5, '2', null]) {
      expect(await refused(gus.client.lobbies.playNow.join.mutate({ size: size as 2 }))).toEqual({
        code: 'BAD_REQUEST',
        httpStatus: 400,
        message: `Play now seats 2, 3 or 4 players: the size must be 2, 3 or 4, not ${JSON.stringify(size)}.`,
        ruleCode: null,
      });
    }
    // A size nested deeper than a stack holds (sent as text: no client would write it), or long,
    // is named by its first 100 characters.
    for (const [size, shown] of [
      [`${'['.repeat(5_000)}${']'.repeat(5_000)}`, `${'['.repeat(100)}...`],
      [`"${'x'.repeat(60_000)}"`, `"${'x'.repeat(99)}...`],
    ] as const) {
      const answer = await fetch(`${server().url}/trpc/lobbies.playNow.join`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: gus.cookie }, body: `{"size":${size}}` });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(`Play now seats 2, 3 or 4 players: the size must be 2, 3 or 4, not ${shown}.`);
    }
    await gus.client.lobbies.playNow.join.mutate({ size: 4 });
    expect(await refused(gus.client.lobbies.playNow.join.mutate({ size: 2 }))).toMatchObject({
      code: 'CONFLICT',
      httpStatus: 409,
      message: 'You are already waiting for a game of 4: cancel that wait first.',
    });
    await gus.client.lobbies.playNow.cancel.mutate();
    const anon = anonymous(server());
    expect(await refused(anon.client.lobbies.playNow.join.mutate({ size: 2 }))).toMatchObject(LOGIN_REQUIRED);
    anon.close();
    gus.close();
  });

  test('Rematch: the first to ask opens a lobby with the same settings and bots; the others are offered it', async () => {
    const [hal, ivy, out] = [await person(server(), 'Hal'), await person(server(), 'Ivy'), await person(server(), 'Out')];
    const { id: lobbyID } = await hal.client.lobbies.create.mutate();
    await ivy.client.lobbies.join.mutate({ lobbyID });
    await hal.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await hal.client.lobbies.setOption.mutate({ lobbyID, option: 'biggerTradeRow', value: true });
    await hal.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'off' });
    await hal.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'slow' });
    await hal.client.lobbies.setShowOdds.mutate({ lobbyID, value: true });
    const { gameID } = await hal.client.lobbies.start.mutate({ lobbyID });
    expect(await refused(hal.client.lobbies.rematch.create.mutate({ gameID }))).toMatchObject({ code: 'CONFLICT', message: 'The game has not ended yet.' });

    const offers = feed(ivy.client.lobbies.rematch.onOffer, { gameID });
    expect(await offers.until()).toBeNull();
    // Both people leave: the bots finish the game at once.
    await hal.client.games.leave.mutate({ gameID });
    await ivy.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await hal.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();

    expect(await refused(out.client.lobbies.rematch.create.mutate({ gameID }))).toMatchObject({ code: 'FORBIDDEN', message: 'Only the people who played this game can ask for a rematch.' });
    const made = await ivy.client.lobbies.rematch.create.mutate({ gameID });
    expect(made.created).toBe(true);
    const offer = await offers.until((o) => o !== null);
    expect(offer).toEqual({ lobbyID: made.lobbyID, hostID: ivy.userID, open: true, declined: [], serverSecretCommitment: made.serverSecretCommitment });
    // Hal asks too: he is given Ivy's lobby, not a second one.
    expect(await hal.client.lobbies.rematch.create.mutate({ gameID })).toEqual({ lobbyID: made.lobbyID, created: false, serverSecretCommitment: made.serverSecretCommitment });
    const lobby = await hal.client.lobbies.get.query({ lobbyID: made.lobbyID });
    expect(lobby).toMatchObject({ status: 'open', host: { id: ivy.userID }, turnTimer: 'off', turnPace: 'slow', turnTimerSeconds: 1_200, showOddsToPlayers: true, options: { biggerTradeRow: true } });
    expect(lobby.playerIDToBotType.map(([, type]) => type)).toEqual(['easy_bot']);
    // The commitment the offer and the answers name is the lobby's, for a joiner to keep before giving a value.
    expect(lobby.serverSecretCommitment).toBe(made.serverSecretCommitment);
    await hal.client.lobbies.join.mutate({ lobbyID: made.lobbyID });
    const { gameID: next } = await ivy.client.lobbies.start.mutate({ lobbyID: made.lobbyID });
    expect((await hal.client.lobbies.rematch.offer.query({ gameID }))?.open).toBe(false);
    // Whoever watches the offer is told at once that it started: nobody is offered a lobby they
    // can no longer join.
    expect(await offers.until((o) => o?.open === false)).toEqual({ lobbyID: made.lobbyID, hostID: ivy.userID, open: false, declined: [], serverSecretCommitment: made.serverSecretCommitment });
    expect((await seatsOf(server(), next)).filter((s) => s.bot_type === null).map((s) => s.user_id).sort()).toEqual([hal.userID, ivy.userID].sort());
    // Asked again after it started, a rematch opens another lobby, offered in its place; when that
    // one closes (its only person leaves), the offer says so too.
    const again = await hal.client.lobbies.rematch.create.mutate({ gameID });
    expect(again.created).toBe(true);
    expect(again.lobbyID).not.toBe(made.lobbyID);
    expect(await offers.until((o) => o?.lobbyID === again.lobbyID)).toEqual({ lobbyID: again.lobbyID, hostID: hal.userID, open: true, declined: [], serverSecretCommitment: again.serverSecretCommitment });
    await hal.client.lobbies.leave.mutate({ lobbyID: again.lobbyID });
    expect(await offers.until((o) => o?.lobbyID === again.lobbyID && !o.open)).toEqual({ lobbyID: again.lobbyID, hostID: hal.userID, open: false, declined: [], serverSecretCommitment: null });
    offers.close();
    for (const guest of [hal, ivy, out]) guest.close();
  });

  test("Rematch declined: the host's lobby and the offer say who declined, then that everyone did; only the game's other people may decline", async () => {
    const [ann, bob, cat, out, spy] = [await person(server(), 'Ann'), await person(server(), 'Bob'), await person(server(), 'Cat'), await person(server(), 'Out'), await person(server(), 'Spy')];
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    await cat.client.lobbies.join.mutate({ lobbyID });
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    // Spy watches the game: a spectator, not one of its people.
    expect((await spy.client.games.state.query({ gameID })).game.id).toBe(gameID);
    for (const guest of [ann, bob, cat]) await guest.client.games.leave.mutate({ gameID });
    await expect.poll(async () => (await ann.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();

    expect(await refused(bob.client.lobbies.rematch.decline.mutate({ gameID }))).toMatchObject({ code: 'CONFLICT', message: 'There is no rematch to decline.' });
    const made = await ann.client.lobbies.rematch.create.mutate({ gameID });
    const lobbies = feed(ann.client.lobbies.onLobby, { lobbyID: made.lobbyID });
    expect((await lobbies.until()).rematch).toEqual({ gameID, declined: [], everyoneDeclined: false });
    const offers = feed(cat.client.lobbies.rematch.onOffer, { gameID });
    expect(await offers.until((o) => o !== null)).toEqual({ lobbyID: made.lobbyID, hostID: ann.userID, open: true, declined: [], serverSecretCommitment: made.serverSecretCommitment });

    const NOT_THEIRS = { code: 'FORBIDDEN', httpStatus: 403, message: 'Only the people who played this game can decline a rematch.' };
    expect(await refused(spy.client.lobbies.rematch.decline.mutate({ gameID }))).toMatchObject(NOT_THEIRS);
    expect(await refused(out.client.lobbies.rematch.decline.mutate({ gameID }))).toMatchObject(NOT_THEIRS);
    expect(await refused(ann.client.lobbies.rematch.decline.mutate({ gameID }))).toMatchObject({ code: 'CONFLICT', message: 'You opened this rematch: leave its lobby to call it off.' });
    expect(await refused(bob.client.lobbies.rematch.decline.mutate({ gameID: 'g_nope' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Game g_nope not found.' });

    await bob.client.lobbies.rematch.decline.mutate({ gameID });
    const bobDeclined = { gameID, declined: [{ id: bob.userID, name: bob.name }], everyoneDeclined: false };
    expect((await lobbies.until((l) => l.rematch?.declined.length === 1)).rematch).toEqual(bobDeclined);
    expect(await offers.until((o) => o?.declined.length === 1)).toEqual({ lobbyID: made.lobbyID, hostID: ann.userID, open: true, declined: [bob.userID], serverSecretCommitment: made.serverSecretCommitment });
    // Twice is as once: no refusal, and nothing new for the lobby's watchers.
    await bob.client.lobbies.rematch.decline.mutate({ gameID });
    expect(await ann.client.lobbies.get.query({ lobbyID: made.lobbyID })).toMatchObject({ rematch: bobDeclined, sequenceID: lobbies.items.at(-1)!.sequenceID });

    await cat.client.lobbies.join.mutate({ lobbyID: made.lobbyID });
    expect(await refused(cat.client.lobbies.rematch.decline.mutate({ gameID }))).toMatchObject({ code: 'CONFLICT', message: 'You joined this rematch: leave its lobby instead.' });
    await cat.client.lobbies.leave.mutate({ lobbyID: made.lobbyID });
    await cat.client.lobbies.rematch.decline.mutate({ gameID });
    expect((await lobbies.until((l) => l.rematch?.everyoneDeclined === true)).rematch).toEqual({
      gameID,
      declined: [
        { id: bob.userID, name: bob.name },
        { id: cat.userID, name: cat.name },
      ],
      everyoneDeclined: true,
    });
    // The declines are the game's: Ann's lobby list reads them too, and they outlast the subscription.
    expect((await ann.client.lobbies.list.query()).find((l) => l.id === made.lobbyID)?.rematch?.everyoneDeclined).toBe(true);
    lobbies.close();
    offers.close();
    for (const guest of [ann, bob, cat, out, spy]) guest.close();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('Play now on two instances of one PostgreSQL database', () => {
  test('people pressing on both instances at once are each seated once, in full tables', async () => {
    const { a, b, close } = await startTwoInstances({ playNowWindowSeconds: WINDOW_SECONDS, turnTimerSeconds: 600 });
    try {
      const people = await Promise.all(Array.from({ length: 8 }, (_, i) => person(i % 2 === 0 ? a : b, 'Multi')));
      await Promise.all(people.map((p) => p.client.lobbies.playNow.join.mutate({ size: 2 })));
      const games = await Promise.all(people.map((p) => matchedGame(p)));
      const seated = new Map<string, number>();
      for (const gameID of new Set(games)) {
        const seats = await seatsOf(a, gameID);
        expect(seats).toHaveLength(2);
        for (const s of seats) if (s.bot_type === null) seated.set(s.user_id, (seated.get(s.user_id) ?? 0) + 1);
      }
      // Every person in exactly one game, which is the one they were told of.
      expect([...seated.values()].every((n) => n === 1)).toBe(true);
      expect(seated.size).toBe(8);
      people.forEach((p, i) => expect(seated.has(p.userID) && games[i]).toBeTruthy());
      for (const p of people) p.close();
    } finally {
      await close();
    }
  });

  test("a rematch declined on one instance reaches its host's lobby page on the other", async () => {
    const { a, b, close } = await startTwoInstances({ turnTimerSeconds: 600 });
    try {
      const [ann, bob] = [await person(a, 'Ann'), await person(b, 'Bob')];
      const { id: lobbyID } = await ann.client.lobbies.create.mutate();
      await bob.client.lobbies.join.mutate({ lobbyID });
      await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
      // Bob leaves first, on his instance, while Ann still owes her bid and the game stands still:
      // left second, his leave raced the bots playing the game out on Ann's instance, step after
      // step with no delay, and could find it changed too often to save.
      await bob.client.games.leave.mutate({ gameID });
      await ann.client.games.leave.mutate({ gameID });
      await expect.poll(async () => (await ann.client.games.state.query({ gameID })).game.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();
      const made = await ann.client.lobbies.rematch.create.mutate({ gameID });
      const lobbies = feed(ann.client.lobbies.onLobby, { lobbyID: made.lobbyID });
      await lobbies.until();
      await bob.client.lobbies.rematch.decline.mutate({ gameID });
      expect((await lobbies.until((l) => l.rematch?.declined.length === 1)).rematch).toEqual({ gameID, declined: [{ id: bob.userID, name: bob.name }], everyoneDeclined: true });
      lobbies.close();
      for (const p of [ann, bob]) p.close();
    } finally {
      await close();
    }
  });
});
