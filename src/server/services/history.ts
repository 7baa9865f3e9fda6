/**
 * Game history: games newest first; games with bots only when asked; one
 * user's games when asked. And the profile's recent games with each player's stats.
 */
import { sql, type Kysely } from 'kysely';
import type { Forfeit } from '../../shared/forfeit.js';
import type { Database } from '../db/schema.js';
import { userRatingChanges, type RatingChange } from './ratings.js';
import { groupBy } from './group-by.js';
import { recordedSeat } from './recorded-forfeits.js';

export interface GameHistoryItem {
  id: string;
  players: { userID: string }[];
  gameStartTimestamp: number;
  gameEndTimestamp: number | null;
  /** SHA-256 of the game's secret seed, revealed when it ends (null for games from before). */
  seedCommitment: string | null;
}

export interface GameSummary {
  id: string;
  startTimestamp: number;
  endTimestamp: number | null;
  sequenceID: number;
  players: { userID: string; botType: string | null; gameStatsJSON: string | null }[];
}

/** One game in a player's own list ("Your games"). */
export interface MyGame {
  id: string;
  startTimestamp: number;
  /** Null while the game runs. */
  endTimestamp: number | null;
  /**
   * Every seat in order, with its final favor and whether it won (both null while the game runs),
   * and why its game counted as a loss whatever it scored (null if it did not, or the game ended
   * before this was recorded).
   */
  players: { userID: string; botType: string | null; favor: number | null; won: boolean | null; forfeit: Forfeit | null }[];
  /** How this game moved the player's rating; null while it runs, and for a game that was not rated. */
  ratingChange: RatingChange | null;
  /** Whether the player left it: a running game a bot now plays their seat of, to the end. */
  left: boolean;
}

export interface MyGamesPage {
  games: MyGame[];
  /** All of the player's games, for paging. */
  total: number;
}

