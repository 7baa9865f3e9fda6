/**
 * The twenty-seventh security review, on the server: MAX_OPEN_LOBBIES_PER_USER across instances.
 * The cap is a count of the database's rows, but a person's lobby creations waited for each other
 * only within one process: on PostgreSQL, two "New lobby" presses through two instances at once
 * each counted the lobbies before the other's was written, and both passed. With the cap at 3, a
 * person in 2 open lobbies ended in 4 (N instances: up to N - 1 past the cap, at every press that
 * reaches them together), and a join through one instance beside a creation through another did
 * the same.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTwoInstances } from './databases.js';
import { refusalOf, type Refusal } from './roles.js';
import { clientFor, signInGuest, TEST_DATABASE_URL, type Client, type Guest, type Server } from './support.js';

const ROUNDS = 10;
const CAP = 3;
const AT_CAP: Refusal = {
  code: 'TOO_MANY_REQUESTS',
  httpStatus: 429,
  message: `You are already in ${CAP} open lobbies: start a game in one or leave one first.`,
  ruleCode: null,
};

const RUNNING_CAP = 2;
const AT_RUNNING_CAP: Refusal = {
  code: 'TOO_MANY_REQUESTS',
  httpStatus: 429,
  message: `You already play ${RUNNING_CAP} unfinished games: finish one before starting another.`,
  ruleCode: null,
};

type Outcome = { ok: true } | { ok: false; refusal: Refusal };
const outcome = (call: Promise<unknown>): Promise<Outcome> =>
  call.then(
    () => ({ ok: true }) as const,
    (error: unknown) => ({ ok: false, refusal: refusalOf(error) }) as const,
  );

/** The calls at once, the first sent first in even rounds and last in odd ones; their outcomes in the given order. */
async function atOnce(round: number, calls: readonly (() => Promise<unknown>)[]): Promise<Outcome[]> {
  const order = calls.map((_, i) => i);
  if (round % 2 === 1) order.reverse();
  const settled: Outcome[] = new Array<Outcome>(calls.length);
  await Promise.all(order.map(async (i) => (settled[i] = await outcome(calls[i]!()))));
  return settled;
}

describe.skipIf(!TEST_DATABASE_URL)('open lobbies per person across two instances on one PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  let close: (() => Promise<void>) | undefined;
  const closers: (() => void)[] = [];
  let names = 0;

  beforeAll(async () => {
    ({ a, b, close } = await startTwoInstances({ maxOpenLobbiesPerUser: CAP, maxRunningGamesPerUser: RUNNING_CAP }));
  });
  afterAll(async () => {
    for (const closeClient of closers) closeClient();
    await close?.();
  });

  /** A guest signed in on `a` (a name no other round uses), and the same session through `b`. */
  async function onBoth(name: string): Promise<{ guest: Guest; onB: Client }> {
    const n = names++;
    const guest = await signInGuest(a, `${name}${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`);
    const other = clientFor(b, guest.cookie, null);
    closers.push(() => guest.close(), other.close);
    return { guest, onB: other.client };
  }

  /** The open lobbies (no game yet) the person is seated in, as the database holds them. */
  const openLobbies = async (userID: string) =>
    (
      await a.app.services.db.kysely
        .selectFrom('lobby_players')
        .innerJoin('lobbies', 'lobbies.id', 'lobby_players.lobby_id')
        .select('lobbies.id')
        .where('lobby_players.user_id', '=', userID)
        .where('lobbies.game_id', 'is', null)
        .execute()
    ).length;

  test('two lobbies opened at once, each through another instance, by a person one short of the cap: one opens, the other is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ann = await onBoth('Ann');
      for (let i = 0; i < CAP - 1; i++) await ann.guest.client.lobbies.create.mutate();
      const [first, second] = await atOnce(round, [() => ann.guest.client.lobbies.create.mutate(), () => ann.onB.lobbies.create.mutate()]);
      const context = `round ${round}: ${JSON.stringify({ first, second })}`;
      expect([first, second].filter((o) => o!.ok), context).toHaveLength(1);
      expect([first, second].filter((o) => !o!.ok), context).toEqual([{ ok: false, refusal: AT_CAP }]);
      expect(await openLobbies(ann.guest.userID), context).toBe(CAP);
    }
  });

  test("a join through one instance and a new lobby through another, at once, by a person one short of the cap: one of them is refused", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ann = await onBoth('Ann');
      const bob = await onBoth('Bob');
      const { id: lobbyID } = await bob.guest.client.lobbies.create.mutate();
      for (let i = 0; i < CAP - 1; i++) await ann.guest.client.lobbies.create.mutate();
      const [joined, opened] = await atOnce(round, [() => ann.guest.client.lobbies.join.mutate({ lobbyID }), () => ann.onB.lobbies.create.mutate()]);
      const context = `round ${round}: ${JSON.stringify({ joined, opened })}`;
      expect([joined, opened].filter((o) => !o!.ok), context).toEqual([{ ok: false, refusal: AT_CAP }]);
      expect(await openLobbies(ann.guest.userID), context).toBe(CAP);
    }
  });

  test('three games started at once, through two instances, by a host with room for two more: two start, the third is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ann = await onBoth('Ann');
      const bob = await onBoth('Bob');
      const lobbies: string[] = [];
      for (let i = 0; i < CAP; i++) {
        const { id } = await ann.guest.client.lobbies.create.mutate();
        await bob.guest.client.lobbies.join.mutate({ lobbyID: id });
        lobbies.push(id);
      }
      const starts = await atOnce(round, lobbies.map((lobbyID, i) => () => (i % 2 === 0 ? ann.guest.client : ann.onB).lobbies.start.mutate({ lobbyID })));
      const context = `round ${round}: ${JSON.stringify(starts)}`;
      expect(starts.filter((o) => !o.ok), context).toEqual([{ ok: false, refusal: AT_RUNNING_CAP }]);
    }
  });
});
