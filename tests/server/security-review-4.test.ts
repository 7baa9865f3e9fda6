/**
 * Weaknesses a fourth security review found (the live odds, replays, ratings, Rematch and Play
 * now), each proved here before it was fixed.
 */
import { describe, expect, test } from 'vitest';
import { displayRating, PROVISIONAL_SIGMA } from '../../src/server/ratings/model.js';
import { HistoryService } from '../../src/server/services/history.js';
import { leaderboard } from '../../src/server/services/ratings.js';
import { oddsFor } from '../../src/bots/odds.js';
import { pendingDecision, viewFor, type Game } from '../../src/engine/index.js';
import { spectatorView } from '../../src/web/odds/spectator-view.js';
import { acted, annDecisionStates, extremeBid, perturbed } from '../bots/hidden-twins.js';
import { DATABASES, perTest, useServer } from './databases.js';
import { plansOf, wholeTable } from './query-plans.js';
import { refused } from './roles.js';
import { signInGuest, startServer, type Server } from './support.js';

/**
 * `count` rated people (ids `u_rated_<i>`): a third provisional, a seventh with no rated game yet,
 * each two sharing a skill (so a place) and told apart by their games, never by their ids.
 */
async function ratedPeople(server: Server, count: number): Promise<void> {
  const db = server.app.services.db.kysely;
  for (let i = 0; i < count; i += 500) {
    const ids = Array.from({ length: Math.min(500, count - i) }, (_, j) => i + j);
    await db
      .insertInto('users')
      .values(ids.map((n) => ({ id: `u_rated_${n}`, name: `Rated ${n}`, provider: 'guest', provider_id: `rated-${n}`, is_dev: 0, can_change_name: 1, stats_json: '{}', created_at: 0 })))
      .execute();
    await db
      .insertInto('ratings')
      .values(ids.map((n) => ({ user_id: `u_rated_${n}`, mu: 20 + Math.floor(n / 2) / 100, sigma: n % 3 === 0 ? PROVISIONAL_SIGMA + 2 : PROVISIONAL_SIGMA - 2, games: n % 7 === 0 ? 0 : 5 + (n % 2), updated_at: 0 })))
      .execute();
  }
}

