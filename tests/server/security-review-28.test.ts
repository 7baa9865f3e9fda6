/**
 * The twenty-eighth security review: limits a second instance gets around. Each hole is proved
 * here before it was fixed.
 *
 * - A player's presence reports (`games.presence`, PRESENCE_REPORTS = 30 in any 10 s) and pages of
 *   their running game opened (`games.onGame`, /channel's game topic, GAME_OPENS_PER_USER = 15 in
 *   any 10 s) were counted in each instance's memory. Each report, and each page opened or closed,
 *   changes the table that every player and spectator of the game is sent, on every instance (the
 *   table is kept in the database and announced on the bus): the limits are there so that one
 *   player cannot flood the people at their table. On PostgreSQL behind a load balancer, a player
 *   whose requests reach N instances had N times each (two instances: 60 reports and 30 opens in
 *   10 s, every one of them sent to everyone watching), and docs/security.md, which lists the
 *   limits that stay per instance, named neither. They are kept in the database now, as the lobby
 *   changes and chat messages are.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESENCE_REPORTS } from '../../src/server/services/services.js';
import { channel, requestJWT } from '../compat/protocol-client.js';
import { createPostgresDatabase } from './databases.js';
import { feed } from './feeds.js';
import { refusalOf, type Refusal } from './roles.js';
import { clientFor, signInGuest, startServer, TEST_DATABASE_URL, type Client, type Guest, type Server } from './support.js';

const OPENS = 4;
const OPENING_TOO_FAST: Refusal = { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: 'You are opening and closing the game too fast. Wait a moment.', ruleCode: null };
const PRESENCE_TOO_FAST: Refusal = { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: 'You are showing and hiding the game too fast. Wait a moment.', ruleCode: null };

const outcome = (call: Promise<unknown>): Promise<Refusal | 'ok'> =>
  call.then(
    () => 'ok' as const,
    (error: unknown) => refusalOf(error),
  );

describe.skipIf(!TEST_DATABASE_URL)("a player's table changes across two instances on one PostgreSQL database", () => {
  let a: Server;
  let b: Server;
  let drop: () => Promise<void>;
  const closers: (() => void)[] = [];
  let names = 0;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const settings = { databaseUrl: created.url, gameOpensPerUser: OPENS };
    a = await startServer(settings, { database: 'postgres', reset: false });
    b = await startServer(settings, { database: 'postgres', reset: false });
  });
  afterAll(async () => {
    for (const close of closers) close();
    await Promise.all([a?.close(), b?.close()]);
    await drop?.();
  });

  /** A guest signed in on `a`, seated with a bot in a running game, and the same session through `b`. */
  async function seated(name: string): Promise<{ guest: Guest; onB: Client; cookie: string; gameID: string }> {
    const guest = await signInGuest(a, `${name}${String.fromCharCode(97 + names++)}`);
    const other = clientFor(b, guest.cookie, await requestJWT(b.url, guest.cookie));
    closers.push(() => guest.close(), other.close);
    const { id: lobbyID } = await guest.client.lobbies.create.mutate();
    await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });
    return { guest, onB: other.client, cookie: guest.cookie, gameID };
  }

  /** Opens the game as a page does, through `client`, and closes it again: 'ok' once it started, else the refusal. */
  async function openAndClose(client: Client, gameID: string, tab: string): Promise<Refusal | 'ok'> {
    const page = feed(client.games.onGame, { gameID, tab });
    try {
      await page.until();
      return 'ok';
    } catch {
      return refusalOf(page.error);
    } finally {
      page.close();
    }
  }

  test(`presence reports: ${PRESENCE_REPORTS} in any 10 s through both instances together, not through each`, { timeout: 60_000 }, async () => {
    const { guest, onB, gameID } = await seated('Pia');
    const report = (client: Client, i: number) => outcome(client.games.presence.mutate({ gameID, tab: 'tab', visible: i % 2 === 0 }));
    const throughA: (Refusal | 'ok')[] = [];
    for (let i = 0; i < PRESENCE_REPORTS; i++) throughA.push(await report(guest.client, i));
    expect(throughA.every((r) => r === 'ok')).toBe(true);
    // The same player's next reports through the other instance: refused, the limit spent.
    const throughB: (Refusal | 'ok')[] = [];
    for (let i = 0; i < 3; i++) throughB.push(await report(onB, i));
    expect(throughB).toEqual([PRESENCE_TOO_FAST, PRESENCE_TOO_FAST, PRESENCE_TOO_FAST]);
  });

  test(`pages of a running game opened: GAME_OPENS_PER_USER (here ${OPENS}) in any 10 s through both instances together, tRPC and /channel alike`, { timeout: 60_000 }, async () => {
    const { guest, onB, cookie, gameID } = await seated('Otto');
    const throughA: (Refusal | 'ok')[] = [];
    for (let i = 0; i < OPENS; i++) throughA.push(await openAndClose(guest.client, gameID, `a-${i}`));
    expect(throughA.every((r) => r === 'ok')).toBe(true);
    expect(await openAndClose(onB, gameID, 'b-0')).toEqual(OPENING_TOO_FAST);
    // /channel on the other instance opens the game as a page does, and is refused the same.
    const socket = await channel(b.url, { cookie });
    try {
      socket.send({ type: 'subscribe', topic: `game/${gameID}` });
      expect(await socket.until((m: { type: string }) => m.type === 'error' || m.type === 'topic')).toEqual({ type: 'error', message: OPENING_TOO_FAST.message });
    } finally {
      socket.close();
    }
  });
});
