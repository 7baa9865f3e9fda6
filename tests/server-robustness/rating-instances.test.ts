/**
 * Ratings across two app instances on one PostgreSQL database: games that share a person end at
 * the same moment, half through each instance, and each game moves each person's rating exactly
 * once, one game after the other, in the transaction that saves the game's end. Proved from what
 * is stored: the shared person's history has one entry per game, the entries chain (each starts
 * where another ended, so none read a rating another had already replaced), and the stored rating
 * is the model applied game by game in that order. A second save of an end, on the other
 * instance, is refused and rates nothing.
 *
 * The second shows the ratings are written by the end's own transaction: seen by nobody until it
 * commits, and undone with it.
 *
 * The third proves the rating row's own lock (SELECT ... FOR UPDATE in recordRatings), which the
 * first cannot: on PostgreSQL the update of the users' totals earlier in the same transaction
 * already makes a second ending wait for the first to commit, so the first test (like
 * tests/server/ratings.test.ts) passes even with both row locks removed. Here a writer holds only
 * the rating row: the end waits for it and starts from what it committed. Without the lock the
 * end read the old rating and wrote over the other writer's (checked by removing it).
 *
 * PostgreSQL only (SQLite has one writer at a time): skipped, with the reason printed, without
 * TEST_DATABASE_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { botSkill, INITIAL_SKILL, rateGame, type Skill } from '../../src/server/ratings/model.js';
import { saveStep } from '../../src/server/services/game-store.js';
import { endableGame, saveEnd } from '../server/endable-games.js';
import { startServer, TEST_DATABASE_URL, type Server } from '../server/support.js';
import { dropPrivateDatabase, privateDatabase } from './helpers.js';

if (!TEST_DATABASE_URL) console.log('rating-instances tests skipped: TEST_DATABASE_URL is not set (two instances need a shared PostgreSQL database)');

interface HistoryRow {
  game_id: string;
  mu_before: number;
  sigma_before: number;
  mu_after: number;
  sigma_after: number;
}

describe.skipIf(!TEST_DATABASE_URL)('ratings when games end on two instances of one PostgreSQL database', () => {
  let a: Server;
  let b: Server;
  let url: string;

  beforeAll(async () => {
    url = await privateDatabase(TEST_DATABASE_URL!, 'ratings');
    a = await startServer({ databaseUrl: url });
    b = await startServer({ databaseUrl: url }, { reset: false });
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (url) await dropPrivateDatabase(TEST_DATABASE_URL!, url);
  });

  it('twelve games of one person ending at once, half on each instance: each rated once, one after the other', async () => {
    const { users } = a.app.services;
    const shared = await users.createGuest('Shared', '10.9.3.1');
    const GAMES = 12;
    // Each game: the shared person, a person of its own, and two bots (fixed ratings), so that the
    // model can be re-applied game by game from the shared person's chain alone.
    const others = await Promise.all(Array.from({ length: GAMES }, (_, i) => users.createGuest(`Other ${i}`, `10.9.3.${i + 10}`)));
    const games: Game[] = [];
    for (const [i, other] of others.entries()) {
      games.push(
        await endableGame(a, `g_pg_rate_${i}`, [
          { userID: shared.id, bot: null },
          { userID: 'bot_easy', bot: 'easy_bot' },
          { userID: other.id, bot: null },
          { userID: 'bot_adv', bot: 'basic_bot' },
        ]),
      );
    }

    // All the endings at once; each instance has its own pool of connections, so they really overlap.
    const saved = await Promise.all(games.map((game, i) => saveEnd(i % 2 === 0 ? a : b, game)));
    expect(saved).toEqual(games.map(() => true));
    // The same ends again on the other instance (a retry, a second writer): refused, nothing rated twice.
    const again = await Promise.all(games.map((game, i) => saveEnd(i % 2 === 0 ? b : a, game)));
    expect(again).toEqual(games.map(() => false));

    const db = b.app.services.db.kysely;
    const history: HistoryRow[] = await db.selectFrom('rating_history').selectAll().where('user_id', '=', shared.id).execute();
    // Exactly one entry per game.
    expect(history.map((h) => h.game_id).sort()).toEqual(games.map((g) => g.id).sort());

    // The order they committed in: each entry starts from the rating the one before it left. A lost
    // update would show as two entries starting from the same rating, and the chain would break.
    const order: HistoryRow[] = [];
    let current: Skill = INITIAL_SKILL;
    while (order.length < history.length) {
      const next = history.filter((h) => h.mu_before === current.mu && h.sigma_before === current.sigma);
      expect(next, `entries starting from mu ${current.mu}, after ${order.length} games`).toHaveLength(1);
      order.push(next[0]!);
      current = { mu: next[0]!.mu_after, sigma: next[0]!.sigma_after };
    }

    // The model applied game by game in that order gives every entry and the stored rating.
    const byID = new Map(games.map((g) => [g.id, g]));
    let skill: Skill = INITIAL_SKILL;
    for (const entry of order) {
      const game = byID.get(entry.game_id)!;
      const after = rateGame(
        game.players.map((p) => ({
          skill: p.botType !== null ? botSkill(p.botType) : p.userID === shared.id ? skill : INITIAL_SKILL,
          favor: game.statsByPlayerID![p.userID]!.score,
          forfeited: false,
          fixed: p.botType !== null,
        })),
      )[0]!;
      expect({ mu: entry.mu_after, sigma: entry.sigma_after }).toEqual(after);
      skill = after;
    }
    const stored = await db.selectFrom('ratings').selectAll().where('user_id', '=', shared.id).executeTakeFirstOrThrow();
    expect({ mu: stored.mu, sigma: stored.sigma, games: stored.games }).toEqual({ ...skill, games: GAMES });
    // Each other person played one game: one entry from the start, as each game alone gives.
    const theirs = await db.selectFrom('rating_history').selectAll().where('user_id', 'in', others.map((o) => o.id)).execute();
    expect(theirs).toHaveLength(GAMES);
    for (const row of theirs) expect({ mu: row.mu_before, sigma: row.sigma_before }).toEqual(INITIAL_SKILL);
  });

  it("ratings are part of the end's transaction: invisible until it commits, gone if it rolls back", async () => {
    const { users } = a.app.services;
    const [cy, di] = [await users.createGuest('Cy', '10.9.5.1'), await users.createGuest('Di', '10.9.5.2')];
    const game = await endableGame(a, 'g_pg_rate_atomic', [
      { userID: cy.id, bot: null },
      { userID: di.id, bot: null },
    ]);
    const onB = b.app.services.db.kysely;
    const entries = () => onB.selectFrom('rating_history').select('user_id').where('game_id', '=', game.id).execute();
    const { db } = a.app.services;
    const undone = new Error('the end fails after it was saved');
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        expect(await saveStep(trx, db.dialect, game, game.sequenceID - 1, [], [])).toBe(true);
        // Written in this transaction, and seen by nobody else yet.
        expect(await trx.selectFrom('rating_history').select('user_id').where('game_id', '=', game.id).execute()).toHaveLength(2);
        expect(await entries()).toEqual([]);
        throw undone;
      }),
    ).rejects.toBe(undone);
    // Rolled back with the end: the game is still running and nobody was rated.
    expect(await entries()).toEqual([]);
    expect(await onB.selectFrom('ratings').select('user_id').where('user_id', 'in', [cy.id, di.id]).execute()).toEqual([]);
    expect((await onB.selectFrom('games').select('end_timestamp').where('id', '=', game.id).executeTakeFirstOrThrow()).end_timestamp).toBeNull();
    // Ended for real on the other instance: rated once.
    expect(await saveEnd(b, game)).toBe(true);
    expect(await entries()).toHaveLength(2);
    expect(await onB.selectFrom('ratings').select('games').where('user_id', 'in', [cy.id, di.id]).execute()).toEqual([{ games: 1 }, { games: 1 }]);
  });

  it("a game's end waits for a writer holding the person's rating row, and starts from what it wrote", async () => {
    const { users } = a.app.services;
    const [ann, bob] = [await users.createGuest('Ann', '10.9.4.1'), await users.createGuest('Bob', '10.9.4.2')];
    const game = await endableGame(a, 'g_pg_rate_held', [
      { userID: ann.id, bot: null },
      { userID: bob.id, bot: null },
    ]);
    const db = b.app.services.db.kysely;
    await db.insertInto('ratings').values({ user_id: ann.id, mu: 30, sigma: 4, games: 20, updated_at: 0 }).execute();

    // Another writer (a plain connection, not an instance) holds Ann's rating row, and nothing
    // else: not her users row, whose lock would hide a missing one on the ratings.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT mu FROM ratings WHERE user_id = $1 FOR UPDATE', [ann.id]);

      let ended = false;
      const ending = saveEnd(b, game).then((saved) => {
        ended = true;
        return saved;
      });
      // The end gets past the row's insert-if-missing (a row only locked does not make it wait; a
      // row already changed would, and would hide a missing lock), then waits to read the row.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(ended, 'the end waited for the row').toBe(false);
      // Only now does the other writer change the rating, as it may while it holds the row.
      await holder.query('UPDATE ratings SET mu = 31, sigma = 3.5, games = 21 WHERE user_id = $1', [ann.id]);
      await holder.query('COMMIT');
      expect(await ending).toBe(true);
    } finally {
      await holder.end();
    }

    const entry = await db.selectFrom('rating_history').selectAll().where('user_id', '=', ann.id).where('game_id', '=', game.id).executeTakeFirstOrThrow();
    // It read the rating the other writer committed, not the one from before.
    expect({ mu: entry.mu_before, sigma: entry.sigma_before }).toEqual({ mu: 31, sigma: 3.5 });
    const stored = await db.selectFrom('ratings').selectAll().where('user_id', '=', ann.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ mu: entry.mu_after, sigma: entry.sigma_after, games: 22 });
  });
});