describe('the leaderboard', () => {
  const suite = useServer('sqlite', { setup: async (server) => ratedPeople(server, 1_200) });

  test('costs a page, not the whole table, however many people are rated (SQLite runs its queries on the event loop)', async () => {
    // Each page counted, sorted and ranked every rated person, joined with their account: with
    // 100,000 rated people one request took 40 to 120 ms of the process's CPU, and any guest may
    // ask REQUESTS_PER_ADDRESS (600) of them in 10 s: a minute of CPU, the event loop held
    // throughout. Now the queries walk an index of each list (its entries, never the rows or the
    // accounts) and read names for the page only: no step reads a whole table or sorts one.
    const { server } = suite();
    for (const provisional of [false, true]) {
      const plans = await plansOf(server, (db) => leaderboard(db, { provisional, offset: 50, limit: 100, viewerID: 'u_rated_7' }));
      expect(plans.length).toBeGreaterThanOrEqual(4);
      for (const { sql, plan } of plans) expect(plan.filter(wholeTable), sql).toEqual([]);
      const index = provisional ? 'ratings_provisional' : 'ratings_settled';
      expect(plans.filter(({ plan }) => plan.some((step) => step.includes(`INDEX ${index}`))).length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('a deep leaderboard page', () => {
  test('counts one more of the address\'s requests for each 20,000 places it skips, refused with a clear message past the limit', async () => {
    // Its walk is through every index entry before it: with 100,000 rated people a page at
    // offset 99,900 cost twice the first page's time, and anyone could ask for it 600 times in 10 s.
    const server = await startServer({ requestsPerAddress: 30 });
    const viewer = await signInGuest(server, 'Digger');
    try {
      const deep = () => viewer.client.ratings.leaderboard.query({ offset: 200_000, limit: 25 });
      // Each counts as 11; signing in took a few of the 30.
      expect(await deep()).toEqual({ rows: [], total: 0, mine: null });
      expect(await deep()).toEqual({ rows: [], total: 0, mine: null });
      const { code, message } = await refused(deep());
      expect({ code, message }).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many requests from your address: a leaderboard page counts as one more of the 30 requests allowed in 10 seconds for each 20,000 places it skips. Wait a moment.',
      });
      // The first page still counts as one.
      expect((await viewer.client.ratings.leaderboard.query({ offset: 0, limit: 25 })).total).toBe(0);
    } finally {
      viewer.close();
      await server.close();
    }
  });
});

describe.each(DATABASES)('the leaderboard on %s', (database) => {
  const suite = useServer(database, { setup: async (server) => ratedPeople(server, 1_200) });

  test('still ranks every rated person of the list, equal skills sharing a place, with the viewer\'s own row', async () => {
    const { server } = suite();
    const db = server.app.services.db.kysely;
    const viewer = await signInGuest(server, 'Viewer');
    try {
      await db.insertInto('ratings').values({ user_id: viewer.userID, mu: 30, sigma: PROVISIONAL_SIGMA - 1, games: 3, updated_at: 0 }).execute();
      const all = await db.selectFrom('ratings').innerJoin('users', 'users.id', 'ratings.user_id').select(['user_id', 'name', 'mu', 'sigma', 'games']).execute();
      for (const provisional of [false, true]) {
        const list = all
          .filter((r) => r.games > 0 && (provisional ? r.sigma >= PROVISIONAL_SIGMA : r.sigma < PROVISIONAL_SIGMA))
          .sort((a, b) => b.mu - a.mu || b.games - a.games);
        const placeOf = (mu: number) => list.filter((r) => r.mu > mu).length + 1;
        const expected = (r: (typeof list)[number]) => ({ place: placeOf(r.mu), userID: r.user_id, name: r.name, rating: displayRating(r), games: r.games });
        for (const offset of [0, 37, list.length - 5, list.length + 10]) {
          const page = await viewer.client.ratings.leaderboard.query({ provisional, offset, limit: 25 });
          expect(page.total).toBe(list.length);
          expect(page.rows.map((r) => ({ place: r.place, userID: r.userID, name: r.name, rating: r.rating, games: r.games }))).toEqual(list.slice(offset, offset + 25).map(expected));
          const mine = list.find((r) => r.user_id === viewer.userID);
          expect(page.mine === null ? null : { place: page.mine.place, userID: page.mine.userID }).toEqual(mine ? { place: placeOf(mine.mu), userID: mine.user_id } : null);
        }
      }
    } finally {
      viewer.close();
    }
  });
});

/** `count` finished games of the past (ids `g_past_<i>`, started at i): one in a thousand without bots. */
async function pastGames(server: Server, count: number): Promise<void> {
  const db = server.app.services.db.kysely;
  // About the size of a stored game's row, which the list without the index read to tell whether it has bots.
  const state = JSON.stringify({ padding: 'x'.repeat(4_000) });
  for (let i = 0; i < count; i += 500) {
    const ids = Array.from({ length: Math.min(500, count - i) }, (_, j) => i + j);
    await db
      .insertInto('games')
      .values(ids.map((n) => ({ id: `g_past_${n}`, lobby_id: null, state_json: state, sequence_id: 1, has_bots: n % 1000 === 0 ? 0 : 1, start_timestamp: n, end_timestamp: n + 1, updated_at: n + 1, seed_commitment: null })))
      .execute();
  }
}

describe('the game history', () => {
  const suite = useServer('sqlite', { setup: async (server) => pastGames(server, 5_000) });

  test('of games without bots costs its games, however many games with bots there are (SQLite runs its queries on the event loop)', async () => {
    // games.history (and GET /api/games) lists games without bots unless asked: it walked the
    // games by start, newest first, reading each row to skip those with bots. Most games have bots
    // (Play now fills seats with them, and a game anyone leaves is finished by them), so with
    // 100,000 such games and 100 without one request took 110 to 130 ms of the process's CPU, and
    // any guest may ask 600 in 10 s. Now an index of games by bots and start serves it.
    const { server } = suite();
    const plans = await plansOf(server, (db) => new HistoryService(db).list({ includeBots: false }));
    const games = plans.find(({ sql }) => /from "games"/.test(sql))!;
    expect(games.plan.filter(wholeTable), games.sql).toEqual([]);
    expect(games.plan.join(' | ')).toContain('USING INDEX games_bots_start');
    // The lists themselves: the newest games without bots, and with them the newest of all.
    const looker = await signInGuest(server, 'Looker');
    try {
      const without = await looker.client.games.history.query({});
      expect(without.map((g) => g.id)).toEqual(['g_past_4000', 'g_past_3000', 'g_past_2000', 'g_past_1000', 'g_past_0']);
      const withBots = await looker.client.games.history.query({ includeBots: true });
      expect(withBots.map((g) => g.id)).toEqual(Array.from({ length: 200 }, (_, k) => `g_past_${4_999 - k}`));
    } finally {
      looker.close();
    }
  });
});

describe('the live odds a seated player is shown ("Show odds to players")', () => {
  // Not a weakness found: held here so that it stays so. The bar is worked out in the browser
  // (src/web/odds), from the page's own view of the game re-viewed as a spectator's: a player's
  // odds must not depend on their own hidden bid or gain, nor on anything nobody sees.
  const odds = (game: Game, viewer: string | null) => oddsFor(spectatorView(viewFor(game, viewer)), { seed: 11, rollouts: 2 }).shares;

  test('are the spectators\' odds, whatever the player chose in secret and whatever nobody sees', { timeout: 120_000 }, () => {
    let twins = 0;
    for (const [k, options] of [{ hideFavor: true, prerollDice: true }, { rerollTokens: true, warTokens: true, unbid: true }].entries()) {
      const states = annDecisionStates(60 + k, options, ['easy_bot', 'random_card', 'easy_bot']);
      for (const [i, state] of states.entries()) {
        if (i % 4 !== 0) continue;
        const shown = odds(state, null);
        // Every seat's page, and the same game with its deck, dice and generator changed.
        for (const seat of ['ann', 'bob', 'cat']) {
          expect(spectatorView(viewFor(state, seat))).toEqual(spectatorView(viewFor(state, null)));
          expect(odds(perturbed(state, 300 + i, seat), seat)).toEqual(shown);
        }
        // Ann's own bid, low or high, before it is revealed: her page's odds are the same.
        const decision = pendingDecision(state, 'ann');
        if (decision?.type !== 'BID') continue;
        const [low, high] = (['low', 'high'] as const).map((end) => acted(state, 'ann', { type: 'BID', bid: extremeBid(decision, end) }));
        if (low!.phase !== 'PLANNING' || high!.phase !== 'PLANNING') continue;
        expect(odds(high!, 'ann')).toEqual(odds(low!, 'ann'));
        expect(odds(high!, 'ann')).toEqual(odds(low!, null));
        twins++;
      }
    }
    expect(twins).toBeGreaterThan(3);
  });
});

describe('games started, then left at once', () => {
  const { serve, guest } = perTest();

  test('GAMES_PER_USER_PER_HOUR: the next game is refused, from a lobby and from Play now', { timeout: 60_000 }, async () => {
    // A game left at once is finished by bots (CPU, one game at a time on each instance) and
    // stored for good, and it stops counting against MAX_RUNNING_GAMES_PER_USER as soon as it
    // ends: one account could start and leave ten games every 10 s under its lobby changes (90
    // ms of CPU each), and each address may make twenty guest accounts in 10 minutes.
    const server = await serve({ gamesPerUserPerHour: 3, playNowWindowSeconds: 1 });
    const starter = await guest(server, 'Starter');
    const startAndLeave = async () => {
      const { id: lobbyID } = await starter.client.lobbies.create.mutate();
      await starter.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
      const { gameID } = await starter.client.lobbies.start.mutate({ lobbyID });
      await starter.client.games.leave.mutate({ gameID });
      return lobbyID;
    };
    for (let i = 0; i < 3; i++) await startAndLeave();
    const message = 'You have started 3 games in the last hour: wait a while before starting another.';
    const { id: lobbyID } = await starter.client.lobbies.create.mutate();
    await starter.client.lobbies.addBot.mutate({ lobbyID, botType: 'basic_bot' });
    expect(await refused(starter.client.lobbies.start.mutate({ lobbyID }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message });
    // Nothing started: the lobby is still open, its seats as they were.
    expect(await starter.client.lobbies.get.query({ lobbyID })).toMatchObject({ game: null });
    expect(await refused(starter.client.lobbies.playNow.join.mutate({ size: 2 }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message });
    // Someone else is not held up.
    const other = await guest(server, 'Other');
    const { id: theirs } = await other.client.lobbies.create.mutate();
    await other.client.lobbies.addBot.mutate({ lobbyID: theirs, botType: 'basic_bot' });
    expect(await other.client.lobbies.start.mutate({ lobbyID: theirs })).toMatchObject({ gameID: expect.any(String) });
  });
});
