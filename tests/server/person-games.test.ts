/**
 * One person's lists of games: the profile's recent games (`users.profile`), "Your games"
 * (`users.myGames`) and the history of their games (`games.history` with their id). Each seat
 * carries its game's start and whether it has bots, so that a list reads the person's newest games
 * from an index of their seats rather than finding every game they played and sorting them all
 * (with 100,000 games, 420 ms of SQLite's time on the event loop for a profile). The lists must
 * say what they said before: newest first, by start, then by id.
 */
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { insertGame } from '../../src/server/services/game-store.js';
import { HistoryService } from '../../src/server/services/history.js';
import { DATABASES, useServer } from './databases.js';
import { databaseBefore } from './migrations.js';
import { plansOf, preparedDuring } from './query-plans.js';
import { signInGuest, type Server } from './support.js';

const BOT = 'u_person_games_bot';

/** A game as this file stores it: its id, start, and players in seat order (the bot, or people). */
interface Planned {
  id: string;
  start: number;
  players: string[];
}

/** Stored as the server stores a new game (its players' seats too), started at `start`. */
async function store(server: Server, planned: Planned): Promise<Game> {
  const { games, db } = server.app.services;
  const players = planned.players.map((userID) => ({ userID, botType: userID === BOT ? ('easy_bot' as const) : null }));
  const { game } = games.prepare({ id: planned.id, lobbyID: null, players, options: {}, modules: [] });
  const started = { ...game, gameStartTimestamp: planned.start };
  await insertGame(db.kysely, started, null);
  return started;
}

/** Newest first: by start, then by id (ascending for the history, descending for the others). */
function newestFirst(games: Game[], ids: 'asc' | 'desc'): Game[] {
  const byID = (a: Game, b: Game) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (ids === 'asc' ? 1 : -1);
  return [...games].sort((a, b) => b.gameStartTimestamp - a.gameStartTimestamp || byID(a, b));
}

const hasBots = (game: Game) => game.players.some((p) => p.botType !== null);

