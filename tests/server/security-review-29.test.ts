/**
 * The twenty-ninth security review: tokens and other people's sessions, the latest changes, hidden
 * information and what a stranger can make the server spend. Each hole is proved here before it
 * was fixed.
 *
 * - Play now seats no two people whose names look alike at one table (tablesOf, quick-play.ts),
 *   and worked that out by comparing each wait with every table that had room, each comparison
 *   taking both names' lookalike keys again (the confusables skeleton, twice, of each of two
 *   forms of each name). Names are not unique across the site, so strangers' guests all called
 *   "Alex" (or "ALEX", "Аlex") sat one a table, and each new one was compared with all the others:
 *   the work grew with the square of the queue, and every person waiting, on each change of the
 *   counts (once a second), read their own status through it. 300 such waits took 208 ms of CPU for
 *   one status, 62 s for everyone's. Each wait's keys are taken once now, and a table keeps its
 *   people's.
 * - No answer of the API said how it may be kept: `GET /auth/jwt` (a token that opens the
 *   visitor's sockets as them), a player's view of their game (their hand and bid), `session.me`
 *   and the rest went out with no Cache-Control, and a cache that keeps answers by their address
 *   (a reverse proxy or provider told to cache the site, which docs/security.md sends operators to
 *   put in front) could hand one visitor's token or hand to the next visitor who asked for the same
 *   address; the browser kept them on the device's disk too, after a logout. Every answer is
 *   `Cache-Control: no-store` now, but the site's own files, which say their own.
 *
 * Looked at and found sound: every write from another origin (a sibling port, a sandboxed
 * frame's `Origin: null`) refused before it is counted, cookie-carrying websocket handshakes on
 * /trpc and /channel (both ports) from another origin refused, no Access-Control-Allow-Origin on
 * any answer, tokens (GET /auth/jwt, tRPC `session.jwt`) only to the site's own fetch, /channel's
 * messages handled one at a time (a subscribe awaiting the shared page-open count cannot be doubled),
 * `games.bot_owner` never sent to anyone, GraphQL's `seats` read from the cached copy, the web
 * client listening to no `message` events and registering no service worker.
 *
 * Noted, not changed: a Play now table, which the server starts, still takes its Expert Bot
 * searches' turn by its first person, not by a network (its wait keeps no address): one network's
 * accounts rated above the Advanced Bot, each pressing alone, are an owner each. And a person who
 * calls themselves what another does ("Alex") and presses Play now first keeps that other at a
 * table of their own, seated with bots when the window ends: no one is refused, and names are
 * free; which to favour is the product's choice. The session cookie is `mythos_session`, not
 * `__Host-`: a page on a sibling subdomain may set one for the whole domain (docs/security.md
 * already tells operators to give Mythos a host name of its own).
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startedGame } from './roles.js';
import { signInGuest, SMALL_WEB_CLIENT, startServer, webClientBuilds, type Guest, type Server } from './support.js';

/** Calls of the confusables mapping, the costly part of comparing two names. */
const skeletons = vi.hoisted(() => ({ count: 0 }));
vi.mock('unhomoglyph', async (importOriginal) => {
  const actual = (await importOriginal()) as { default: (text: string) => string };
  return {
    default: (text: string) => {
      skeletons.count++;
      return actual.default(text);
    },
  };
});

describe('Play now with many waiting people whose names look alike', () => {
  const WAITS = 16;
  let server: Server;
  const guests: Guest[] = [];

  beforeAll(async () => {
    // A long window: everyone is still waiting when the status is read.
    server = await startServer({ playNowWindowSeconds: 600 });
    const spellings = ['Alex', 'ALEX', 'Аlex', 'alex', 'AIex'];
    for (let i = 0; i < WAITS; i++) guests.push(await signInGuest(server, spellings[i % spellings.length]!));
    for (const guest of guests) expect((await guest.client.lobbies.playNow.join.mutate({ size: 2 })).state).toBe('waiting');
  }, 60_000);
  afterAll(async () => {
    for (const guest of guests) guest.close();
    await server.close();
  });

  test("are each at a table of their own, and one person's status compares each name once, not each with every other", async () => {
    skeletons.count = 0;
    const status = await guests.at(-1)!.client.lobbies.playNow.status.query();
    expect(status.mine).toMatchObject({ state: 'waiting', size: 2 });
    expect(status.waiting).toContainEqual({ size: 2, waiting: WAITS });
    // Two keys a name (as written and lower-cased), each a skeleton of a skeleton: 4 a wait. Each
    // wait compared with every table before it took 4 for each: 16 waits, 960.
    expect(skeletons.count).toBeLessThanOrEqual(4 * WAITS);
  });
});

describe("a signed-in visitor's answers", () => {
  let server: Server;
  let ann: Guest;
  let bob: Guest;
  let gameID: string;
  const webClient = webClientBuilds();

  beforeAll(async () => {
    const webDir = webClient(SMALL_WEB_CLIENT);
    server = await startServer({ webDir });
    ann = await signInGuest(server, 'Ann');
    bob = await signInGuest(server, 'Bob');
    ({ gameID } = await startedGame(ann, bob));
  });
  afterAll(async () => {
    ann.close();
    bob.close();
    await server.close();
  });

  const cacheControl = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: ann.cookie, ...headers } });
    expect(response.status).toBe(200);
    return response.headers.get('cache-control');
  };

  test('are kept by no cache, on the device or on the way: the token, the hand, the account', async () => {
    expect(await cacheControl('/auth/jwt', { 'x-mythos-client': 'test' })).toBe('no-store');
    expect(await cacheControl(`/api/game/${gameID}/state`)).toBe('no-store');
    expect(await cacheControl('/api/game_definitions')).toBe('no-store');
    expect(await cacheControl(`/trpc/session.me`)).toBe('no-store');
    expect(await cacheControl(`/trpc/games.state?input=${encodeURIComponent(JSON.stringify({ gameID }))}`)).toBe('no-store');
    expect(await cacheControl(`/api/graphql?query=${encodeURIComponent('{ __typename }')}`, { accept: 'application/json' })).toBe('no-store');
  });

  test("while the site's own files keep theirs: a hashed script for a year, a page checked each time", async () => {
    expect(await cacheControl('/assets/app-1a2b3c.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('/lobby-list')).toBe('no-cache');
  });
});
