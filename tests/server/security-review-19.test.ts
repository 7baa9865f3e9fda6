/**
 * The nineteenth security review, a stranger's and a cheating player's look at the newer
 * features. The card gallery's figures (`definitions.cardPlay`, which anyone may read, signed in
 * or not) counted the cards of every finished game but those whose modules replace core cards,
 * so a game played with a developer module that adds cards of its own put those cards' ids and
 * figures (how often each was offered, picked and gained, the favor it brought) in front of
 * everyone, where the definitions keep that module's cards to developers. And the limits per
 * address across accounts (guest accounts, lobbies opened, games started, chat messages) counted
 * an IPv6 client by its /64: one /48 (a site's, or a free tunnel's) is 65,536 of them, made 1,000
 * guest accounts in 6.6 s from 50 of its /64s, with 80 of them started 1,200 games in 50 s from
 * 40, where one IPv4 address may start 30, and sent 300 chat messages to one room in 3.3 s, where
 * an IPv4 address may send 15 in 5 s.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import type { GameDefinitions } from '../../src/engine/index.js';
import { ADDRESSES_PER_NETWORK } from '../../src/server/services/network-limit.js';
import { DATABASES, useServer } from './databases.js';
import { anonymous, clientFor, signInGuest, startServer, type Server } from './support.js';
import { gameLeftToBots } from './endable-games.js';

/** The site's definitions with the Conquest module (cards of its own, no core card replaced) kept to developers. */
const withDevOnlyConquest: GameDefinitions = {
  ...GAME_DEFINITIONS,
  modules: GAME_DEFINITIONS.modules.map((m) => (m.key === 'conquest' ? { ...m, state: 'devOnly' } : m)),
};
const conquestCards = new Set(GAME_DEFINITIONS.modules.find((m) => m.key === 'conquest')!.cardDefs.map((c) => c.id));

describe("the card gallery's figures (definitions.cardPlay)", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({}, { definitions: withDevOnlyConquest });
  });
  afterAll(() => server.close());

  test("hold no card of a developer module, nor any of its games' cards: a game played with one adds nothing", { timeout: 60_000 }, async () => {
    const dev = await signInGuest(server, 'Devi');
    await server.app.services.users.makeDev(dev.userID);
    const stranger = anonymous(server);
    const offered = async () => (await stranger.client.definitions.cardPlay.query({ scope: 'all' })).cards.reduce((n, c) => n + c.offered, 0);
    try {
      // The module's cards are the developers' alone in the definitions: a stranger is given none.
      const seen = (await stranger.client.definitions.get.query()).modules.find((m) => m.key === 'conquest')!;
      expect(seen).toMatchObject({ state: 'devOnly', cardDefs: [] });

      await gameLeftToBots(dev, ['conquest']);
      // Figures are read again at most every 10 s (card-play.ts); the game's end clears them here.
      const report = await stranger.client.definitions.cardPlay.query({ scope: 'all' });
      expect(report.cards.filter((c) => conquestCards.has(c.cardID))).toEqual([]);
      expect(await offered()).toBe(0);

      // The same game without the module counts: the checks above could fail.
      await gameLeftToBots(dev, []);
      expect(await offered()).toBeGreaterThan(0);
    } finally {
      dev.close();
      stranger.close();
    }
  });
});

describe.each(DATABASES)('guest accounts from one IPv6 /48, on %s', (database) => {
  const perAddress = 3;
  const suite = useServer(database, { config: { trustProxy: true, guestLoginsPerAddress: perAddress } });
  const login = (name: string, from: string) =>
    fetch(`${suite().server.url}/auth/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ username: name, password: 'guest', redirect: '/' }),
      redirect: 'manual',
    });

  test(`are limited for the /48 as a whole too (${ADDRESSES_PER_NETWORK} addresses' worth): a fresh /64 of it is refused, another /48 and IPv4 are not`, async () => {
    const perNetwork = ADDRESSES_PER_NETWORK * perAddress;
    const users = async () => (await suite().server.app.services.db.kysely.selectFrom('users').select('id').execute()).length;
    let made = 0;
    // Each /64 of the /48 within its own limit, until the /48's is spent.
    for (let net = 0; made < perNetwork; net++) {
      for (let i = 0; i < perAddress && made < perNetwork; i++, made++) {
        expect((await login(`N${net} G${i}`, `2001:db8:77:${net.toString(16)}::${i + 1}`)).status).toBe(303);
      }
    }
    const before = await users();
    const refused = await login('Fresh', '2001:db8:77:ff00::1');
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe('Too many guest accounts from your network. Try again in a few minutes.');
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(await users()).toBe(before);
    // Another /48, and an IPv4 address, are served.
    expect((await login('Other', '2001:db8:78::1')).status).toBe(303);
    expect((await login('Four', '203.0.113.9')).status).toBe(303);
  });
});