export class HistoryService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: { includeBots: boolean; userID?: string | null; limit?: number }): Promise<GameHistoryItem[]> {
    const limit = filter.limit ?? 200;
    let games: { id: string; start_timestamp: number; end_timestamp: number | null; seed_commitment: string | null }[];
    if (filter.userID) {
      games = await this.db
        .selectFrom(this.newestOf(filter.userID, { idOrder: 'asc', withoutBots: !filter.includeBots, limit }))
        .innerJoin('games', 'games.id', 'mine.game_id')
        .select(['games.id', 'games.start_timestamp', 'games.end_timestamp', 'games.seed_commitment'])
        .orderBy('mine.start_timestamp', 'desc')
        .orderBy('mine.game_id')
        .execute();
    } else {
      let query = this.db.selectFrom('games').select(['id', 'start_timestamp', 'end_timestamp', 'seed_commitment']);
      if (!filter.includeBots) query = query.where('has_bots', '=', 0);
      games = await query.orderBy('start_timestamp', 'desc').orderBy('id').limit(limit).execute();
    }
    const players = await this.playersOf(games.map((g) => g.id));
    return games.map((g) => ({
      id: g.id,
      players: players.get(g.id) ?? [],
      gameStartTimestamp: g.start_timestamp,
      gameEndTimestamp: g.end_timestamp,
      seedCommitment: g.seed_commitment,
    }));
  }

  /** A user's latest games (by start, then id), with every player's stats (the profile's recent games). */
  async recentGames(userID: string, limit = 5): Promise<GameSummary[]> {
    const games = await this.db
      .selectFrom(this.newestOf(userID, { idOrder: 'desc', limit }))
      .innerJoin('games', 'games.id', 'mine.game_id')
      .select(['games.id', 'games.start_timestamp', 'games.end_timestamp', 'games.sequence_id'])
      .orderBy('mine.start_timestamp', 'desc')
      .orderBy('mine.game_id', 'desc')
      .execute();
    const seats = await this.seats(games.map((g) => g.id));
    return games.map((g) => ({
      id: g.id,
      startTimestamp: g.start_timestamp,
      endTimestamp: g.end_timestamp,
      sequenceID: g.sequence_id,
      players: seats.filter((s) => s.game_id === g.id).map((s) => ({ userID: s.user_id, botType: s.bot_type, gameStatsJSON: s.stats_json })),
    }));
  }

  /**
   * A player's own games, finished and running, newest first (by start, then id), a page at a time,
   * with each seat's result, the player's rating change and whether they left it: five reads,
   * whatever the page size.
   */
  async myGames(userID: string, page: { offset: number; limit: number }): Promise<MyGamesPage> {
    // A person has one seat a game (the engine seats each player once): their seats count their
    // games, from the index alone.
    const { total } = await this.db
      .selectFrom('game_players')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('user_id', '=', userID)
      .executeTakeFirstOrThrow();
    const games = await this.db
      .selectFrom(this.newestOf(userID, { idOrder: 'desc', ...page }))
      .innerJoin('games', 'games.id', 'mine.game_id')
      .select(['games.id', 'games.start_timestamp', 'games.end_timestamp'])
      .orderBy('mine.start_timestamp', 'desc')
      .orderBy('mine.game_id', 'desc')
      .execute();
    const ids = games.map((g) => g.id);
    const seats = await this.seats(ids);
    const changes = await userRatingChanges(this.db, userID, ids);
    const left =
      ids.length === 0
        ? new Set<string>()
        : new Set((await this.db.selectFrom('game_seats').select('game_id').where('game_id', 'in', ids).where('user_id', '=', userID).where('left_at', 'is not', null).execute()).map((r) => r.game_id));
    return {
      total: Number(total),
      games: games.map((g) => ({
        id: g.id,
        startTimestamp: Number(g.start_timestamp),
        endTimestamp: g.end_timestamp === null ? null : Number(g.end_timestamp),
        players: seats
          .filter((s) => s.game_id === g.id)
          .map((s) => {
            const seat = g.end_timestamp === null || s.stats_json === null ? null : recordedSeat(s.stats_json);
            return { userID: s.user_id, botType: s.bot_type, favor: seat?.favor ?? null, won: seat?.won ?? null, forfeit: seat?.forfeit ?? null };
          }),
        ratingChange: changes.get(g.id) ?? null,
        left: left.has(g.id),
      })),
    };
  }

  /**
   * A person's games, newest first (by start, then id in `idOrder`), as a table named `mine` to
   * join `games` to. Their seats carry each game's start and bots, so the page comes straight from
   * an index of the seats in that order: only the games asked for are read, not every game the
   * person played (an offset's games are skipped in the index, not read). The caller orders by the
   * same columns of `mine`, which both databases see already come in that order: nothing is sorted.
   */
  private newestOf(userID: string, page: { idOrder: 'asc' | 'desc'; limit: number; offset?: number; withoutBots?: boolean }) {
    let seats = this.db.selectFrom('game_players').select(['game_id', 'start_timestamp']).where('user_id', '=', userID);
    // Written out, not a parameter: only then may the index of the seats in games without bots serve it.
    if (page.withoutBots) seats = seats.where('has_bots', '=', sql.lit(0));
    seats = seats.orderBy('start_timestamp', 'desc').orderBy('game_id', page.idOrder).limit(page.limit);
    return (page.offset ? seats.offset(page.offset) : seats).as('mine');
  }

  /**
   * Each game's players in seat order, by game: only their ids, walked in the key's own order. A
   * list of 200 eight-seat games read every seat whole (each finished one's stats, 300 bytes of
   * JSON), sorted them anew and searched the 1,600 of them once per game: 12 ms of CPU a request.
   */
  private async playersOf(gameIDs: string[]): Promise<Map<string, { userID: string }[]>> {
    if (gameIDs.length === 0) return new Map();
    const rows = await this.db.selectFrom('game_players').select(['game_id', 'user_id']).where('game_id', 'in', gameIDs).orderBy('game_id').orderBy('seat').execute();
    return new Map([...groupBy(rows, (row) => row.game_id)].map(([gameID, seats]) => [gameID, seats.map((row) => ({ userID: row.user_id }))]));
  }

  private async seats(gameIDs: string[]) {
    if (gameIDs.length === 0) return [];
    return this.db.selectFrom('game_players').selectAll().where('game_id', 'in', gameIDs).orderBy('seat').execute();
  }
}
