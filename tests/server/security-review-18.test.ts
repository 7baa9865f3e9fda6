/**
 * The eighteenth security review, a cheating player's look: ratings won over a seat the stand-in
 * bot played. A throwaway account (on another network, so its games are rated) that joins and
 * leaves at once hands its seat to the stand-in, the Advanced Bot, and whoever stays is rated
 * against that bot's fixed rating; but the ceiling on ratings won from bots counted only the bots
 * the host seated, so beating the stand-in again and again raised a rating without end, past the
 * ceiling an Advanced Bot seated by the host holds it at.
 */
import { describe, expect, test } from 'vitest';
import { botSkill, displayRating, INITIAL_SKILL, rateGame, type RatedSeat, type Skill } from '../../src/server/ratings/model.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, saveEnd, withFavor } from './endable-games.js';
import { signInGuest } from './support.js';

const standIn = botSkill('basic_bot');

describe('ratings won over a seat the stand-in bot played', () => {
  test('rise no higher than the stand-in, as over the same bot seated by the host, however often its player wins', () => {
    // The one who stays scores more than the stand-in at each game; the throwaway seat is new each time.
    const throwaway = (): RatedSeat => ({ skill: { ...INITIAL_SKILL }, favor: 10, fixed: false, forfeited: true, playedAs: standIn, standIn: true });
    const seatedBot: RatedSeat = { skill: standIn, favor: 10, fixed: true, forfeited: false };
    const wins = (times: number, other: () => RatedSeat): Skill => {
      let me: Skill = { ...INITIAL_SKILL };
      for (let i = 0; i < times; i++) me = rateGame([{ skill: me, favor: 90, fixed: false, forfeited: false }, other()])[0]!;
      return me;
    };
    // Uncapped, 20 such games (an hour's under GAMES_PER_USER_PER_HOUR) made a new player 2716,
    // 100 made them 3042; the stand-in's fixed rating is 2214.
    for (const times of [20, 100]) {
      expect(displayRating(wins(times, throwaway))).toBe(displayRating(standIn));
      expect(displayRating(wins(times, () => seatedBot))).toBe(displayRating(standIn));
    }
    // Below the stand-in, a win over its seat counts in full.
    expect(displayRating(wins(1, throwaway))).toBeGreaterThan(1500);
    expect(displayRating(wins(1, throwaway))).toBeLessThan(displayRating(standIn));
  });
});

describe.each(DATABASES)('a game whose other seat the stand-in played, on %s', (database) => {
  const suite = useServer(database);

  test('leaves a rating above the stand-in where it was after a win, and says the ceiling held it', async () => {
    const { server } = suite();
    const { db } = server.app.services;
    const [ann, bob] = [await signInGuest(server, 'Ann'), await signInGuest(server, 'Bob')];
    try {
      // Ann is rated above the stand-in already (2350, settled); Bob is her throwaway.
      const annSkill: Skill = { mu: 50, sigma: 2 };
      await db.kysely.insertInto('ratings').values({ user_id: ann.userID, mu: annSkill.mu, sigma: annSkill.sigma, games: 40, updated_at: 0 }).execute();
      const game = withFavor(
        await endableGame(server, `g_stood_in_seat_${database}`, [
          { userID: ann.userID, bot: null },
          { userID: bob.userID, bot: null },
        ]),
        { [ann.userID]: 90, [bob.userID]: 10 },
      );
      // Every one of Bob's decisions the stand-in's: he left at once.
      await db.kysely
        .insertInto('game_actions')
        .values(Array.from({ length: 8 }, (_, i) => ({ game_id: game.id, sequence_id: i + 1, user_id: bob.userID, action_json: JSON.stringify({ type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }), at: i, stand_in: 'left' })))
        .execute();
      expect(await saveEnd(server, game)).toBe(true);

      const changes = await ann.client.ratings.ofGame.query({ gameID: game.id });
      const ceiling = displayRating(standIn);
      expect(changes[ann.userID]).toMatchObject({ before: 2350, after: 2350, cappedAt: ceiling });
      // Bob lost, and fell.
      expect(changes[bob.userID]!.after).toBeLessThan(1500);
      expect(changes[bob.userID]!.cappedAt).toBeNull();
    } finally {
      ann.close();
      bob.close();
    }
  });
});
