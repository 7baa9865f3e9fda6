/**
 * Ratings in the database: a person's rating moves at the end of every game they played with at
 * least one person in it (this one), inside the transaction that saves the game's end, so a game
 * is rated exactly once or not at all. The model is in ratings/model.ts; bots have fixed ratings
 * and no rows.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Game } from '../../engine/index.js';
import type { BotType } from '../../engine/index.js';
import type { Forfeit } from '../../shared/forfeit.js';
import type { Dialect } from '../db/database.js';
import { turnTimerIsOn } from './attendance.js';
import { STAND_IN_BOT } from './stand-in.js';
import { addressTags, shareAnAddress } from './shared-addresses.js';
import type { Database } from '../db/schema.js';
import { botSkill, displayRating, INITIAL_SKILL, isProvisional, PROVISIONAL_GAMES, PROVISIONAL_SIGMA, rateGameCapped, type Skill } from '../ratings/model.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Why a finished game of people moved no rating: its lobby's turn timer was off ('timer'), or two
 * of its people signed in or played from one network address ('address'). Stored with the game's end.
 */
export type UnratedReason = 'timer' | 'address';

/** A rating as clients see it. */
export interface PublicRating {
  /** The number shown (1500 for a new player). */
  rating: number;
  /** Shown with a "?": too few games for the number to mean much yet. */
  provisional: boolean;
  /** Rated games played; a bot's rating is fixed and counts none. */
  games: number;
  /** The model's belief: mean and standard deviation of the skill (openskill's mu and sigma). */
  mu: number;
  sigma: number;
}

export function publicRating(skill: Skill, games: number): PublicRating {
  return { rating: displayRating(skill), provisional: isProvisional(skill, games), games, mu: skill.mu, sigma: skill.sigma };
}

/**
 * Rates a finished game in the caller's transaction (the one that saves its end). `forfeited` holds
 * the people who left it or let a stand-in make most of their decisions (game-store.ts): they
 * count as last. `botPlayed`, those whose seat the stand-in mostly played: the others are rated
 * against the stand-in for those seats, and against the player for the rest. On PostgreSQL the rows are created if missing and then read with a row lock
 * (SELECT ... FOR UPDATE), in user id order, so when two games of one person end at once on two
 * instances the second waits and reads what the first wrote: both count. (game-store.ts has
 * already locked the same users' rows in the same order, so this adds no new way to deadlock.)
 * SQLite has one writer at a time.
 */
