/**
 * Game history: games newest first; games with bots only when asked; one
 * user's games when asked. And the profile's recent games with each player's stats.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

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

export class HistoryService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: { includeBots: boolean; userID?: string | null; limit?: number }): Promise<GameHistoryItem[]> {
    let query = this.db.selectFrom('games').select(['id', 'start_timestamp', 'end_timestamp', 'seed_commitment']);
    if (!filter.includeBots) query = query.where('has_bots', '=', 0);
    if (filter.userID) {
      const userID = filter.userID;
      query = query.where('id', 'in', (eb) => eb.selectFrom('game_players').select('game_id').where('user_id', '=', userID));
    }
    const games = await query.orderBy('start_timestamp', 'desc').orderBy('id').limit(filter.limit ?? 200).execute();
    const seats = await this.seats(games.map((g) => g.id));
    return games.map((g) => ({
      id: g.id,
      players: seats.filter((s) => s.game_id === g.id).map((s) => ({ userID: s.user_id })),
      gameStartTimestamp: g.start_timestamp,
      gameEndTimestamp: g.end_timestamp,
      seedCommitment: g.seed_commitment,
    }));
  }

  /** A user's latest games, with every player's stats (the profile's recent games). */
  async recentGames(userID: string, limit = 5): Promise<GameSummary[]> {
    const games = await this.db
      .selectFrom('games')
      .select(['id', 'start_timestamp', 'end_timestamp', 'sequence_id'])
      .where('id', 'in', (eb) => eb.selectFrom('game_players').select('game_id').where('user_id', '=', userID))
      .orderBy('start_timestamp', 'desc')
      .limit(limit)
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

  private async seats(gameIDs: string[]) {
    if (gameIDs.length === 0) return [];
    return this.db.selectFrom('game_players').selectAll().where('game_id', 'in', gameIDs).orderBy('seat').execute();
  }
}