describe.each(DATABASES)("a person's lists of games on %s", (database) => {
  const suite = useServer(database);

  test('newest first by start, then id; with and without bots; a page at a time: every game of theirs, and only theirs', async () => {
    const { server } = suite();
    const ann = await signInGuest(server, 'Ann');
    const bob = await signInGuest(server, 'Bob');
    try {
      // Stored in an order other than their starts', some starting at the same moment (with bots
      // and without), with Ann in either seat; and two games of Bob's without her.
      const me = ann.userID;
      const plan: Planned[] = [
        { id: 'g_pg_10', start: 5_000, players: [bob.userID, me] },
        { id: 'g_pg_03', start: 9_000, players: [me, bob.userID] },
        { id: 'g_pg_01', start: 5_000, players: [me, BOT] },
        { id: 'g_pg_07', start: 9_000, players: [BOT, me] },
        { id: 'g_pg_12', start: 4_000, players: [me, BOT] },
        { id: 'g_pg_20', start: 9_500, players: [bob.userID, BOT] },
        { id: 'g_pg_05', start: 1_000, players: [BOT, me] },
        { id: 'g_pg_04', start: 5_000, players: [me, bob.userID] },
        { id: 'g_pg_09', start: 8_000, players: [bob.userID, me] },
        { id: 'g_pg_02', start: 3_000, players: [me, BOT] },
        { id: 'g_pg_11', start: 6_000, players: [me, bob.userID] },
        { id: 'g_pg_21', start: 100, players: [bob.userID, BOT] },
        { id: 'g_pg_06', start: 7_000, players: [me, BOT] },
        { id: 'g_pg_08', start: 2_000, players: [bob.userID, me] },
      ];
      const stored: Game[] = [];
      for (const planned of plan) stored.push(await store(server, planned));
      const mine = stored.filter((g) => g.players.some((p) => p.userID === me));
      expect(mine).toHaveLength(12);

      // The profile's five most recent.
      const profile = await bob.client.users.profile.query({ userID: me });
      expect(profile.recentGames).toEqual(
        newestFirst(mine, 'desc')
          .slice(0, 5)
          .map((g) => ({
            id: g.id,
            startTimestamp: g.gameStartTimestamp,
            endTimestamp: null,
            sequenceID: g.sequenceID,
            players: g.players.map((p) => ({ userID: p.userID, botType: p.botType, gameStatsJSON: null })),
          })),
      );

      // "Your games", five a page: every one of hers once, in order, and how many there are.
      const pages = [];
      for (let offset = 0; offset < 15; offset += 5) pages.push(await ann.client.users.myGames.query({ offset, limit: 5 }));
      expect(pages.map((page) => page.total)).toEqual([12, 12, 12]);
      expect(pages.flatMap((page) => page.games)).toEqual(
        newestFirst(mine, 'desc').map((g) => ({
          id: g.id,
          startTimestamp: g.gameStartTimestamp,
          endTimestamp: null,
          players: g.players.map((p) => ({ userID: p.userID, botType: p.botType, favor: null, won: null, forfeit: null })),
          ratingChange: null,
          left: false,
        })),
      );

      // The history of her games: without bots unless asked.
      const historyItem = (g: Game) => ({ id: g.id, players: g.players.map((p) => ({ userID: p.userID })), gameStartTimestamp: g.gameStartTimestamp, gameEndTimestamp: null, seedCommitment: g.seedCommitment });
      expect(await bob.client.games.history.query({ userID: me })).toEqual(newestFirst(mine.filter((g) => !hasBots(g)), 'asc').map(historyItem));
      expect(await bob.client.games.history.query({ userID: me, includeBots: true })).toEqual(newestFirst(mine, 'asc').map(historyItem));
      // Bob's own list the same way, his two games without Ann among them.
      const his = stored.filter((g) => g.players.some((p) => p.userID === bob.userID));
      expect((await bob.client.users.myGames.query({ limit: 50 })).games.map((g) => g.id)).toEqual(newestFirst(his, 'desc').map((g) => g.id));
    } finally {
      ann.close();
      bob.close();
    }
  });

  test('the seats of games stored before take their game\'s start and bots, and the lists read them', async () => {
    const db = await databaseBefore(database, '2026-12-05-024-person-games');
    try {
      // Three games as the release before stored them: Ann's with a bot, Ann's with Bob, Bob's alone.
      await sql`insert into games (id, lobby_id, state_json, sequence_id, has_bots, start_timestamp, end_timestamp, updated_at)
                values ('g_old_1', null, '{}', 1, 1, 2000, 2500, 2500), ('g_old_2', null, '{}', 1, 0, 3000, null, 3000), ('g_old_3', null, '{}', 1, 1, 4000, null, 4000)`.execute(db.kysely);
      await sql`insert into game_players (game_id, seat, user_id, bot_type, stats_json)
                values ('g_old_1', 0, 'u_ann', null, null), ('g_old_1', 1, 'u_bot', 'easy_bot', null),
                       ('g_old_2', 0, 'u_bob', null, null), ('g_old_2', 1, 'u_ann', null, null),
                       ('g_old_3', 0, 'u_bob', null, null), ('g_old_3', 1, 'u_bot', 'easy_bot', null)`.execute(db.kysely);
      await db.upgrade();

      const seats = await db.kysely.selectFrom('game_players').select(['game_id', 'seat', 'start_timestamp', 'has_bots']).orderBy('game_id').orderBy('seat').execute();
      expect(seats).toEqual([
        { game_id: 'g_old_1', seat: 0, start_timestamp: 2000, has_bots: 1 },
        { game_id: 'g_old_1', seat: 1, start_timestamp: 2000, has_bots: 1 },
        { game_id: 'g_old_2', seat: 0, start_timestamp: 3000, has_bots: 0 },
        { game_id: 'g_old_2', seat: 1, start_timestamp: 3000, has_bots: 0 },
        { game_id: 'g_old_3', seat: 0, start_timestamp: 4000, has_bots: 1 },
        { game_id: 'g_old_3', seat: 1, start_timestamp: 4000, has_bots: 1 },
      ]);
      const history = new HistoryService(db.kysely);
      const page = await history.myGames('u_ann', { offset: 0, limit: 10 });
      expect([page.total, page.games.map((g) => [g.id, g.startTimestamp, g.endTimestamp])]).toEqual([
        2,
        [
          ['g_old_2', 3000, null],
          ['g_old_1', 2000, 2500],
        ],
      ]);
      expect((await history.recentGames('u_bob')).map((g) => g.id)).toEqual(['g_old_3', 'g_old_2']);
      expect((await history.list({ includeBots: false, userID: 'u_bot' })).map((g) => g.id)).toEqual([]);
      expect((await history.list({ includeBots: true, userID: 'u_bot' })).map((g) => g.id)).toEqual(['g_old_3', 'g_old_1']);
      if (database === 'postgres') {
        // No default there: a seat stored without its game's start is refused, not listed as the oldest.
        await expect(sql`insert into game_players (game_id, seat, user_id, bot_type, stats_json, has_bots) values ('g_old_3', 2, 'u_cy', null, null, 1)`.execute(db.kysely)).rejects.toThrow(
          'null value in column "start_timestamp" of relation "game_players" violates not-null constraint',
        );
      }
    } finally {
      await db.close();
    }
  });
});