describe.each(DATABASES)('lobbies opened, games started and chat messages from one IPv6 /48, on %s', (database) => {
  const perAddress = 2;
  const suite = useServer(database, { config: { trustProxy: true, lobbiesPerAddress: perAddress, gamesPerAddressPerHour: perAddress, chatMessagesPerAddress: perAddress } });
  const perNetwork = ADDRESSES_PER_NETWORK * perAddress;

  test(`are limited for the /48 as a whole too (${ADDRESSES_PER_NETWORK} addresses' worth), whichever of its /64s and accounts`, { timeout: 60_000 }, async () => {
    const { server } = suite();
    const guests = [];
    try {
      // Each /64 of the /48, with an account of its own, within its own limits, until the /48's are spent.
      for (let net = 0; net < ADDRESSES_PER_NETWORK; net++) {
        const guest = await signInGuest(server, `Net ${net}`, { from: `2001:db8:55:${net.toString(16)}::1` });
        guests.push(guest);
        for (let i = 0; i < perAddress; i++) {
          const { id: lobbyID } = await guest.client.lobbies.create.mutate();
          await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
          await guest.client.lobbies.start.mutate({ lobbyID });
        }
      }
      const fresh = await signInGuest(server, 'Fresh', { from: '2001:db8:55:ff00::1' });
      guests.push(fresh);
      await expect(fresh.client.lobbies.create.mutate()).rejects.toMatchObject({
        message: `Too many lobbies opened from your network (its IPv6 /48): at most ${perNetwork} in 10 minutes. Wait a while before opening another.`,
        data: { code: 'TOO_MANY_REQUESTS' },
      });
      // A lobby opened from another /48, started by its host from this one: the start is this /48's.
      const host = await signInGuest(server, 'Host', { from: '2001:db8:56::1' });
      guests.push(host);
      const { id: lobbyID } = await host.client.lobbies.create.mutate();
      await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const moved = clientFor(server, host.cookie, null, { 'x-forwarded-for': '2001:db8:55:ff00::2' });
      try {
        await expect(moved.client.lobbies.start.mutate({ lobbyID })).rejects.toMatchObject({
          message: `Too many games started from your network (its IPv6 /48): at most ${perNetwork} in an hour. Wait a while before starting another.`,
          data: { code: 'TOO_MANY_REQUESTS' },
        });
      } finally {
        moved.close();
      }
      // From its own /48 it starts; so does an IPv4 address's lobby.
      await expect(host.client.lobbies.start.mutate({ lobbyID })).resolves.toMatchObject({ gameID: expect.any(String) });
      const four = await signInGuest(server, 'Four', { from: '203.0.113.9' });
      guests.push(four);
      await expect(four.client.lobbies.create.mutate()).resolves.toMatchObject({ id: expect.any(String) });
    } finally {
      for (const guest of guests) guest.close();
    }
  });

  test(`chat messages are limited for the /48 as a whole too (${ADDRESSES_PER_NETWORK} addresses' worth), whichever of its /64s and accounts`, async () => {
    const { server } = suite();
    const guests = [];
    try {
      const host = await signInGuest(server, 'Room', { from: '2001:db8:57::1' });
      guests.push(host);
      const room = `lobby/${(await host.client.lobbies.create.mutate()).id}`;
      // Each /64 of the /48, with an account of its own, within its own limit, until the /48's is spent.
      for (let net = 0; net < ADDRESSES_PER_NETWORK; net++) {
        const guest = await signInGuest(server, `Talk ${net}`, { from: `2001:db8:58:${net.toString(16)}::1` });
        guests.push(guest);
        for (let i = 0; i < perAddress; i++) await guest.client.chat.send.mutate({ room, message: `hello ${i}` });
      }
      const fresh = await signInGuest(server, 'Talk fresh', { from: '2001:db8:58:ff00::1' });
      guests.push(fresh);
      await expect(fresh.client.chat.send.mutate({ room, message: 'one more' })).rejects.toMatchObject({
        message: 'Too many messages from your network. Wait a moment.',
        data: { code: 'TOO_MANY_REQUESTS' },
      });
      // The room's own host, on another /48, still talks.
      await expect(host.client.chat.send.mutate({ room, message: 'still here' })).resolves.toMatchObject({ message: 'still here' });
    } finally {
      for (const guest of guests) guest.close();
    }
  });
});