export async function recordRatings(
  trx: Transaction<Database>,
  dialect: Dialect,
  game: Game,
  forfeited: ReadonlyMap<string, Forfeit>,
  botPlayed: ReadonlySet<string>,
): Promise<void> {
  const people = [...new Set(game.players.filter((p) => p.botType === null).map((p) => p.userID))].sort();
  if (people.length === 0) return;
  const at = game.gameEndTimestamp ?? game.updateTimestamp;
  const unrated = await unratedReason(trx, game, people, at);
  if (unrated !== null) {
    await trx.updateTable('games').set({ unrated }).where('id', '=', game.id).execute();
    return;
  }
  await trx
    .insertInto('ratings')
    .values(people.map((user_id) => ({ user_id, mu: INITIAL_SKILL.mu, sigma: INITIAL_SKILL.sigma, games: 0, updated_at: at })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const read = trx.selectFrom('ratings').selectAll().where('user_id', 'in', people).orderBy('user_id');
  const rows = new Map((await (dialect === 'postgres' ? read.forUpdate() : read).execute()).map((r) => [r.user_id, r]));
  const stats = game.statsByPlayerID!;
  const seats = game.players.map((p) => {
    const row = rows.get(p.userID);
    const skill = p.botType !== null ? botSkill(p.botType) : { mu: row!.mu, sigma: row!.sigma };
    const seat = { skill, favor: stats[p.userID]!.score, fixed: p.botType !== null };
    if (!forfeited.has(p.userID)) return { ...seat, forfeited: false as const };
    const standIn = botPlayed.has(p.userID);
    return { ...seat, forfeited: true as const, playedAs: standIn ? botSkill(STAND_IN_BOT) : skill, standIn };
  });
  const after = rateGameCapped(seats);
  const done = new Set<string>();
  for (const [seat, p] of game.players.entries()) {
    if (p.botType !== null || done.has(p.userID)) continue;
    done.add(p.userID);
    const row = rows.get(p.userID)!;
    const { skill: next, cappedAt } = after[seat]!;
    // The change's time, later than the person's change before it: the history is read in this
    // order, and two games ending at once (in one millisecond, or the later rated first) listed by
    // their ends went 1500 -> 1520 after 1520 -> 1510, the line ending away from the rating shown.
    const changedAt = row.games > 0 ? Math.max(at, Number(row.updated_at) + 1) : at;
    await trx.updateTable('ratings').set({ mu: next.mu, sigma: next.sigma, games: row.games + 1, updated_at: changedAt }).where('user_id', '=', p.userID).execute();
    await trx
      .insertInto('rating_history')
      .values({ user_id: p.userID, game_id: game.id, mu_before: row.mu, sigma_before: row.sigma, mu_after: next.mu, sigma_after: next.sigma, at: changedAt, capped_mu: cappedAt, games_after: row.games + 1 })
      .execute();
  }
}

/**
 * Why a finished game of people moves no rating, or null when it moves them. Not when it seated two
 * people or more and:
 * - its lobby had the turn timer off. Nobody stands in for a player who has the game open and
 *   does nothing, so one player could hold the others for ever, until one of them left and took
 *   the loss (a security review's staller froze a game 45 s, four turn timers, then gained 90
 *   points when the other gave up). Unrated, holding a game wins nothing.
 * - two of its people signed in or played from one address (shared-addresses.ts): one person's own
 *   accounts losing to each other.
 * A game alone with bots (where "auto" is off) stays rated: the only one kept waiting is the player.
 */
async function unratedReason(trx: Transaction<Database>, game: Game, people: readonly string[], at: number): Promise<UnratedReason | null> {
  if (people.length < 2) return null;
  if (shareAnAddress(await addressTags(trx, people, at), people)) return 'address';
  const lobby = await trx.selectFrom('lobbies').select('turn_timer').where('game_id', '=', game.id).executeTakeFirst();
  return lobby === undefined || turnTimerIsOn(lobby.turn_timer, game) ? null : 'timer';
}

/**
 * Why a finished game moved no rating ('timer', 'address'), or null: rated, with bots alone,
 * unfinished, or unknown. 'address' is told to the game's own players only, as the lobby told
 * them alone before the game (lobbies.ts `sharedAddress`): to anyone else it named which accounts
 * share a home, an office or a campus, in every past game.
 */
export async function unratedReasonOf(db: Executor, gameID: string, askerID: string): Promise<UnratedReason | null> {
  const row = await db.selectFrom('games').select('unrated').where('id', '=', gameID).executeTakeFirst();
  if (row?.unrated === 'timer') return 'timer';
  if (row?.unrated !== 'address') return null;
  const seat = await db.selectFrom('game_players').select('user_id').where('game_id', '=', gameID).where('user_id', '=', askerID).executeTakeFirst();
  return seat ? 'address' : null;
}

/** A user's rating: a bot's fixed one, a person's stored one, or a new person's starting one. */
export async function ratingOf(db: Executor, user: { id: string; bot_type: string | null }): Promise<PublicRating> {
  return (await ratingsOf(db, [user])).get(user.id)!;
}

export async function ratingsOf(db: Executor, users: readonly { id: string; bot_type: string | null }[]): Promise<Map<string, PublicRating>> {
  const people = users.filter((u) => u.bot_type === null).map((u) => u.id);
  const rows = people.length === 0 ? [] : await db.selectFrom('ratings').selectAll().where('user_id', 'in', people).execute();
  const stored = new Map(rows.map((r) => [r.user_id, publicRating(r, r.games)]));
  return new Map(
    users.map((u) => [u.id, u.bot_type !== null ? publicRating(botSkill(u.bot_type as BotType), 0) : (stored.get(u.id) ?? publicRating(INITIAL_SKILL, 0))]),
  );
}

/**
 * One game's change of a rating, as shown: the rating before and after, and whether each was still
 * provisional (a new player's first game reads "1500? → 1512?", not "1500 → 1512?").
 */
export interface RatingChange {
  gameID: string;
  at: number;
  before: number;
  after: number;
  provisional: boolean;
  provisionalBefore: boolean;
}

/** A person's rating after each of their rated games, oldest first (the latest `limit`). */
export async function ratingHistory(db: Executor, userID: string, limit: number): Promise<RatingChange[]> {
  const rows = await db.selectFrom('rating_history').selectAll().where('user_id', '=', userID).orderBy('at', 'desc').orderBy('game_id', 'desc').limit(limit).execute();
  return rows.reverse().map(changeOf);
}

/**
 * A person's change in one game, and whether the ceiling on ratings won from bots held it.
 */
export interface GameRatingChange extends RatingChange {
  /**
   * The ceiling as a rating (ratings/model.ts `botCeilings`: the strongest bot's at the table, or
   * what the game of the people alone would give, the higher) when it held this change: the game
   * would have taken the rating higher, and it stopped there or stayed where it was above it.
   * Null when it did not hold it, and for games rated before it was kept.
   */
  cappedAt: number | null;
}

/** Each person's change in one game, by user id (none for a game not rated). */
export async function gameRatingChanges(db: Executor, gameID: string): Promise<Record<string, GameRatingChange>> {
  const rows = await db.selectFrom('rating_history').selectAll().where('game_id', '=', gameID).execute();
  return Object.fromEntries(
    rows.map((r) => [
      r.user_id,
      {
        ...changeOf(r),
        cappedAt: r.capped_mu === null ? null : displayRating({ mu: r.capped_mu, sigma: 0 }),
      },
    ]),
  );
}

function changeOf(r: { game_id: string; at: number; mu_before: number; sigma_before: number; mu_after: number; sigma_after: number; games_after: number }): RatingChange {
  const before = { mu: r.mu_before, sigma: r.sigma_before };
  const after = { mu: r.mu_after, sigma: r.sigma_after };
  const games = Number(r.games_after);
  return {
    gameID: r.game_id,
    at: Number(r.at),
    before: displayRating(before),
    after: displayRating(after),
    provisional: isProvisional(after, games),
    provisionalBefore: isProvisional(before, games - 1),
  };
}

export interface LeaderboardRow extends PublicRating {
  place: number;
  userID: string;
  name: string;
}

export interface LeaderboardPage {
  rows: LeaderboardRow[];
  total: number;
  /** The viewer's own row in this list (whatever the page), if they are in it. */
  mine: LeaderboardRow | null;
}

/**
 * Rows a leaderboard page skips for each more of the address's requests it counts as. The walk to
 * a page is through the index's entries before it: with 100,000 rated people a page at offset
 * 99,900 cost 10.5 ms against 5.4 ms for the first (most of that the list's count), and a burst of
 * 600 deep pages held another person's request 3.1 s (measured 2026-12-01). A person paging by
 * 25 at a time is never near this; a script asking for the last page again and again pays by the
 * depth.
 */
export const LEADERBOARD_ROWS_PER_REQUEST = 20_000;
export const leaderboardRequests = (offset: number): number => 1 + Math.floor(offset / LEADERBOARD_ROWS_PER_REQUEST);
export const leaderboardTooDeep = (limit: number) =>
  `Too many requests from your address: a leaderboard page counts as one more of the ${limit} requests allowed in 10 seconds for each ${LEADERBOARD_ROWS_PER_REQUEST.toLocaleString('en-US')} places it skips. Wait a moment.`;

/**
 * People by rating, highest first: the settled ones, or apart the provisional ones (whose number
 * means little yet). Equal mu share a place.
 *
 * Each list has an index of its own rows in its order (migration 030): its conditions are written
 * here as literals, as the index's are, so both databases use it. A page walks the index and reads
 * the names of its rows alone; the total and a place count index entries. Joined with every
 * account and sorted whole, one page cost 40 to 120 ms of SQLite's time (on the event loop) with
 * 100,000 rated people. Every rated person has an account: ratings are a person's, and people are
 * never deleted.
 */
export async function leaderboard(db: Executor, options: { provisional: boolean; offset: number; limit: number; viewerID: string | null }): Promise<LeaderboardPage> {
  const inList = options.provisional
    ? sql<boolean>`games > 0 and sigma >= ${sql.lit(PROVISIONAL_SIGMA)} and games < ${sql.lit(PROVISIONAL_GAMES)}`
    : sql<boolean>`games > 0 and (sigma < ${sql.lit(PROVISIONAL_SIGMA)} or games >= ${sql.lit(PROVISIONAL_GAMES)})`;
  const base = db.selectFrom('ratings').where(inList);
  const count = async (above?: number) =>
    Number((await (above === undefined ? base : base.where('mu', '>', above)).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const total = await count();
  const rows = await base
    .select(['user_id', 'mu', 'sigma', 'games'])
    .orderBy('mu', 'desc')
    .orderBy('games', 'desc')
    .orderBy('user_id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  const mineRating = options.viewerID ? await base.select(['user_id', 'mu', 'sigma', 'games']).where('user_id', '=', options.viewerID).executeTakeFirst() : undefined;
  const ids = [...rows.map((r) => r.user_id), ...(mineRating ? [mineRating.user_id] : [])];
  const names = new Map(
    ids.length === 0 ? [] : (await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()).map((u) => [u.id, u.name] as const),
  );
  const placeOf = async (mu: number) => (await count(mu)) + 1;
  type Stored = { user_id: string; mu: number; sigma: number; games: number };
  const toRow = (r: Stored, place: number): LeaderboardRow => ({ place, userID: r.user_id, name: names.get(r.user_id) ?? '', ...publicRating(r, r.games) });
  const first = rows.length > 0 ? await placeOf(rows[0]!.mu) : 0;
  const page: LeaderboardRow[] = [];
  for (const [i, r] of rows.entries()) page.push(toRow(r, i > 0 && r.mu === rows[i - 1]!.mu ? page[i - 1]!.place : first + i));
  return { rows: page, total, mine: mineRating ? toRow(mineRating, await placeOf(mineRating.mu)) : null };
}


/** A rating as shown beside a name: the number and whether it is provisional ("?"). */
export interface ShownRating {
  rating: number;
  provisional: boolean;
}

/**
 * Many users' ratings at once, by user id, for lists that show a rating beside each name (lobbies,
 * the lobby list, the game screen): one read of the users and one of their ratings, however many
 * names. Ids the server does not know are absent.
 */
export async function shownRatingsOf(db: Executor, userIDs: readonly string[]): Promise<Record<string, ShownRating>> {
  const ids = [...new Set(userIDs)];
  if (ids.length === 0) return {};
  const users = await db.selectFrom('users').select(['id', 'bot_type']).where('id', 'in', ids).execute();
  const ratings = await ratingsOf(db, users);
  return Object.fromEntries([...ratings].map(([id, r]) => [id, { rating: r.rating, provisional: r.provisional }]));
}

/** One person's change in each of the given games, by game id (absent: not rated, or not over). */
export async function userRatingChanges(db: Executor, userID: string, gameIDs: readonly string[]): Promise<Map<string, RatingChange>> {
  if (gameIDs.length === 0) return new Map();
  const rows = await db.selectFrom('rating_history').selectAll().where('user_id', '=', userID).where('game_id', 'in', [...gameIDs]).execute();
  return new Map(rows.map((r) => [r.game_id, changeOf(r)]));
}
