/**
 * Races a real player makes: two tabs, a double click, a network that sends a request again, two
 * people pressing at once. Each fires its calls together (Promise.all, in both orders, several
 * times) and checks what a client can see afterwards: one outcome, a clear refusal for the others,
 * and nothing left in a state no single order of the calls could leave.
 */
import { describe, expect, test } from 'vitest';
import { nameKey } from '../../src/server/services/name-lookalikes.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, saveEnd } from './endable-games.js';
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

let games = 0;
/** A game of these people that has ended (played by bots in memory, stored as theirs). */
async function endedGame(server: Server, ...people: Guest[]): Promise<string> {
  const game = await endableGame(server, `g_race${++games}`, people.map((p) => ({ userID: p.userID, bot: null })));
  if (!(await saveEnd(server, game))) throw new Error('the game did not end');
  return game.id;
}

/** What the Rematch button does: ask for the rematch, and join it when it was someone else's. */
async function pressRematch(client: Client, gameID: string): Promise<{ lobbyID: string; created: boolean }> {
  const made = await client.lobbies.rematch.create.mutate({ gameID });
  if (!made.created) {
    await client.lobbies.join.mutate({ lobbyID: made.lobbyID }).catch((error: unknown) => {
      if (refusalOf(error).message !== 'You are already in this lobby.') throw error;
    });
  }
  return made;
}

/** The open lobbies `userID` is seated in, by the list. */
async function openLobbiesOf(client: Client, userID: string) {
  return (await client.lobbies.list.query()).filter((l) => l.status === 'open' && l.players.some((p) => p.id === userID));
}

describe.each(DATABASES)('races on %s', (database) => {
  const suite = useServer(database);
  const server = () => suite().server;

  test('both players pressing Rematch at once: one lobby, opened by one of them, with both seated; the other one opened meanwhile is closed', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ann = await person(server(), 'Ann');
      const bob = await person(server(), 'Bob');
      const gameID = await endedGame(server(), ann, bob);
      const [a, b] = await atOnce(round, [() => pressRematch(ann.client, gameID), () => pressRematch(bob.client, gameID)]);
      const context = `round ${round}: ${JSON.stringify({ a, b })}`;
      if (!a!.ok || !b!.ok) throw new Error(context);
      expect(a!.value.lobbyID, context).toBe(b!.value.lobbyID);
      expect([a!.value.created, b!.value.created].filter(Boolean), context).toHaveLength(1);
      const host = a!.value.created ? ann : bob;
      const lobby = await ann.client.lobbies.get.query({ lobbyID: a!.value.lobbyID });
      expect(lobby, context).toMatchObject({ status: 'open', host: { id: host.userID }, rematch: { gameID } });
      expect(lobby.players.map((p) => p.id).sort(), context).toEqual([ann.userID, bob.userID].sort());
      expect(await ann.client.lobbies.rematch.offer.query({ gameID }), context).toEqual({ lobbyID: lobby.id, hostID: host.userID, open: true, declined: [] });
      for (const guest of [ann, bob]) expect((await openLobbiesOf(guest.client, guest.userID)).map((l) => l.id), context).toEqual([lobby.id]);
      ann.close();
      bob.close();
    }
  });

  test('Rematch pressed twice at once by one player (two tabs, a double click): one lobby, theirs', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ann = await person(server(), 'Ann');
      const bob = await person(server(), 'Bob');
      const gameID = await endedGame(server(), ann, bob);
      const [first, second] = await atOnce(round, [() => pressRematch(ann.client, gameID), () => pressRematch(tab(server(), ann), gameID)]);
      const context = `round ${round}: ${JSON.stringify({ first, second })}`;
      if (!first!.ok || !second!.ok) throw new Error(context);
      expect(first!.value.lobbyID, context).toBe(second!.value.lobbyID);
      expect([first!.value.created, second!.value.created].filter(Boolean), context).toHaveLength(1);
      expect((await openLobbiesOf(ann.client, ann.userID)).map((l) => l.id), context).toEqual([first!.value.lobbyID]);
      expect(await bob.client.lobbies.rematch.offer.query({ gameID }), context).toEqual({ lobbyID: first!.value.lobbyID, hostID: ann.userID, open: true, declined: [] });
      ann.close();
      bob.close();
    }
  });

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
