/**
 * Two app instances on one PostgreSQL database, as when the site scales out: the realtime bus
 * (LISTEN/NOTIFY) carries a move made on one instance to subscribers on the other, and the
 * compare and swap on sequenceID keeps simultaneous moves through both instances from losing or
 * duplicating an update. PostgreSQL only: skipped, with the reason printed, without
 * TEST_DATABASE_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TEST_DATABASE_URL, type Server } from '../server/support.js';
import type { LobbyView } from '../../src/server/services/lobbies.js';
import type { WireUpdate } from '../../src/server/services/game-views.js';
import { wholeUpdates } from '../support/game-updates.js';
import { applyLobbyListMessage } from '../../src/shared/lobby-list.js';
import { actionRows, decide, playSeat, privateDatabase, dropPrivateDatabase, replayStored, seededRng, until, type SeatClient } from './helpers.js';
import { signInOnBoth, type TwoInstanceUser as User } from './two-instances.js';

if (!TEST_DATABASE_URL) console.log('multi-instance tests skipped: TEST_DATABASE_URL is not set (two instances need a shared PostgreSQL database)');

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  const users: User[] = [];

  async function user(name: string): Promise<User> {
    const made = await signInOnBoth(a, b, name);
    users.push(made);
    return made;
  }

  /** A started game of `players` humans; player i joins through instance a or b alternately. */
  async function startGame(players: User[]): Promise<string> {
    const host = players[0]!;
    const { id } = await host.on.a.lobbies.create.mutate();
    for (const [i, p] of players.entries()) if (i > 0) await (i % 2 === 0 ? p.on.a : p.on.b).lobbies.join.mutate({ lobbyID: id });
    return (await host.on.a.lobbies.start.mutate({ lobbyID: id })).gameID;
  }

  let url: string;

  beforeAll(async () => {
    url = await privateDatabase(TEST_DATABASE_URL!, 'multi');
    // Bots act on timers (2 ms), so both instances race to move the bots of a game.
    a = await startServer({ databaseUrl: url, botDelayMs: 2 });
    b = await startServer({ databaseUrl: url, botDelayMs: 2 }, { reset: false });
  });

  afterAll(async () => {
    for (const u of users) u.close();
    await Promise.all([a?.close(), b?.close()]);
    if (url) await dropPrivateDatabase(TEST_DATABASE_URL!, url);
  });

  it('a subscriber on one instance sees a move made on the other', async () => {
    const [p0, p1] = [await user('Ann'), await user('Bob')];
    const gameID = await startGame([p0, p1]);
    const updates: WireUpdate[] = [];
    const subscription = p1.on.b.games.onGame.subscribe({ gameID }, { onData: wholeUpdates((u) => void updates.push(u)), onError: () => undefined });
    await until(() => updates.length > 0, 5_000, 'the first update on b');

    const first = updates[0]!;
    const action = decide(first, p0.guest.userID, seededRng(1))!;
    expect(action.type).toBe('BID');
    const ack = await p0.on.a.games.act.mutate({ gameID, action });
    await until(() => updates.some((u) => u.sequenceID >= ack.sequenceID), 5_000, 'the move made on a to reach b');
    const seen = updates.find((u) => u.sequenceID === ack.sequenceID)!;
    // Bob sees that Ann is ready, and not her bid (hidden until the reveal).
    expect(first.game.readyByUserID[p0.guest.userID]).toBe(false);
    expect(seen.game.readyByUserID[p0.guest.userID]).toBe(true);
    expect(seen.game.bidsByPlayerID[p0.guest.userID]).toBeUndefined();
    expect(seen.game.players.find((p) => p.userID === p0.guest.userID)!.bid).toBeNull();
    expect(seen.sequenceID).toBe(first.sequenceID + 1);
    // And the state query on b answers the new state, not a copy cached before the move.
    const state = await p1.on.b.games.state.query({ gameID });
    expect(state.sequenceID).toBe(ack.sequenceID);
    subscription.unsubscribe();
  });

  it('an instance that read a game before another instance moved it answers the new state', async () => {
    const [p0, p1] = [await user('Nat'), await user('Oz')];
    const gameID = await startGame([p0, p1]);
    // b reads (and may keep) the game; nobody on b subscribes, so b hears of no change.
    const before = await p1.on.b.games.state.query({ gameID });
    const ack = await p0.on.a.games.act.mutate({ gameID, action: decide(before, p0.guest.userID, seededRng(3))! });
    expect((await p1.on.b.games.state.query({ gameID })).sequenceID).toBe(ack.sequenceID);
    // A subscription opened on b now starts from the new state too.
    const updates: WireUpdate[] = [];
    const subscription = p1.on.b.games.onGame.subscribe({ gameID }, { onData: wholeUpdates((u) => void updates.push(u)), onError: () => undefined });
    await until(() => updates.length > 0, 5_000, 'the first update on b');
    expect(updates[0]!.sequenceID).toBe(ack.sequenceID);
    subscription.unsubscribe();
  });

  it('simultaneous moves through both instances are each stored exactly once, in one order the engine replays', async () => {
    const players = [await user('Cy'), await user('Di'), await user('Ed'), await user('Flo')];
    const gameID = await startGame(players);
    // Seats 0 and 2 play through a, seats 1 and 3 through b; all act the moment they can, so
    // every bid round has four writers racing on two instances.
    const seats = players.map((p, i) => playSeat(i % 2 === 0 ? p.on.a : p.on.b, gameID, p.guest.userID, seededRng(100 + i)));
    await Promise.race([
      Promise.all(seats.map((s) => s.done)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the game did not finish in 40 s')), 40_000)),
    ]);

    const db = a.app.services.db.kysely;
    const rows = await actionRows(db, gameID);
    const sequenceIDs = rows.map((r) => r.sequence_id);
    expect(new Set(sequenceIDs).size).toBe(sequenceIDs.length);
    expect(sequenceIDs).toEqual([...sequenceIDs].sort((x, y) => x - y));

    // Every acknowledged action is stored exactly once, in the order its player made them, and
    // before its acknowledgement; nothing else was stored for a human.
    for (const [i, p] of players.entries()) {
      const mine = rows.filter((r) => r.user_id === p.guest.userID);
      expect(mine.map((r) => JSON.parse(r.action_json) as unknown)).toEqual(seats[i]!.acknowledged.map((x) => x.action));
      mine.forEach((r, k) => {
        expect(r.sequence_id).toBeGreaterThan(seats[i]!.acknowledged[k]!.viewSequenceID);
        expect(r.sequence_id).toBeLessThanOrEqual(seats[i]!.acknowledged[k]!.sequenceID);
      });
      // Nobody's move was refused: each acted on a view at least as new as its last answer.
      expect(seats[i]!.refusals).toEqual([]);
    }

    // Replaying the stored actions from the stored seed reproduces the stored game bit for bit.
    const { stored, replayed } = await replayStored(db, gameID);
    expect(stored.gameEndTimestamp).not.toBeNull();
    expect(replayed).toEqual(stored);
    const row = await db.selectFrom('games').select('sequence_id').where('id', '=', gameID).executeTakeFirstOrThrow();
    expect(row.sequence_id).toBe(stored.sequenceID);

    // Every subscriber, on either instance, saw the updates in order, none twice, up to the end.
    for (const seat of seats) {
      expect(seat.seen).toEqual([...new Set(seat.seen)].sort((x, y) => x - y));
      expect(seat.last!.sequenceID).toBe(stored.sequenceID);
    }
  });

  it('bots scheduled on both instances never move twice, while their humans alternate instances', async () => {
    const players = [await user('Pia'), await user('Quin')];
    const { id: lobbyID } = await players[0]!.on.a.lobbies.create.mutate();
    await players[1]!.on.b.lobbies.join.mutate({ lobbyID });
    await players[0]!.on.b.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await players[0]!.on.a.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await players[0]!.on.b.lobbies.start.mutate({ lobbyID });
    // Each human sends its moves through a and b in turn; each instance that commits a step
    // then schedules the bots, so both instances have bot timers for the same game.
    const seats = players.map((p, i) => {
      let turn = i;
      const alternating: SeatClient = {
        games: {
          act: { mutate: (input) => (turn++ % 2 === 0 ? p.on.a : p.on.b).games.act.mutate(input) },
          onGame: { subscribe: (input, handlers) => (i === 0 ? p.on.a : p.on.b).games.onGame.subscribe(input, handlers) },
        },
      };
      return playSeat(alternating, gameID, p.guest.userID, seededRng(300 + i));
    });
    await Promise.race([
      Promise.all(seats.map((s) => s.done)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the game did not finish in 40 s')), 40_000)),
    ]);
    const db = b.app.services.db.kysely;
    const { stored, replayed, actions } = await replayStored(db, gameID);
    expect(stored.gameEndTimestamp).not.toBeNull();
    expect(replayed).toEqual(stored);
    for (const [i, p] of players.entries()) {
      expect(actions.filter((x) => x.userID === p.guest.userID).map((x) => x.action)).toEqual(seats[i]!.acknowledged.map((x) => x.action));
      expect(seats[i]!.refusals).toEqual([]);
    }
    // The bots made every move they had to, once: the replay above accepts no double move.
    expect(actions.filter((x) => !players.some((p) => p.guest.userID === x.userID)).length).toBeGreaterThan(40);
  });

  it('the same move sent through both instances at once is taken once', async () => {
    const [p0, p1] = [await user('Gus'), await user('Hal')];
    const gameID = await startGame([p0, p1]);
    const first = await p0.on.a.games.state.query({ gameID });
    const action = decide(first, p0.guest.userID, seededRng(7))!;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? p0.on.a : p0.on.b).games.act.mutate({ gameID, action })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as { data?: { httpStatus?: number } }).data?.httpStatus).toBe(400);
    }
    const rows = await actionRows(a.app.services.db.kysely, gameID);
    expect(rows.filter((r) => r.user_id === p0.guest.userID)).toHaveLength(1);
    expect((await replayStored(a.app.services.db.kysely, gameID)).replayed).toEqual((await replayStored(b.app.services.db.kysely, gameID)).stored);
  });

  it('PostgreSQL dropping every connection crashes nothing, and the bus comes back', async () => {
    const [p0, p1] = [await user('Rae'), await user('Sol')];
    const gameID = await startGame([p0, p1]);
    // As when PostgreSQL restarts or an administrator ends sessions: every connection of both
    // instances (their pools and their LISTEN connections) is terminated.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await admin.end();
    expect(killed.rowCount).toBeGreaterThanOrEqual(4);

    // Both instances answer again, and a move made on a reaches a subscriber on b.
    await until(
      async () => {
        try {
          await Promise.all([p0.on.a.games.state.query({ gameID }), p1.on.b.games.state.query({ gameID })]);
          return true;
        } catch {
          return false;
        }
      },
      10_000,
      'both instances to answer after the connections were dropped',
    );
    const updates: WireUpdate[] = [];
    const subscription = p1.on.b.games.onGame.subscribe({ gameID }, { onData: wholeUpdates((u) => void updates.push(u)), onError: () => undefined });
    await until(() => updates.length > 0, 5_000, 'the first update on b');
    // The bus may take a moment to listen again; a move made before that is not heard, so move
    // until one is (each one is a new bid: unbid, then bid again).
    let ack = { sequenceID: -1 };
    await until(
      async () => {
        if (updates.some((u) => u.sequenceID === ack.sequenceID)) return true;
        const latest = await p0.on.a.games.state.query({ gameID });
        const action = decide(latest, p0.guest.userID, seededRng(latest.sequenceID)) ?? { type: 'UNBID' as const };
        ack = await p0.on.a.games.act.mutate({ gameID, action });
        await new Promise((resolve) => setTimeout(resolve, 200));
        return updates.some((u) => u.sequenceID === ack.sequenceID);
      },
      15_000,
      'a move made on a to reach the subscriber on b',
    );
    subscription.unsubscribe();
  });

  it('lobby changes made on both instances at once all land, in one order both instances report', async () => {
    const host = await user('Ivy');
    const guests = [await user('Jo'), await user('Kit')];
    const { id: lobbyID } = await host.on.a.lobbies.create.mutate();

    const onB: LobbyView[] = [];
    const listOnA: LobbyView[][] = [];
    const s1 = host.on.b.lobbies.onLobby.subscribe({ lobbyID }, { onData: (l) => void onB.push(l), onError: () => undefined });
    const s2 = guests[0]!.on.a.lobbies.onList.subscribe(undefined, { onData: (message) => void listOnA.push(applyLobbyListMessage(listOnA.at(-1) ?? null, message)), onError: () => undefined });
    await until(() => onB.length > 0 && listOnA.length > 0, 5_000, 'the first lobby updates');

    // Five changes at once, through both instances: two joins, a bot and two options.
    const results = await Promise.allSettled([
      guests[0]!.on.a.lobbies.join.mutate({ lobbyID }),
      guests[1]!.on.b.lobbies.join.mutate({ lobbyID }),
      host.on.b.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' }),
      host.on.a.lobbies.setOption.mutate({ lobbyID, option: 'unbid', value: false }),
      host.on.b.lobbies.setOption.mutate({ lobbyID, option: 'hideFavor', value: true }),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);

    const lobby = await host.on.a.lobbies.get.query({ lobbyID });
    expect(lobby.players.map((p) => p.id).sort()).toEqual([host.guest.userID, ...guests.map((g) => g.guest.userID), lobby.playerIDToBotType[0]![0]].sort());
    expect(lobby.options.unbid).toBe(false);
    expect(lobby.options.hideFavor).toBe(true);
    // Each change bumped the sequenceID once: none was lost to another.
    expect(lobby.sequenceID).toBe(1 + results.length);
    await until(() => onB.at(-1)?.sequenceID === lobby.sequenceID, 5_000, 'the subscriber on b to see the last lobby change');
    expect(onB.at(-1)).toEqual(lobby);
    // Never backwards (a burst of changes may be reported as one, or the same state twice).
    expect(onB.map((l) => l.sequenceID)).toEqual(onB.map((l) => l.sequenceID).sort((x, y) => x - y));
    await until(() => listOnA.at(-1)?.find((l) => l.id === lobbyID)?.sequenceID === lobby.sequenceID, 5_000, 'the lobby list on a to catch up');

    // Six more bots at once, three through each instance, for four free seats: exactly four
    // are seated, the others are told the lobby is full, and no seat is taken twice.
    const bots = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? host.on.a : host.on.b).lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' })),
    );
    expect(bots.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of bots) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/The lobby is full/);
    const full = await host.on.b.lobbies.get.query({ lobbyID });
    expect(full.players).toHaveLength(8);
    expect(new Set(full.players.map((p) => p.id)).size).toBe(8);
    expect(full.sequenceID).toBe(lobby.sequenceID + 4);
    s1.unsubscribe();
    s2.unsubscribe();
  });
});
