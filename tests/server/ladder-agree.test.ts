/**
 * A ladder climber's run of rated games: a win, a loss, a tie, a game they left, games with bots
 * and one not rated (two accounts from one network address). After each, every place that shows
 * their rating says the same number (tRPC, REST, GraphQL, Your games, the leaderboard's "Your
 * place", the game's own changes), and each number is worked out here by hand from the documented
 * model (Weng-Lin Plackett-Luce with openskill's defaults, shown as round(1500 + 34 * (mu - 25)),
 * provisional while sigma is 5 or more, for at most 15 games), not by the server's functions.
 */
import { describe, expect, test } from 'vitest';
import botRatings from '../../src/server/ratings/bot-ratings.json' with { type: 'json' };
import type { Game } from '../../src/engine/index.js';
import { DATABASES, useServer } from './databases.js';
import { endableGame, saveEnd, withFavor, type EndableSeat } from './endable-games.js';
import { signInGuest, type Guest } from './support.js';

interface Skill {
  mu: number;
  sigma: number;
}

// openskill's defaults, as the protocol names them: mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001.
const BETA = 25 / 6;
const TAU = 25 / 300;
const KAPPA = 0.0001;
const shown = (s: Skill) => Math.round(1500 + 34 * (s.mu - 25));
/** Provisional until sigma falls below 5 or the 15th rated game, whichever comes first. */
const provisional = (s: Skill, games: number) => s.sigma >= 5 && games < 15;

/** One game by the Plackett-Luce update of Weng and Lin (2011), each seat a team of one; rank 1 first, equal ranks a tie. */
function plackettLuce(skills: readonly Skill[], ranks: readonly number[]): Skill[] {
  const s = skills.map((k) => ({ mu: k.mu, sigma: Math.sqrt(k.sigma * k.sigma + TAU * TAU) }));
  const c = Math.sqrt(s.reduce((sum, k) => sum + k.sigma * k.sigma + BETA * BETA, 0));
  const e = s.map((k) => Math.exp(k.mu / c));
  const sumQ = ranks.map((rq) => e.reduce((sum, ei, i) => (ranks[i]! >= rq ? sum + ei : sum), 0));
  const a = ranks.map((rq) => ranks.filter((r) => r === rq).length);
  return s.map((k, i) => {
    let omega = 0;
    let delta = 0;
    ranks.forEach((rq, q) => {
      if (rq > ranks[i]!) return;
      const p = e[i]! / sumQ[q]!;
      omega += (i === q ? 1 - p : -p) / a[q]!;
      delta += (p * (1 - p)) / a[q]!;
    });
    const v = k.sigma * k.sigma;
    const gamma = k.sigma / c;
    return { mu: k.mu + (v / c) * omega, sigma: k.sigma * Math.sqrt(Math.max(1 - (v / (c * c)) * delta * gamma, KAPPA)) };
  });
}

/** Ranks from favor: most first, equal favor sharing a rank. */
const ranksOf = (favor: readonly number[]) => favor.map((f) => 1 + [...new Set(favor)].filter((g) => g > f).length);

const bot = (kind: keyof typeof botRatings.kinds): Skill => botRatings.kinds[kind];

const HOME = '198.51.100.7';
const BOB_HOME = '203.0.113.5';
const CAT_HOME = '192.0.2.44';