// SQLite's plans, which are the same on any machine. PostgreSQL's, looked at with EXPLAIN ANALYZE
// (bench/person-games.ts's data), read the same indexes, with an incremental sort of the games
// that start at one moment for the history's order.
describe("a person's lists of games on SQLite", () => {
  const suite = useServer('sqlite');

  test('read from the index of the person\'s seats in the list\'s order: none sorts all their games', async () => {
    const { server } = suite();
    const viewer = await signInGuest(server, 'Viewer');
    try {
      const plans = await plansOf(server, async (db) => {
        const history = new HistoryService(db);
        await history.recentGames(viewer.userID, 5);
        await history.myGames(viewer.userID, { offset: 5, limit: 3 });
        await history.list({ includeBots: false, userID: viewer.userID, limit: 4 });
        await history.list({ includeBots: true, userID: viewer.userID, limit: 4 });
      });
      const lists = plans.filter(({ sql }) => /from "games"|join "games"/.test(sql));
      expect(lists).toHaveLength(4);
      for (const { sql: text, plan } of lists) {
        // The seats are searched in an index of the person's; a sort of the last term (the id)
        // only orders games that start at one moment.
        expect(plan.filter((step) => /^SCAN (?!mine$)/.test(step) || step === 'USE TEMP B-TREE FOR ORDER BY'), text).toEqual([]);
        expect(plan.some((step) => /^SEARCH game_players USING COVERING INDEX game_players_user_start(_no_bots)? \(user_id=\?\)$/.test(step)), `${text}\n${plan.join('\n')}`).toBe(true);
      }
      const count = plans.find(({ sql }) => sql.includes('count('))!;
      expect(count.plan).toEqual(['SEARCH game_players USING COVERING INDEX game_players_user_start (user_id=?)']);
    } finally {
      viewer.close();
    }
  });

  test("a rename's look-alike check reads the person's running games from the index of seats without stats: not their whole history", async () => {
    const { server } = suite();
    const renamer = await signInGuest(server, 'Renamer');
    try {
      const user = (await server.app.services.users.get(renamer.userID))!;
      const plans = await preparedDuring(server, () => server.app.services.users.rename(user, 'Renamed'));
      const games = plans.filter(({ sql }) => sql.includes('"game_players" as "mine"'));
      expect(games).toHaveLength(1);
      expect(games[0]!.plan).toContain('SEARCH mine USING INDEX game_players_user_running (user_id=?)');
    } finally {
      renamer.close();
    }
  });

  test("a game's start reads only the person's running games and the last hour's, each from an index: not their whole history", async () => {
    const { server } = suite();
    const viewer = await signInGuest(server, 'Starter');
    try {
      const plans = await plansOf(server, (db) => server.app.services.lobbies.gameCapRefusal({ id: viewer.userID }, db));
      expect(plans).toHaveLength(1);
      const [{ sql: text, plan }] = plans as [(typeof plans)[number]];
      expect(plan.filter((step) => /^SCAN (?!CONSTANT ROW)/.test(step)), text).toEqual([]);
      // The running seats from the index of seats without stats (a game's end writes them), each
      // game then read by its id; the last hour's from the index of the person's seats by start.
      expect(plan).toContain('SEARCH game_players USING INDEX game_players_user_running (user_id=?)');
      expect(plan).toContain('SEARCH games USING INDEX sqlite_autoindex_games_1 (id=?)');
      expect(plan).toContain('SEARCH game_players USING COVERING INDEX game_players_user_start (user_id=? AND start_timestamp>?)');
    } finally {
      viewer.close();
    }
  });
});
