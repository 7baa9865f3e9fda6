/**
 * The procedures behind ratings beside names and "Your games": `ratings.ofUsers` gives many
 * users' shown ratings in one call (people, bots, the unknown left out), and `users.myGames` the
 * caller's own games, finished and running, newest first, a page at a time, with each seat's
 * result and the caller's rating change.
 */
import { describe, expect, test } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { botSkill, displayRating, isProvisional } from '../../src/server/ratings/model.js';
import { insertGame, saveStep } from '../../src/server/services/game-store.js';
import { DATABASES, useServer } from './databases.js';
import { signInGuest, type Server } from './support.js';

/** A game of `userID` against the bot `botID`, played to its end by bots in memory and stored; its end saved (rated) unless `running`. */
async function storedGame(server: Server, id: string, userID: string, botID: string, running: boolean): Promise<Game> {
  const { games, db } = server.app.services;
  const { game: played } = games.prepare({ id, lobbyID: null, players: [{ userID, botType: 'easy_bot' }, { userID: botID, botType: 'easy_bot' }], options: {}, modules: [] });
  const game: Game = { ...played, players: played.players.map((p) => ({ ...p, botType: p.userID === userID ? null : p.botType })) };
  await insertGame(db.kysely, { ...game, sequenceID: game.sequenceID - 1, gameEndTimestamp: null, statsByPlayerID: null }, null);
  if (!running) expect(await db.kysely.transaction().execute((trx) => saveStep(trx, db.dialect, game, game.sequenceID - 1, [], []))).toBe(true);
  // Distinct times (milliseconds) for the next game: newest first is well defined.
  await new Promise((resolve) => setTimeout(resolve, 3));
  return game;
}

describe.each(DATABASES)('ratings beside names and "Your games" on %s', (database) => {
  const suite = useServer(database);

  test('ratings.ofUsers: many at once; users.myGames: newest first, paged, results and rating changes', async () => {
    const { server } = suite();
    const ann = await signInGuest(server, 'Ann');
    const bob = await signInGuest(server, 'Bob');
    try {
      const { id: lobbyID } = await ann.client.lobbies.create.mutate();
      await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const botID = (await ann.client.lobbies.get.query({ lobbyID })).playerIDToBotType[0]![0];
      const games: Game[] = [];
      for (let i = 0; i < 5; i++) games.push(await storedGame(server, `g_my_${database}_${i}`, ann.userID, botID, i === 4));

      const ratings = await bob.client.ratings.ofUsers.query({ userIDs: [ann.userID, bob.userID, botID, 'u_nobody', ann.userID] });
      const annNow = await ann.client.users.rating.query({ userID: ann.userID });
      expect(ratings).toEqual({
        [ann.userID]: { rating: annNow.rating.rating, provisional: annNow.rating.provisional },
        [bob.userID]: { rating: 1500, provisional: true },
        [botID]: { rating: displayRating(botSkill('easy_bot')), provisional: isProvisional(botSkill('easy_bot'), 0) },
      });
      expect(annNow.rating.games).toBe(4);
      await expect(bob.client.ratings.ofUsers.query({ userIDs: Array.from({ length: 201 }, (_, i) => `u_${i}`) })).rejects.toThrow();

      const first = await ann.client.users.myGames.query({ offset: 0, limit: 2 });
      expect(first.total).toBe(5);
      expect(first.games.map((g) => g.id)).toEqual([games[4]!.id, games[3]!.id]);
      const [running, finished] = first.games;
      expect(running).toMatchObject({ endTimestamp: null, ratingChange: null });
      expect(running!.players.map((p) => [p.userID, p.favor, p.won])).toEqual([
        [ann.userID, null, null],
        [botID, null, null],
      ]);
      const stats = games[3]!.statsByPlayerID!;
      expect(finished!.endTimestamp).toBe(games[3]!.gameEndTimestamp);
      expect(finished!.players).toEqual([
        { userID: ann.userID, botType: null, favor: stats[ann.userID]!.score, won: stats[ann.userID]!.won, forfeit: null },
        { userID: botID, botType: 'easy_bot', favor: stats[botID]!.score, won: stats[botID]!.won, forfeit: null },
      ]);
      const changes = await ann.client.ratings.ofGame.query({ gameID: games[3]!.id });
      // The same change the game's own list gives (which adds whether the ceiling on ratings won
      // from bots held it).
      const { cappedAt: _capped, ...change } = changes[ann.userID]!;
      expect(finished!.ratingChange).toEqual(change);
      expect(first.users.map((u) => u.name).sort()).toEqual(['Ann', 'Easy Bot 1'].sort());

      const last = await ann.client.users.myGames.query({ offset: 4, limit: 2 });
      expect(last.games.map((g) => g.id)).toEqual([games[0]!.id]);
      // Someone else's list holds only their games.
      expect(await bob.client.users.myGames.query({})).toEqual({ games: [], total: 0, users: [] });
    } finally {
      ann.close();
      bob.close();
    }
  });
});