describe.each(DATABASES)('a ladder climber on %s', (database) => {
  const suite = useServer(database, { config: { rateSharedAddresses: false, trustProxy: true } });

  test('every place shows the same rating after each game, and it is the documented arithmetic', async () => {
    const { server } = suite();
    const { db } = server.app.services;
    const ann = await signInGuest(server, 'Ann', { from: HOME });
    const bob = await signInGuest(server, 'Bob', { from: BOB_HOME });
    const cat = await signInGuest(server, 'Cat', { from: CAT_HOME });
    // Ann's second account, at her address: a game with it is not rated.
    const alt = await signInGuest(server, 'Alt', { from: HOME });
    const everyone: Guest[] = [ann, bob, cat, alt];
    try {
      const skills = new Map<string, Skill>([ann, bob, cat].map((g) => [g.userID, { mu: 25, sigma: 25 / 3 }]));
      const games = new Map<string, number>([ann, bob, cat].map((g) => [g.userID, 0]));
      /** Ann's expected change in each rated game, by game id. */
      const annChanges = new Map<string, { before: Skill; after: Skill; games: number }>();
      let n = 0;

      /** Plays one game to its end on the server, Ann's seat first, and works out what it should do. */
      async function play(seats: readonly EndableSeat[], favor: readonly number[], how: { left?: string; rated?: boolean } = {}): Promise<Game> {
        n += 1;
        const ended = withFavor(
          await endableGame(server, `g_ladder_${n}_${database}`, seats),
          Object.fromEntries(seats.map((s, i) => [s.userID, favor[i]!])),
        );
        if (how.left) {
          await db.kysely.insertInto('game_seats').values({ game_id: ended.id, user_id: how.left, decision_key: null, due_since: null, deadline: null, stand_in: 'left', left_at: 1 }).execute();
        }
        expect(await saveEnd(server, ended)).toBe(true);
        if (how.rated === false) return ended;
        const before = seats.map((s) => (s.bot ? bot(s.bot as keyof typeof botRatings.kinds) : skills.get(s.userID)!));
        const others = plackettLuce(before, ranksOf(favor));
        // The one who left: last, below everyone who stayed.
        const stayed = favor.filter((_, i) => seats[i]!.userID !== how.left);
        const leaverRanks = seats.map((s, i) => (s.userID === how.left ? [...new Set(stayed)].length + 1 : ranksOf(stayed)[stayed.indexOf(favor[i]!)]!));
        const forLeaver = plackettLuce(before, leaverRanks);
        seats.forEach((s, i) => {
          if (s.bot) return;
          let after = s.userID === how.left ? forLeaver[i]! : others[i]!;
          // Beating bots: no higher than the strongest bot's at the table (a person alone with bots here).
          const bots = seats.filter((b) => b.bot).map((b) => bot(b.bot as keyof typeof botRatings.kinds).mu);
          const people = seats.filter((p) => !p.bot).length;
          if (bots.length > 0 && people === 1) after = { mu: Math.min(after.mu, Math.max(before[i]!.mu, ...bots)), sigma: after.sigma };
          games.set(s.userID, games.get(s.userID)! + 1);
          if (s.userID === ann.userID) annChanges.set(ended.id, { before: before[i]!, after, games: games.get(s.userID)! });
          skills.set(s.userID, after);
        });
        return ended;
      }

      const people = (...ids: string[]): EndableSeat[] => ids.map((userID) => ({ userID, bot: null }));

      /** Everything Ann can read about her rating, checked against the arithmetic. */
      async function agree(): Promise<void> {
        const mine = skills.get(ann.userID)!;
        const expected = { rating: shown(mine), provisional: provisional(mine, games.get(ann.userID)!), games: games.get(ann.userID)! };
        const trpcRating = await ann.client.users.rating.query({ userID: ann.userID });
        expect(trpcRating.rating).toMatchObject(expected);
        expect(trpcRating.rating.mu).toBeCloseTo(mine.mu, 9);
        expect(trpcRating.rating.sigma).toBeCloseTo(mine.sigma, 9);
        const headers = { cookie: ann.cookie, 'x-forwarded-for': HOME };
        const rest = (await (await fetch(`${server.url}/api/user/${ann.userID}/rating`, { headers })).json()) as typeof trpcRating;
        expect(rest).toEqual(trpcRating);
        const query = new URLSearchParams({ query: '{ me { rating { rating provisional games mu sigma } } }' });
        const graph = (await (await fetch(`${server.url}/api/graphql?${query}`, { headers })).json()) as { data: { me: { rating: unknown } } };
        expect(graph.data.me.rating).toEqual(trpcRating.rating);
        expect((await bob.client.ratings.ofUsers.query({ userIDs: [ann.userID] }))[ann.userID]).toEqual({ rating: expected.rating, provisional: expected.provisional });
        // The history, oldest first, ends where the rating is, each game starting where the one before ended.
        const history = trpcRating.history;
        expect(history.map((h) => [h.gameID, h.before, h.after, h.provisionalBefore, h.provisional])).toEqual(
          [...annChanges].map(([gameID, c]) => [gameID, shown(c.before), shown(c.after), provisional(c.before, c.games - 1), provisional(c.after, c.games)]),
        );
        // Your games: each game's change as the history has it, none for the unrated one.
        const myGames = await ann.client.users.myGames.query({ limit: 50 });
        for (const g of myGames.games) {
          const c = annChanges.get(g.id);
          expect([g.id, g.ratingChange && [g.ratingChange.before, g.ratingChange.after, g.ratingChange.provisional]]).toEqual([
            g.id,
            c ? [shown(c.before), shown(c.after), provisional(c.after, c.games)] : null,
          ]);
          if (c) expect((await ann.client.ratings.ofGame.query({ gameID: g.id }))[ann.userID]).toMatchObject({ before: shown(c.before), after: shown(c.after) });
        }
        // The leaderboard: Ann's place in the list she is in, by mu among those rated.
        const board = await ann.client.ratings.leaderboard.query({ provisional: expected.provisional, offset: 0, limit: 25 });
        const list = [...skills].filter(([id, s]) => games.get(id)! > 0 && provisional(s, games.get(id)!) === expected.provisional);
        const place = 1 + list.filter(([, s]) => s.mu > mine.mu).length;
        expect(board.mine).toMatchObject({ userID: ann.userID, name: 'Ann', place, rating: expected.rating, provisional: expected.provisional, games: expected.games });
        expect(board.total).toBe(list.length);
        expect(board.rows.find((r) => r.userID === ann.userID)).toEqual(board.mine);
        const other = await ann.client.ratings.leaderboard.query({ provisional: !expected.provisional, offset: 0, limit: 25 });
        expect(other.mine).toBeNull();
      }

      // A win, a loss, a tie against Bob.
      await play(people(ann.userID, bob.userID), [40, 30]);
      await agree();
      await play(people(ann.userID, bob.userID), [25, 31]);
      await agree();
      await play(people(ann.userID, bob.userID, cat.userID), [33, 33, 20]);
      await agree();
      // Ann left a game she led: a loss to her, Bob and Cat rated against her seat's favor.
      await play(people(ann.userID, bob.userID, cat.userID), [50, 30, 20], { left: ann.userID });
      await agree();
      // Bob left: Ann and Cat rated against his seat as he played it.
      await play(people(ann.userID, cat.userID, bob.userID), [28, 22, 40], { left: bob.userID });
      await agree();
      // With bots: an Advanced Bot beaten, then an Easy Bot beaten (the ceiling holds her where she is).
      await play([{ userID: ann.userID, bot: null }, { userID: 'bot_adv', bot: 'basic_bot' }], [44, 30]);
      await agree();
      await play([{ userID: ann.userID, bot: null }, { userID: 'bot_easy', bot: 'easy_bot' }], [44, 30]);
      await agree();
      // With her own second account: not rated.
      const unrated = await play(people(ann.userID, alt.userID), [40, 10], { rated: false });
      expect(await ann.client.ratings.ofGame.query({ gameID: unrated.id })).toEqual({});
      expect(await ann.client.ratings.whyUnrated.query({ gameID: unrated.id })).toEqual({ reason: 'address' });
      await agree();
      // On to the end of provisional: the "?" goes exactly when sigma falls below 5.
      for (let i = 0; provisional(skills.get(ann.userID)!, games.get(ann.userID)!); i += 1) {
        await play(people(ann.userID, bob.userID, cat.userID), i % 3 === 0 ? [20, 30, 40] : i % 3 === 1 ? [40, 30, 20] : [30, 40, 20]);
        await agree();
      }
      expect(provisional(skills.get(ann.userID)!, games.get(ann.userID)!)).toBe(false);
    } finally {
      everyone.forEach((g) => g.close());
    }
  });
});
