/**
 * The table of a game across two instances on one PostgreSQL database: both show the same
 * deadline for a seat, presence made on one is seen on the other, and a decision whose time ran
 * out is taken by exactly one stand-in though both instances keep a clock. PostgreSQL only:
 * skipped, with the reason printed, without TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/index.js';
import type { SeatView } from '../../src/server/services/attendance.js';
import type { WireDelivery, WireUpdate } from '../../src/server/services/game-views.js';
import { startServer, TEST_DATABASE_URL, type Server } from '../server/support.js';
import { wholeUpdates } from '../support/game-updates.js';
import { decide, dropPrivateDatabase, privateDatabase, seededRng, until } from './helpers.js';
import { signInOnBoth, type TwoInstanceUser as User } from './two-instances.js';

if (!TEST_DATABASE_URL) console.log('table across instances skipped: TEST_DATABASE_URL is not set');

const seatOf = (seats: readonly SeatView[], userID: string) => seats.find((s) => s.userID === userID)!;
const standIns = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'STAND_IN');

describe.skipIf(!TEST_DATABASE_URL)('the table across two instances on one PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  const closers: (() => void)[] = [];

  async function user(name: string): Promise<User> {
    const made = await signInOnBoth(a, b, name);
    closers.push(made.close);
    return made;
  }

  async function startGame(ann: User, bob: User): Promise<string> {
    const { id } = await ann.on.a.lobbies.create.mutate();
    await bob.on.b.lobbies.join.mutate({ lobbyID: id });
    return (await ann.on.a.lobbies.start.mutate({ lobbyID: id })).gameID;
  }

  let url: string;
  beforeAll(async () => {
    url = await privateDatabase(TEST_DATABASE_URL!, 'table');
    a = await startServer({ databaseUrl: url, turnTimerSeconds: 3 });
    b = await startServer({ databaseUrl: url, turnTimerSeconds: 3 }, { reset: false });
  });
  afterAll(async () => {
    for (const close of closers) close();
    await Promise.all([a?.close(), b?.close()]);
    if (url) await dropPrivateDatabase(TEST_DATABASE_URL!, url);
  });

  it('both instances show the same deadline, and presence made on one is seen on the other', async () => {
    const [ann, bob] = [await user('Ann'), await user('Bob')];
    const gameID = await startGame(ann, bob);
    // Ann watches through a; Bob opens the game through b.
    const annSees: WireDelivery[] = [];
    const annFeed = ann.on.a.games.onGame.subscribe({ gameID, tab: 'ann', visible: true }, { onData: (d) => void annSees.push(d), onError: () => undefined });
    closers.push(() => annFeed.unsubscribe());
    await until(() => annSees.length > 0, 5_000, "Ann's first update");
    const bobOnA = () => seatOf(annSees.at(-1)!.seats, bob.guest.userID);

    const bobFeed = bob.on.b.games.onGame.subscribe({ gameID, tab: 'bob', visible: true }, { onData: () => undefined, onError: () => undefined });
    await until(() => bobOnA().presence === 'here', 2_000, 'Bob here, on a');
    await bob.on.b.games.presence.mutate({ gameID, tab: 'bob', visible: false });
    await until(() => bobOnA().presence === 'away', 2_000, 'Bob away, on a');
    bobFeed.unsubscribe();
    await until(() => bobOnA().presence === 'gone', 2_000, 'Bob gone, on a');

    const [onA, onB] = [await ann.on.a.games.state.query({ gameID }), await bob.on.b.games.state.query({ gameID })];
    expect(seatOf(onB.seats, bob.guest.userID).deadline).not.toBeNull();
    expect(onB.seats.map((s) => s.deadline)).toEqual(onA.seats.map((s) => s.deadline));
  });

  it('a decision whose time ran out is taken once, though both instances keep a clock', async () => {
    const [ann, bob] = [await user('Cy'), await user('Di')];
    const gameID = await startGame(ann, bob);
    // Each instance keeps the game's table: a watcher on each.
    const updates: WireUpdate[] = [];
    const onA = ann.on.a.games.onGame.subscribe({ gameID, tab: 'cy', visible: true }, { onData: wholeUpdates((u) => void updates.push(u)), onError: () => undefined });
    const onB = bob.on.b.games.onGame.subscribe({ gameID, tab: 'di', visible: true }, { onData: () => undefined, onError: () => undefined });
    closers.push(() => onA.unsubscribe(), () => onB.unsubscribe());
    await until(() => updates.length > 0, 5_000, 'the first update');
    await ann.on.a.games.act.mutate({ gameID, action: decide(updates[0]!, ann.guest.userID, seededRng(1))! });
    await until(() => standIns(updates.at(-1)!.events).length > 0, 10_000, "the stand-in's bid");
    // Time for a second instance's stand-in to have acted too, had it been allowed to.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await a.app.services.db.kysely.selectFrom('game_actions').select(['user_id', 'stand_in']).where('game_id', '=', gameID).where('stand_in', 'is not', null).execute();
    const bids = standIns(updates.at(-1)!.events).filter((e) => e.payload.decision === 'BID');
    expect(bids.map((e) => e.payload.userID)).toEqual([bob.guest.userID]);
    expect(rows.filter((r) => r.user_id === bob.guest.userID)).toHaveLength(1);
  });
});
