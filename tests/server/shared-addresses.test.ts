/**
 * People who signed in or played from one network address are not rated against each other
 * (services/shared-addresses.ts): one person's second accounts, seated at their own table and
 * losing on purpose, would otherwise farm a rating. The lobby says so before the game starts.
 * Addresses come through a trusted proxy's X-Forwarded-For, as behind a real one.
 */
import { describe, expect, test } from 'vitest';
import { ADDRESS_MEMORY_MS, householdOf } from '../../src/server/services/shared-addresses.js';
import { DATABASES, useServer } from './databases.js';
import { refused } from './roles.js';
import { botSeats, endableGame, saveEnd } from './endable-games.js';
import { clientFor, signInGuest, type Guest } from './support.js';

const HOME = '198.51.100.7';
const ELSEWHERE = '203.0.113.5';

describe.each(DATABASES)('people from one address on %s', (database) => {
  const suite = useServer(database, { config: { rateSharedAddresses: false, trustProxy: true } });
  const guests: Guest[] = [];
  const guest = async (name: string, from: string) => {
    const signedIn = await signInGuest(suite().server, name, { from });
    guests.push(signedIn);
    return signedIn;
  };
  const rated = async (by: Guest, gameID: string) => Object.keys(await by.client.ratings.ofGame.query({ gameID })).sort();
  const closeAll = () => guests.splice(0).forEach((g) => g.close());

  test("a game of one person's accounts is not rated, and its lobby says so; with someone elsewhere it is", async () => {
    const { server } = suite();
    try {
      const fay = await guest('Fay', HOME);
      const pip = await guest('Pip', HOME);
      const sam = await guest('Sam', ELSEWHERE);

      const { id: farm } = await fay.client.lobbies.create.mutate();
      expect(await fay.client.lobbies.sharedAddress.query({ lobbyID: farm })).toEqual({ shared: false });
      await pip.client.lobbies.join.mutate({ lobbyID: farm });
      expect(await fay.client.lobbies.sharedAddress.query({ lobbyID: farm })).toEqual({ shared: true });
      expect(await pip.client.lobbies.sharedAddress.query({ lobbyID: farm })).toEqual({ shared: true });
      // Only the lobby's players are told: to anyone else it would name who shares a network with whom.
      expect(await refused(sam.client.lobbies.sharedAddress.query({ lobbyID: farm }))).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, message: 'Only the players of a lobby are told whether its game would be rated.' });
      expect(JSON.stringify(await sam.client.lobbies.get.query({ lobbyID: farm }))).not.toContain('shared');
      const graphql = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: sam.cookie },
        body: JSON.stringify({ query: 'query ($id: ID!) { lobby(id: $id) { sharedAddress } }', variables: { id: farm } }),
      });
      expect(((await graphql.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe('Cannot query field "sharedAddress" on type "Lobby".');
      const { id: fair } = await sam.client.lobbies.create.mutate();
      await fay.client.lobbies.join.mutate({ lobbyID: fair });
      expect(await fay.client.lobbies.sharedAddress.query({ lobbyID: fair })).toEqual({ shared: false });

      const farmed = await endableGame(server, `g_farmed_${database}`, [{ userID: fay.userID, bot: null }, { userID: pip.userID, bot: null }, ...botSeats(['bot_a'])]);
      expect(await saveEnd(server, farmed)).toBe(true);
      expect(await rated(fay, farmed.id)).toEqual([]);
      // Kept with the game's end, for its end view to say why: to its players. Sam, who did not
      // play, is not told (after every game it named who shares a network with whom).
      expect(await fay.client.ratings.whyUnrated.query({ gameID: farmed.id })).toEqual({ reason: 'address' });
      expect(await pip.client.ratings.whyUnrated.query({ gameID: farmed.id })).toEqual({ reason: 'address' });
      expect(await sam.client.ratings.whyUnrated.query({ gameID: farmed.id })).toEqual({ reason: null });
      expect((await fay.client.users.rating.query({ userID: fay.userID })).rating).toMatchObject({ rating: 1500, games: 0 });

      const played = await endableGame(server, `g_fair_${database}`, [{ userID: sam.userID, bot: null }, { userID: fay.userID, bot: null }, ...botSeats(['bot_b'])]);
      expect(await saveEnd(server, played)).toBe(true);
      expect(await rated(fay, played.id)).toEqual([fay.userID, sam.userID].sort());
      expect(await fay.client.ratings.whyUnrated.query({ gameID: played.id })).toEqual({ reason: null });
    } finally {
      closeAll();
    }
  });

  test('each player is told only of their own network: a stranger who sits down for a moment, or who hosts, learns nothing of two others', async () => {
    // Anyone may sit at an open table and leave again: told whether any two of its people share a
    // network, a stranger who was on no network of theirs learnt that the other two did (Fay and
    // Pip below, a home or an office named by the table alone), in any lobby of two, asking and
    // leaving (two lobby changes). Anyone may host a table too, and wait for people to sit down.
    try {
      const fay = await guest('Fay', HOME);
      const pip = await guest('Pip', HOME);
      const sam = await guest('Sam', ELSEWHERE);
      const { id: lobbyID } = await fay.client.lobbies.create.mutate();
      await pip.client.lobbies.join.mutate({ lobbyID });
      await sam.client.lobbies.join.mutate({ lobbyID });
      expect(await sam.client.lobbies.sharedAddress.query({ lobbyID })).toEqual({ shared: false });
      // The two who share one are told, each of their own seat.
      expect(await pip.client.lobbies.sharedAddress.query({ lobbyID })).toEqual({ shared: true });
      expect(await fay.client.lobbies.sharedAddress.query({ lobbyID })).toEqual({ shared: true });

      // At Sam's own table, Sam hosts: the two who sit down are told, Sam is not.
      const { id: samsTable } = await sam.client.lobbies.create.mutate();
      await fay.client.lobbies.join.mutate({ lobbyID: samsTable });
      await pip.client.lobbies.join.mutate({ lobbyID: samsTable });
      expect(await sam.client.lobbies.sharedAddress.query({ lobbyID: samsTable })).toEqual({ shared: false });
      expect(await fay.client.lobbies.sharedAddress.query({ lobbyID: samsTable })).toEqual({ shared: true });
      expect(await pip.client.lobbies.sharedAddress.query({ lobbyID: samsTable })).toEqual({ shared: true });
    } finally {
      closeAll();
    }
  });

  test('accounts signed in at two addresses and then used from one are caught by their use', async () => {
    const { server } = suite();
    const { db } = server.app.services;
    try {
      const far = await guest('Far', ELSEWHERE);
      const near = await guest('Near', HOME);
      // Far's calls come from HOME now (the proxy says so): the account was made at a café, the farm is at home.
      const { client: farAtHome, close } = clientFor(server, far.cookie, null, { 'x-forwarded-for': HOME });
      try {
        await farAtHome.session.me.query();
        const { id: lobbyID } = await near.client.lobbies.create.mutate();
        await farAtHome.lobbies.join.mutate({ lobbyID });
        await expect.poll(async () => (await near.client.lobbies.sharedAddress.query({ lobbyID })).shared).toBe(true);
        const game = await endableGame(server, `g_used_${database}`, [{ userID: far.userID, bot: null }, { userID: near.userID, bot: null }]);
        expect(await saveEnd(server, game)).toBe(true);
        expect(await rated(near, game.id)).toEqual([]);
        expect(await near.client.ratings.whyUnrated.query({ gameID: game.id })).toEqual({ reason: 'address' });
        // Written once for the hour, however many calls: Far has the café's tag and home's.
        for (let i = 0; i < 5; i++) await farAtHome.session.me.query();
        expect(await db.kysely.selectFrom('account_addresses').select('address_tag').where('user_id', '=', far.userID).execute()).toHaveLength(2);
      } finally {
        close();
      }
    } finally {
      closeAll();
    }
  });

  test('an IPv6 client counts by the /56 a home is given; an address seen more than 30 days before no longer counts', async () => {
    const { server } = suite();
    const { db } = server.app.services;
    try {
      const one = await guest('Ivy', '2001:db8:1:2::10');
      // Another /64 of the same /56: the same line, another account.
      const other = await guest('Jay', '2001:db8:1:2a:ffff::1');
      const neighbour = await guest('Kim', '2001:db8:1:102::5');
      const { id: lobbyID } = await one.client.lobbies.create.mutate();
      await neighbour.client.lobbies.join.mutate({ lobbyID });
      // The next /56 is another home.
      expect(await one.client.lobbies.sharedAddress.query({ lobbyID })).toEqual({ shared: false });
      await neighbour.client.lobbies.leave.mutate({ lobbyID });
      await other.client.lobbies.join.mutate({ lobbyID });
      expect(await one.client.lobbies.sharedAddress.query({ lobbyID })).toEqual({ shared: true });

      // Jay's sign-in there is forgotten: their lobby and a game of theirs are as anyone's.
      await db.kysely.updateTable('account_addresses').set({ seen_at: Date.now() - ADDRESS_MEMORY_MS - 60_000 }).where('user_id', '=', other.userID).execute();
      expect(await one.client.lobbies.sharedAddress.query({ lobbyID })).toEqual({ shared: false });
      const game = await endableGame(server, `g_forgotten_${database}`, [{ userID: one.userID, bot: null }, { userID: other.userID, bot: null }]);
      expect(await saveEnd(server, game)).toBe(true);
      expect(await rated(one, game.id)).toEqual([one.userID, other.userID].sort());
    } finally {
      closeAll();
    }
  });

  test('an account signed in by a provider notes each sign-in: a second account signed in from the same address is caught', async () => {
    const { server } = suite();
    const { users, db } = server.app.services;
    const first = await users.upsertOAuth('discord', 'd-1', 'Kit', null, '192.0.2.44');
    const second = await users.upsertOAuth('discord', 'd-2', 'Lou', null, '192.0.2.80');
    const game = await endableGame(server, `g_oauth_${database}`, [{ userID: first.id, bot: null }, { userID: second.id, bot: null }]);
    // Lou's account signs in again, from Kit's address, before the game ends.
    expect((await users.upsertOAuth('discord', 'd-2', 'Lou', null, '192.0.2.44')).id).toBe(second.id);
    expect(await saveEnd(server, game)).toBe(true);
    expect(await db.kysely.selectFrom('rating_history').select('user_id').where('game_id', '=', game.id).execute()).toEqual([]);
    // The tags are not the addresses.
    const tags = await db.kysely.selectFrom('account_addresses').select('address_tag').where('user_id', 'in', [first.id, second.id]).execute();
    expect(tags).toHaveLength(3);
    for (const { address_tag } of tags) expect(address_tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('a home by its address key', () => {
  test('IPv4 as it is; an IPv6 /64 widened to its /56', () => {
    expect(householdOf('203.0.113.5')).toBe('203.0.113.5');
    expect(householdOf('2001:db8:1:2::/64')).toBe('2001:db8:1:0::/56');
    expect(householdOf('2001:db8:1:2aff::/64')).toBe('2001:db8:1:2a00::/56');
    expect(householdOf('unknown')).toBe('unknown');
  });
});

describe('RATE_SHARED_ADDRESSES=1 (a server whose players share one address)', () => {
  const suite = useServer('sqlite', { config: { rateSharedAddresses: true, trustProxy: true } });

  test('rates them as anyone, and notes no addresses', async () => {
    const { server } = suite();
    const [fay, pip] = [await signInGuest(server, 'Fay', { from: HOME }), await signInGuest(server, 'Pip', { from: HOME })];
    try {
      const game = await endableGame(server, 'g_club', [{ userID: fay.userID, bot: null }, { userID: pip.userID, bot: null }]);
      expect(await saveEnd(server, game)).toBe(true);
      expect(Object.keys(await fay.client.ratings.ofGame.query({ gameID: game.id })).sort()).toEqual([fay.userID, pip.userID].sort());
      expect(await server.app.services.db.kysely.selectFrom('account_addresses').selectAll().execute()).toEqual([]);
    } finally {
      fay.close();
      pip.close();
    }
  });
});
