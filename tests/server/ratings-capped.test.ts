/**
 * The ceiling on ratings won from bots, as stored and told: each person's change of a game says
 * whether the ceiling held it, and at what rating (`ratings.ofGame`'s `cappedAt`), in a game of one
 * person and bots and in a game of people and bots, where only the model knows the ceiling (the
 * game of the people alone may set it). The end view's explanation reads it. Changes stored
 * before it was kept read as not held.
 */
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { botSkill, displayRating, rateGame } from '../../src/server/ratings/model.js';
import { gameRatingChanges } from '../../src/server/services/ratings.js';
import { DATABASES, useServer } from './databases.js';
import { databaseBefore } from './migrations.js';
import { endableGame, saveEnd, withFavor } from './endable-games.js';
import { signInGuest, TEST_DATABASE_URL } from './support.js';

describe.each(DATABASES)('the ceiling on ratings won from bots, stored with each change, on %s', (database) => {
  const suite = useServer(database);

  test('a win over bots alone: held at the strongest bot, and said so; a loss: not held', async () => {
    const { server } = suite();
    const ann = await signInGuest(server, 'Ann');
    try {
      const seats = [
        { userID: ann.userID, bot: null },
        { userID: 'bot_easy_1', bot: 'easy_bot' as const },
        { userID: 'bot_easy_2', bot: 'easy_bot' as const },
      ];
      // A new player (1500) beats two Easy Bots (1500): the game would take the rating higher.
      const won = withFavor(await endableGame(server, `g_cap_alone_${database}`, seats), { [ann.userID]: 90, bot_easy_1: 40, bot_easy_2: 20 });
      expect(await saveEnd(server, won)).toBe(true);
      const easy = displayRating(botSkill('easy_bot'));
      expect((await ann.client.ratings.ofGame.query({ gameID: won.id }))[ann.userID]).toMatchObject({ before: 1500, after: easy, cappedAt: easy });

      // Then loses to them: a fall, not held.
      const lost = withFavor(await endableGame(server, `g_cap_alone_lost_${database}`, seats), { [ann.userID]: 10, bot_easy_1: 40, bot_easy_2: 20 });
      expect(await saveEnd(server, lost)).toBe(true);
      const change = (await ann.client.ratings.ofGame.query({ gameID: lost.id }))[ann.userID]!;
      expect(change.after).toBeLessThan(change.before);
      expect(change.cappedAt).toBeNull();
    } finally {
      ann.close();
    }
  });

  test('a win in a game of people and bots: held where the game of the people alone would take it, and said so; the other person not', async () => {
    const { server } = suite();
    const [cat, dan] = [await signInGuest(server, 'Cat'), await signInGuest(server, 'Dan')];
    try {
      const game = withFavor(
        await endableGame(server, `g_cap_mixed_${database}`, [
          { userID: cat.userID, bot: null },
          { userID: 'bot_easy_1', bot: 'easy_bot' },
          { userID: dan.userID, bot: null },
          { userID: 'bot_easy_2', bot: 'easy_bot' },
          { userID: 'bot_easy_3', bot: 'easy_bot' },
        ]),
        { [cat.userID]: 90, bot_easy_1: 60, [dan.userID]: 0, bot_easy_2: 50, bot_easy_3: 40 },
      );
      expect(await saveEnd(server, game)).toBe(true);
      // The people alone: Cat above Dan, both new. Above the Easy Bots' 1500, so that is the ceiling.
      const fresh = { mu: 25, sigma: 25 / 3 };
      const alone = rateGame([
        { skill: fresh, favor: 90, fixed: false, forfeited: false },
        { skill: fresh, favor: 0, fixed: false, forfeited: false },
      ]);
      const ceiling = displayRating(alone[0]!);
      expect(ceiling).toBeGreaterThan(displayRating(botSkill('easy_bot')));
      const changes = await cat.client.ratings.ofGame.query({ gameID: game.id });
      // Cat's win over three bots besides would have taken her higher: it stopped at the ceiling.
      expect(changes[cat.userID]).toMatchObject({ before: 1500, after: ceiling, cappedAt: ceiling });
      // Dan fell: not held.
      expect(changes[dan.userID]!.after).toBeLessThan(1500);
      expect(changes[dan.userID]!.cappedAt).toBeNull();
    } finally {
      cat.close();
      dan.close();
    }
  });
});

describe.each(DATABASES)('the migration on %s', (database) => {
  test.skipIf(database === 'postgres' && TEST_DATABASE_URL === null)('reads the changes stored before it as not held', async () => {
    const db = await databaseBefore(database, '2026-12-03-019-rating-capped');
    try {
      await sql`insert into rating_history (user_id, game_id, mu_before, sigma_before, mu_after, sigma_after, at)
                values ('u_1', 'g_old', 25, 8, 25, 7.5, 1)`.execute(db.kysely);
      await db.upgrade();
      expect(await gameRatingChanges(db.kysely, 'g_old')).toEqual({
        u_1: { gameID: 'g_old', at: 1, before: 1500, after: 1500, provisional: true, provisionalBefore: true, cappedAt: null },
      });
    } finally {
      await db.close();
    }
  });
});
