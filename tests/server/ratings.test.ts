/**
 * Ratings when games end (services/ratings.ts): a finished game moves each person's rating once,
 * in the transaction that saves its end (a second save of the same end is refused and counts
 * nothing), bots stay at their fixed ratings, a person who let a stand-in make most of their
 * decisions places last, and two games of one person ending at once both count (the rows are read
 * under a lock on PostgreSQL). What clients see through tRPC.
 */
import { describe, expect, test } from 'vitest';
import { botSkill, displayRating, INITIAL_SKILL, rateGame, rateGameCapped } from '../../src/server/ratings/model.js';
import { forfeitsIn } from '../../src/shared/forfeit.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, endTogether, saveEnd } from './endable-games.js';
import { signInGuest, type Guest } from './support.js';

describe.each(DATABASES)('ratings on %s', (database) => {
  const suite = useServer(database);

  /** Ann and Bob signed in on the suite's server for `body`, closed after it whatever it did. */
  async function withAnnAndBob(body: (ann: Guest, bob: Guest) => Promise<void>): Promise<void> {
    const { server } = suite();
    const [ann, bob] = [await signInGuest(server, 'Ann'), await signInGuest(server, 'Bob')];
    try {
      await body(ann, bob);
    } finally {
      ann.close();
      bob.close();
    }
  }

  test('a finished game moves each person once, from the final order; bots keep theirs', async () => {
    const { server } = suite();
    await withAnnAndBob(async (ann, bob) => {
      const game = await endableGame(server, `g_rated_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: 'bot_easy', bot: 'easy_bot' },
        { userID: bob.userID, bot: null },
        { userID: 'bot_adv', bot: 'basic_bot' },
      ]);
      expect(await ann.client.users.rating.query({ userID: ann.userID })).toEqual({
        rating: { rating: 1500, provisional: true, games: 0, mu: INITIAL_SKILL.mu, sigma: INITIAL_SKILL.sigma },
        history: [],
    });
    expect(await saveEnd(server, game)).toBe(true);
    // The same end saved again (a second instance, a retry) loses the compare and swap: no second update.
    expect(await saveEnd(server, game)).toBe(false);

    const favor = (id: string) => game.statsByPlayerID![id]!.score;
    const results = rateGameCapped(
      game.players.map((p) => ({ skill: p.botType ? botSkill(p.botType) : INITIAL_SKILL, favor: favor(p.userID), forfeited: false, fixed: p.botType !== null })),
    );
    const expected = results.map((r) => r.skill);
    // Whether the ceiling on ratings won from bots held each change, as a rating (ratings-capped.test.ts).
    const cappedAt = (seat: number) => (results[seat]!.cappedAt === null ? null : displayRating({ mu: results[seat]!.cappedAt!, sigma: 0 }));
    const annAfter = expected[0]!;
    const mine = await ann.client.users.rating.query({ userID: ann.userID });
    expect(mine.rating).toMatchObject({ rating: displayRating(annAfter), provisional: true, games: 1 });
    expect(mine.rating.mu).toBeCloseTo(annAfter.mu, 9);
    expect(mine.history).toEqual([{ gameID: game.id, at: game.gameEndTimestamp, before: 1500, after: displayRating(annAfter), provisional: true, provisionalBefore: true }]);
    expect(await ann.client.ratings.ofGame.query({ gameID: game.id })).toEqual({
      [ann.userID]: { ...mine.history[0], cappedAt: cappedAt(0) },
      [bob.userID]: { gameID: game.id, at: game.gameEndTimestamp, before: 1500, after: displayRating(expected[2]!), provisional: true, provisionalBefore: true, cappedAt: cappedAt(2) },
    });

    const provisional = await bob.client.ratings.leaderboard.query({ provisional: true });
    expect(provisional.total).toBe(2);
    // Ranked by skill (mu): two shown ratings may round alike while their skills differ.
    // (Equal skills, from a shared place, are in the database's order of their ids.)
    const names = provisional.rows.map((r) => r.name);
    if (expected[0]!.mu === expected[2]!.mu) expect([...names].sort()).toEqual(['Ann', 'Bob']);
    else expect(names).toEqual(expected[0]!.mu > expected[2]!.mu ? ['Ann', 'Bob'] : ['Bob', 'Ann']);
    expect(provisional.mine).toMatchObject({ userID: bob.userID, name: 'Bob', rating: displayRating(expected[2]!), games: 1 });
    expect(await bob.client.ratings.leaderboard.query({ provisional: false })).toEqual({ rows: [], total: 0, mine: null });
    });
  });

  test('a person whose decisions a stand-in mostly made lost the game, whatever the seat scored', async () => {
    const { server } = suite();
    const { db } = server.app.services;
    await withAnnAndBob(async (ann, bob) => {
      const game = await endableGame(server, `g_stood_in_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: bob.userID, bot: null },
        { userID: 'bot_easy', bot: 'easy_bot' },
      ]);
      const favor = (id: string) => game.statsByPlayerID![id]!.score;
      // The one of the two who scored more (or either, on a tie) let the stand-in play: counted as
      // their own, that seat would place at least level with the other person.
      const [away, here] = favor(ann.userID) >= favor(bob.userID) ? [ann, bob] : [bob, ann];
      // The away seat's log: five of its eight decisions a stand-in's (nobody had the game open);
      // the other's: one of eight (its turn timer ran out once), which leaves the result its own.
      const decisions = [
        ...Array.from({ length: 8 }, (_, i) => ({ userID: away.userID, standIn: i < 5 ? 'no one connected' : null })),
        ...Array.from({ length: 8 }, (_, i) => ({ userID: here.userID, standIn: i < 1 ? 'turn timer' : null })),
      ];
      await db.kysely
        .insertInto('game_actions')
        .values(decisions.map((d, i) => ({ game_id: game.id, sequence_id: i + 1, user_id: d.userID, action_json: JSON.stringify({ type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }), at: i, stand_in: d.standIn })))
        .execute();
      expect(await saveEnd(server, game)).toBe(true);

      const expected = rateGame(
        game.players.map((p) => {
          const seat = { skill: p.botType ? botSkill(p.botType) : INITIAL_SKILL, favor: favor(p.userID), fixed: p.botType !== null };
          return p.userID === away.userID ? { ...seat, forfeited: true as const, playedAs: botSkill('basic_bot'), standIn: true } : { ...seat, forfeited: false as const };
        }),
      );
      const shown = (id: string) => displayRating(expected[game.players.findIndex((p) => p.userID === id)]!);
      const changes = await ann.client.ratings.ofGame.query({ gameID: game.id });
      expect(changes[away.userID]).toMatchObject({ before: 1500, after: shown(away.userID) });
      expect(changes[here.userID]).toMatchObject({ before: 1500, after: shown(here.userID) });
      expect(changes[away.userID]!.after).toBeLessThan(changes[here.userID]!.after);
      // The end-of-game view reads the same rule from the game's record, to say why.
      const record = await ann.client.replays.get.query({ gameID: game.id });
      expect([...forfeitsIn(record)]).toEqual([[away.userID, 'stood in']]);
      // Not a win in the away player's totals, however much favor the seat ended with.
      const won = async (who: typeof ann) => (JSON.parse((await who.client.session.me.query())!.statsJSON) as { gamesPlayed: number; gamesWon: number });
      expect(await won(away)).toMatchObject({ gamesPlayed: 1, gamesWon: 0 });
      expect((await won(here)).gamesPlayed).toBe(1);
      // Each one's list of games: the away seat says why it lost instead of a place; the others' results are their own.
      const seen = (await away.client.users.myGames.query({})).games[0]!.players;
      expect(seen.map((p) => [p.userID, p.forfeit])).toEqual(game.players.map((p) => [p.userID, p.userID === away.userID ? 'stood in' : null]));
      expect(seen.find((p) => p.userID === away.userID)!.won).toBe(false);
      // The win goes to the most favor among the others (the away seat scored at least as much as
      // the other person), in the seats' stats and in that person's totals.
      const topOfRest = Math.max(...game.players.filter((p) => p.userID !== away.userID).map((p) => favor(p.userID)));
      expect(seen.filter((p) => p.won).map((p) => p.userID)).toEqual(game.players.filter((p) => p.userID !== away.userID && favor(p.userID) === topOfRest).map((p) => p.userID));
      expect((await won(here)).gamesWon).toBe(favor(here.userID) === topOfRest ? 1 : 0);
    });
  });

  test('a person who left is not the winner, whatever the seat scored: the win goes to the best of the others', async () => {
    const { server } = suite();
    const { db } = server.app.services;
    await withAnnAndBob(async (ann, bob) => {
      const game = await endableGame(server, `g_left_top_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: bob.userID, bot: null },
      ]);
      const favor = (id: string) => game.statsByPlayerID![id]!.score;
      // The one who scored more (or either, on a tie: both won) left; a bot played the seat to the end.
      const [gone, stayed] = favor(ann.userID) >= favor(bob.userID) ? [ann, bob] : [bob, ann];
      expect(game.winnerIDs).toContain(gone.userID);
      await db.kysely.insertInto('game_seats').values({ game_id: game.id, user_id: gone.userID, decision_key: null, due_since: null, deadline: null, stand_in: 'left', left_at: 1 }).execute();
      expect(await saveEnd(server, game)).toBe(true);
      const seats = (await stayed.client.users.myGames.query({})).games[0]!.players;
      expect(seats.map((p) => [p.userID, p.won, p.forfeit])).toEqual(game.players.map((p) => [p.userID, p.userID === stayed.userID, p.userID === gone.userID ? 'left' : null]));
      const totals = async (who: typeof ann) => JSON.parse((await who.client.session.me.query())!.statsJSON) as { gamesPlayed: number; gamesWon: number };
      expect(await totals(stayed)).toMatchObject({ gamesPlayed: 1, gamesWon: 1 });
      expect(await totals(gone)).toMatchObject({ gamesPlayed: 1, gamesWon: 0 });
      // No decision of the seat was the stand-in's (it left at the very end): the one who stayed is
      // rated against the person who played it, not against the stand-in bot (the Advanced Bot's
      // fixed rating) that would have finished it.
      const skillOf = (id: string) => ({ skill: INITIAL_SKILL, favor: favor(id), fixed: false });
      const expected = rateGame(
        game.players.map((p) => (p.userID === gone.userID ? { ...skillOf(p.userID), forfeited: true as const, playedAs: INITIAL_SKILL, standIn: false } : { ...skillOf(p.userID), forfeited: false as const })),
      );
      const changes = await stayed.client.ratings.ofGame.query({ gameID: game.id });
      const at = (id: string) => game.players.findIndex((p) => p.userID === id);
      expect(changes[stayed.userID]!.after).toBe(displayRating(expected[at(stayed.userID)]!));
      expect(changes[gone.userID]!.after).toBe(displayRating(expected[at(gone.userID)]!));
    });
  });

  test("a game of people whose lobby had the turn timer off is not rated; alone with bots it is", async () => {
    // With the timer off nobody stands in for a player who has the game open and does nothing:
    // one player could hold the others until one left and took the loss.
    const { server } = suite();
    const { db } = server.app.services;
    await withAnnAndBob(async (ann, bob) => {
      const lobbyOf = (gameID: string) =>
        db.kysely
          .insertInto('lobbies')
          .values({ id: `l_${gameID}`, name: 'Timer', host_id: ann.userID, sequence_id: 1, options_json: '{}', modules_json: '[]', game_id: gameID, created_at: 0, updated_at: 0, turn_timer: 'off' })
          .execute();
      const untimed = await endableGame(server, `g_untimed_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: bob.userID, bot: null },
        { userID: 'bot_easy', bot: 'easy_bot' },
      ]);
      await lobbyOf(untimed.id);
      expect(await saveEnd(server, untimed)).toBe(true);
      expect(await ann.client.ratings.ofGame.query({ gameID: untimed.id })).toEqual({});
      expect(await ann.client.ratings.whyUnrated.query({ gameID: untimed.id })).toEqual({ reason: 'timer' });
      expect((await bob.client.users.rating.query({ userID: bob.userID })).rating.games).toBe(0);
      // Its stats still count: a game played, not a rated one.
      expect(JSON.parse((await ann.client.session.me.query())!.statsJSON)).toMatchObject({ gamesPlayed: 1 });

      const alone = await endableGame(server, `g_untimed_alone_${database}`, [
        { userID: ann.userID, bot: null },
        { userID: 'bot_easy', bot: 'easy_bot' },
      ]);
      await lobbyOf(alone.id);
      expect(await saveEnd(server, alone)).toBe(true);
      expect(Object.keys(await ann.client.ratings.ofGame.query({ gameID: alone.id }))).toEqual([ann.userID]);
      expect(await ann.client.ratings.whyUnrated.query({ gameID: alone.id })).toEqual({ reason: null });
    });
  });

  test('two games of one person ending at once both count', async () => {
    const { server } = suite();
    const { users, db } = server.app.services;
    const [shared, first, second] = await Promise.all(['Shared', 'First', 'Second'].map((name, i) => users.createGuest(name, `10.9.2.${i}`)));
    const seats = (other: string) => [
      { userID: shared!.id, bot: null },
      { userID: other, bot: null },
    ];
    const games = [await endableGame(server, `g_rate_a_${database}`, seats(first!.id)), await endableGame(server, `g_rate_b_${database}`, seats(second!.id))];
    // A rating row already there (as after earlier games): a first game's insert of the row would
    // itself make the second ending wait, and hide a missing lock.
    await db.kysely.insertInto('ratings').values({ user_id: shared!.id, mu: INITIAL_SKILL.mu, sigma: INITIAL_SKILL.sigma, games: 0, updated_at: 0 }).execute();

    // The first ending holds its transaction open while the second runs: the second waits and
    // starts from the first's rating. (On PostgreSQL the users' row, updated earlier in the same
    // transaction, already makes it wait: this passes even without the rating row's lock, which
    // tests/server-robustness/rating-instances.test.ts proves on its own.)
    expect(await endTogether(server, [games[0]!, games[1]!])).toEqual([true, true]);

    const rows = await db.kysely.selectFrom('rating_history').selectAll().where('user_id', '=', shared!.id).orderBy('at').orderBy('game_id').execute();
    expect(rows.map((r) => r.game_id).sort()).toEqual([games[0]!.id, games[1]!.id].sort());
    // One after the other: whichever was rated second started from where the first left the rating.
    const [a, b] = rows[0]!.mu_after === rows[1]!.mu_before ? [rows[0]!, rows[1]!] : [rows[1]!, rows[0]!];
    expect(a.mu_before).toBe(INITIAL_SKILL.mu);
    expect(b.mu_before).toBe(a.mu_after);
    const stored = await db.kysely.selectFrom('ratings').selectAll().where('user_id', '=', shared!.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ games: 2, mu: b.mu_after, sigma: b.sigma_after });
  });
});
