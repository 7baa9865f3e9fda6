/**
 * The "?" of a new rating goes when the rules say: after about ten games, and after fifteen at the
 * most. One-sided results settle the model slowly: a player who lost every game to an Advanced Bot
 * (or won every one at a table of Advanced Bots) was still provisional after 80 games, never on
 * the leaderboard's rated list.
 */
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { ratingHistory } from '../../src/server/services/ratings.js';
import { DATABASES, isSkipped, useServer } from './databases.js';
import { databaseBefore } from './migrations.js';
import { endableGame, saveEnd, withFavor } from './endable-games.js';
import { signInGuest } from './support.js';

describe.each(DATABASES)('provisional ratings on %s', (database) => {
  const suite = useServer(database);

  test('a player who loses every game to an Advanced Bot is settled after fifteen games', async () => {
    const { server } = suite();
    const ann = await signInGuest(server, 'Ann');
    try {
      for (let n = 1; n <= 15; n += 1) {
        const game = withFavor(
          await endableGame(server, `g_settle_${n}_${database}`, [
            { userID: ann.userID, bot: null },
            { userID: 'bot_adv', bot: 'basic_bot' },
          ]),
          { [ann.userID]: 20, bot_adv: 40 },
        );
        expect(await saveEnd(server, game)).toBe(true);
        const { rating, history } = await ann.client.users.rating.query({ userID: ann.userID });
        expect([rating.games, rating.provisional]).toEqual([n, n < 15]);
        expect([history.at(-1)!.provisionalBefore, history.at(-1)!.provisional]).toEqual([n - 1 < 15, n < 15]);
        expect((await ann.client.ratings.ofGame.query({ gameID: game.id }))[ann.userID]).toMatchObject({ provisionalBefore: n - 1 < 15, provisional: n < 15 });
        expect((await ann.client.users.myGames.query({})).games[0]!.ratingChange).toMatchObject({ provisionalBefore: n - 1 < 15, provisional: n < 15 });
        expect((await ann.client.ratings.ofUsers.query({ userIDs: [ann.userID] }))[ann.userID]).toEqual({ rating: rating.rating, provisional: n < 15 });
      }
      const rated = await ann.client.ratings.leaderboard.query({ provisional: false });
      expect(rated.mine).toMatchObject({ userID: ann.userID, place: 1, games: 15, provisional: false });
      expect(rated.total).toBe(1);
      expect(await ann.client.ratings.leaderboard.query({ provisional: true })).toEqual({ rows: [], total: 0, mine: null });
    } finally {
      ann.close();
    }
  });

  test.skipIf(isSkipped(database))('the changes stored before it are counted in their order, and say provisional as the rule now does', async () => {
    const db = await databaseBefore(database, '2026-12-08-030-provisional-games');
    try {
      // Sixteen changes of one person, sigma never below 5; two of them stored at the same time.
      const ats = [1, 2, 3, 4, 5, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
      for (const [i, at] of ats.entries()) {
        await sql`insert into rating_history (user_id, game_id, mu_before, sigma_before, mu_after, sigma_after, at)
                  values ('u_1', ${`g_${String(i).padStart(2, '0')}`}, 25, 6, 25, 6, ${at})`.execute(db.kysely);
      }
      await db.upgrade();
      const history = await ratingHistory(db.kysely, 'u_1', 200);
      expect(history.map((h) => [h.gameID, h.provisionalBefore, h.provisional])).toEqual(ats.map((_, i) => [`g_${String(i).padStart(2, '0')}`, i < 15, i + 1 < 15]));
      await db.downgrade();
    } finally {
      await db.close();
    }
  });
});
