/**
 * A user's totals (`users.stats_json`) when games end: two games of one user ending at the same
 * moment are both counted (the totals are read and written under a row lock, which matters on
 * PostgreSQL, where two connections write at once), and the score's parts add up to the score.
 */
import { describe, expect, test } from 'vitest';
import { emptyUserStats, userStatsFrom, type UserStats } from '../../src/engine/user-stats.js';
import { DATABASES, useServer } from './databases.js';
import { botSeats, endableGame, endTogether } from './endable-games.js';

describe('userStatsFrom', () => {
  test('totals stored before scoreFromResources existed get it: what the other parts leave of the score', () => {
    const old = { gamesPlayed: 2, score: 40, scoreFromCards: 25, scoreFromProphecies: 6, scoreFromTributes: 6, clashes: 3 };
    expect(userStatsFrom(JSON.stringify(old))).toEqual({ ...emptyUserStats(), ...old, scoreFromResources: 3 });
    expect(userStatsFrom(JSON.stringify({ ...old, scoreFromResources: 1 })).scoreFromResources).toBe(1);
  });

  test('totals stored before cardsDrafted existed count their cards of the three deities as drafted', () => {
    const old = { gamesPlayed: 1, cardCountByAffinity: { Derion: 2, Tyros: 1, Zeona: 3 }, cardCountByType: { Building: 6, Unit: 4, Event: 1 } };
    expect(userStatsFrom(JSON.stringify(old)).cardsDrafted).toBe(6);
    expect(userStatsFrom(JSON.stringify({ ...old, cardsDrafted: 7 })).cardsDrafted).toBe(7);
  });

  test('unreadable totals count as none', () => {
    expect(userStatsFrom('{not json')).toEqual(emptyUserStats());
    expect(userStatsFrom('null')).toEqual(emptyUserStats());
  });
});

const partsOf = (s: Pick<UserStats, 'scoreFromCards' | 'scoreFromProphecies' | 'scoreFromTributes' | 'scoreFromResources'>) =>
  s.scoreFromCards + s.scoreFromProphecies + s.scoreFromTributes + s.scoreFromResources;

describe.each(DATABASES)('game-end statistics on %s', (database) => {
  const suite = useServer(database);

  test('two games of one user ending at once are both counted', async () => {
    const { server } = suite();
    const { users, db } = server.app.services;
    const [shared, first, second] = await Promise.all(['Shared', 'First', 'Second'].map((name, i) => users.createGuest(name, `10.9.0.${i}`)));
    const games = [await endableGame(server, `g_stats_a_${database}`, botSeats([shared!.id, first!.id])), await endableGame(server, `g_stats_b_${database}`, botSeats([second!.id, shared!.id]))];

    // The first ending holds its transaction open while the second one runs: without the row lock,
    // the second would read the shared user's totals from before the first and write over them.
    expect(await endTogether(server, [games[0]!, games[1]!])).toEqual([true, true]);

    const totals = userStatsFrom((await users.get(shared!.id))!.stats_json);
    const played = games.map((g) => g.statsByPlayerID![shared!.id]!);
    expect(totals.gamesPlayed).toBe(2);
    expect(totals.gamesWon).toBe(played.filter((p) => p.won).length);
    expect(totals.score).toBe(played[0]!.score + played[1]!.score);
    expect(totals.clashes).toBe(played[0]!.clashes + played[1]!.clashes);
    // Drafted: gained from the trade row, so neither the leader nor the basic cards held.
    const drafted = games.map((g) => {
      const held = g.players.find((p) => p.userID === shared!.id)!.cardIDs;
      const basic = held.filter((id) => g.basicPile.includes(id) || g.cardsByID[id]!.affinity === 'Basic').length;
      return held.length - 1 - basic;
    });
    expect(drafted[0]).toBeGreaterThan(0);
    expect(totals.cardsDrafted).toBe(drafted[0]! + drafted[1]!);
    const seat = await db.kysely.selectFrom('game_players').select('stats_json').where('game_id', '=', games[0]!.id).where('user_id', '=', shared!.id).executeTakeFirstOrThrow();
    expect(JSON.parse(seat.stats_json!)).toEqual({ ...played[0], cardsDrafted: drafted[0] });
    expect(totals.score).toBeGreaterThan(0);
    expect(partsOf(totals)).toBe(totals.score);
    // Each other player has their one game.
    for (const user of [first!, second!]) expect(userStatsFrom((await users.get(user.id))!.stats_json).gamesPlayed).toBe(1);
  });

  test('the profile\'s statsJSON has scoreFromResources, its parts adding up to the score, old totals too', async () => {
    const { server } = suite();
    const { users, db } = server.app.services;
    const old = await users.createGuest('Old', '10.9.1.0');
    await db.kysely.updateTable('users').set({ stats_json: JSON.stringify({ gamesPlayed: 1, score: 20, scoreFromCards: 12, scoreFromProphecies: 3, scoreFromTributes: 3 }) }).where('id', '=', old.id).execute();
    const profile = JSON.parse(users.toPublicUser((await users.get(old.id))!).statsJSON) as UserStats;
    expect(profile).toMatchObject({ gamesPlayed: 1, score: 20, scoreFromResources: 2 });
    expect(partsOf(profile)).toBe(profile.score);
  });
});
