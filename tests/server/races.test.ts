/**
 * Races a real player makes: two tabs, a double click, a network that sends a request again, two
 * people pressing at once. Each fires its calls together (Promise.all, in both orders, several
 * times) and checks what a client can see afterwards: one outcome, a clear refusal for the others,
 * and nothing left in a state no single order of the calls could leave.
 */
import { describe, expect, test } from 'vitest';
import { nameKey } from '../../src/server/services/name-lookalikes.js';
import { DATABASES, useServer } from './databases.js';
import { openLobby, refusalOf, type Refusal } from './roles.js';
import { clientFor, signInGuest, type Client, type Guest, type Server } from './support.js';

/** How often each race is run, each order in turn. */
const ROUNDS = 10;

let names = 0;
/** A guest with a name no other test of the file uses (a number spelt out: digits would look alike). */
const person = (server: Server, name: string) => signInGuest(server, `${name}${String.fromCharCode(97 + (names % 26))}${String.fromCharCode(97 + (Math.floor(names++ / 26) % 26))}`);

/** Another tab of the same person: the same session, its own connection. */
function tab(server: Server, guest: Guest): Client {
  return clientFor(server, guest.cookie, null).client;
}

/** What a call came to: its answer, or its refusal. */
async function outcome<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: Refusal }> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
}

/** The calls at once, first to last in even rounds and last to first in odd ones; their outcomes in the given order. */
async function atOnce<T extends readonly (() => Promise<unknown>)[]>(round: number, calls: T) {
  const order = calls.map((_, i) => i);
  if (round % 2 === 1) order.reverse();
  const settled = new Array(calls.length) as Awaited<ReturnType<typeof outcome>>[];
  await Promise.all(order.map(async (i) => (settled[i] = await outcome(calls[i]!()))));
  return settled;
}

describe.each(DATABASES)('races on %s', (database) => {
  const suite = useServer(database);
  const server = () => suite().server;

  test('a rename and a lobby join at once never seat two lookalikes: one of them is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ann = await person(server(), 'Ann');
      const bob = await person(server(), 'Bob');
      const lobbyID = await openLobby(ann);
      const [renamed, joined] = await atOnce(round, [() => bob.client.session.rename.mutate({ name: ann.name.toLowerCase() }), () => tab(server(), bob).lobbies.join.mutate({ lobbyID })]);
      const players = (await ann.client.lobbies.get.query({ lobbyID })).players.map((p) => p.name);
      expect(new Set(players.map(nameKey)).size, `round ${round}: ${JSON.stringify({ renamed, joined, players })}`).toBe(players.length);
      // One went through, and the other was refused with the sentence it has when it comes alone.
      expect([renamed!.ok, joined!.ok].filter(Boolean), `round ${round}: ${JSON.stringify({ renamed, joined, players })}`).toHaveLength(1);
      if (!renamed!.ok) expect(renamed!.refusal.message).toBe(`Someone in a lobby or game with you is already called "${ann.name}": choose another name.`);
      if (!joined!.ok) expect(joined!.refusal.message).toBe(`Someone in this lobby is already called "${ann.name}": change your name to join.`);
      ann.close();
      bob.close();
    }
  });
});
