/**
 * The database, as kysely sees it: one interface per table, the same on SQLite and PostgreSQL.
 * Booleans are 0/1 integers, JSON is text and times are milliseconds since the epoch, so one set
 * of migrations serves both.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TurnPace, TurnTimerSetting } from '../services/attendance.js';
import type { UnratedReason } from '../services/ratings.js';

export interface UsersTable {
  id: string;
  name: string;
  /** guest, discord, google or bot */
  provider: string;
  provider_id: string | null;
  profile_picture_url: string | null;
  subtitle: string | null;
  is_dev: number;
  can_change_name: number;
  bot_type: string | null;
  stats_json: string;
  created_at: number;
}

export interface SessionsTable {
  /** The SHA-256 of the session token: a leaked table does not leak sessions. */
  id: string;
  user_id: string;
  expires_at: number;
}

export interface LobbiesTable {
  id: string;
  name: string;
  host_id: string;
  sequence_id: number;
  options_json: string;
  modules_json: string;
  game_id: string | null;
  created_at: number;
  /** When the lobby last changed, or was last seen open by one of its people (idle-lobbies.ts). */
  updated_at: number;
  turn_timer: ColumnType<TurnTimerSetting, TurnTimerSetting | undefined, TurnTimerSetting>;
  /** How long each decision may take while the turn timer is on: 'fast', 'normal' or 'slow'. */
  turn_pace: ColumnType<TurnPace, TurnPace | undefined, TurnPace>;
  /** "Show odds to players": 1 when the seated players of its game see the live odds too. */
  show_odds: ColumnType<number, number | undefined, number>;
  /** The server's secret for the seed of the lobby's game, 64 hex digits (null: a lobby whose game started before). */
  seed_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Which of its host's open lobbies this is, named so from the second on ("Ann's lobby #2"): the
   * smallest number none of the host's other open lobbies has, given when it opens or changes host.
   */
  name_number: ColumnType<number, number | undefined, number>;
}

export interface LobbyPlayersTable {
  lobby_id: string;
  seat: number;
  user_id: string;
  bot_type: string | null;
  /** The value its person gave for the seed (null: none yet; always for a bot). */
  seed_value: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GamesTable {
  id: string;
  lobby_id: string | null;
  /** The game without its card set and event log (they live beside it). */
  state_json: string;
  sequence_id: number;
  has_bots: number;
  start_timestamp: number;
  end_timestamp: number | null;
  updated_at: number;
  /** SHA-256 of the game's seed, public from the start; null for games from before commitments. */
  seed_commitment: string | null;
  /** Why a finished game of people was not rated: 'timer' or 'address' (services/ratings.ts); null otherwise. */
  unrated: ColumnType<UnratedReason | null, UnratedReason | null | undefined, UnratedReason | null>;
  /** Whose turn the game's Expert Bot searches take (game-service.ts `searchOwner`); null: its first person's. */
  bot_owner: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Card sets (the card and tribute definitions a game plays with), each stored once under its key
 * (db/card-set-key.ts): nearly every game of a release has the same set.
 */
export interface CardSetsTable {
  hash: string;
  card_set_json: string;
}

/** Which card set each game plays with, written once when it starts. */
export interface GameCardSetsTable {
  game_id: string;
  card_set_hash: string;
}

export interface GameEventsTable {
  game_id: string;
  /** The sequenceID of the game state these events led to. */
  sequence_id: number;
  events_json: string;
}

export interface GameActionsTable {
  game_id: string;
  sequence_id: number;
  user_id: string;
  action_json: string;
  at: number;
  /** Why a stand-in bot took this action for the seat's player (null: the player did). */
  stand_in: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A seat of a game's table: its current decision and deadline, its stand-in, whether its player left. */
export interface GameSeatsTable {
  game_id: string;
  user_id: string;
  decision_key: string | null;
  due_since: number | null;
  deadline: number | null;
  stand_in: string | null;
  left_at: number | null;
}

/** A player's connections to a game on one server instance: 'here' (page shown) or 'away' (hidden). */
export interface GamePresenceTable {
  game_id: string;
  user_id: string;
  instance_id: string;
  state: string;
  seen_at: number;
}

export interface GamePlayersTable {
  game_id: string;
  seat: number;
  user_id: string;
  bot_type: string | null;
  stats_json: string | null;
  /**
   * The game's `start_timestamp` and `has_bots`, copied when its players are stored (neither
   * changes): a person's games, newest first, are read from an index of their seats by these.
   */
  start_timestamp: number;
  has_bots: number;
}

export interface ChatMessagesTable {
  id: string;
  room: string;
  sender_id: string;
  message: string;
  created_at: number;
}

/** How far a person read a chat room: the `createdAt` of the newest message read there (services/chat.ts). */
export interface ChatReadsTable {
  user_id: string;
  room: string;
  read_at: number;
}

/** A shared rate limit's events for one key, in its window (services/shared-rate-limit.ts; PostgreSQL only). */
export interface RateLimitsTable {
  scope: string;
  key: string;
  /** The times of the events in the window, as the text of a PostgreSQL bigint array. */
  times: string;
  /** Whether the last take was within the limit (1) or refused (0). */
  allowed: number;
  expires_at: number;
}

/** A person's current rating (services/ratings.ts); no row until their first rated game. */
export interface RatingsTable {
  user_id: string;
  mu: number;
  sigma: number;
  games: number;
  updated_at: number;
}

/** One game's change of one person's rating. */
export interface RatingHistoryTable {
  user_id: string;
  game_id: string;
  mu_before: number;
  sigma_before: number;
  mu_after: number;
  sigma_after: number;
  at: number;
  /**
   * The ceiling on ratings won from bots (a mu, ratings/model.ts `botCeilings`) when it held this
   * change: the game would have taken the rating higher. Null when it did not, and for changes
   * stored before it was kept (migration 019).
   */
  capped_mu: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The person's rated games after this one, this one included: whether the rating was
   * provisional before and after it (ratings/model.ts `isProvisional`). Counted in their order for
   * the changes stored before it was kept (migration 030).
   */
  games_after: ColumnType<number, number | undefined, number>;
}

/** An address a person signed in from, as its tag (services/shared-addresses.ts): people who share one are not rated together. */
export interface AccountAddressesTable {
  user_id: string;
  address_tag: string;
  seen_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/**
 * One person waiting for Play now (services/quick-play.ts), then, once their group was claimed by
 * an instance (`claim`), what became of it: the game they were seated in, or why not.
 */
export interface PlayNowWaitsTable {
  user_id: string;
  size: number;
  since: number;
  claim: string | null;
  claimed_at: number | null;
  game_id: string | null;
  failure: string | null;
  /** The client's key of the press that made the wait (null: none was sent). */
  press_id: string | null;
  /** When the person's page forgot the result (it showed it); null: not yet. */
  forgotten_at: number | null;
}

/** The lobby a finished game's table was offered to play again in (services/rematch.ts). */
export interface RematchesTable {
  game_id: string;
  lobby_id: string;
  created_by: string;
  created_at: number;
}

/** A person who declined a finished game's rematch (services/rematch.ts). */
export interface RematchDeclinesTable {
  game_id: string;
  user_id: string;
  declined_at: number;
}

/** A person a lobby's host removed: they may not join that lobby again (services/lobbies.ts). */
export interface LobbyRemovalsTable {
  lobby_id: string;
  user_id: string;
  removed_at: number;
}

/** Per card and scope ('all' or 'people'), its play counts summed over finished games (services/card-play.ts). */
export interface CardPlayTable {
  scope: string;
  card_id: number;
  offered: number;
  picked: number;
  gained_games: number;
  gains: number;
  win_share: number;
  favor: number;
  favor_squares: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  lobbies: LobbiesTable;
  lobby_players: LobbyPlayersTable;
  games: GamesTable;
  card_sets: CardSetsTable;
  game_card_sets: GameCardSetsTable;
  game_events: GameEventsTable;
  game_actions: GameActionsTable;
  game_players: GamePlayersTable;
  game_seats: GameSeatsTable;
  game_presence: GamePresenceTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  settings: SettingsTable;
  rate_limits: RateLimitsTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  account_addresses: AccountAddressesTable;
  play_now_waits: PlayNowWaitsTable;
  rematches: RematchesTable;
  rematch_declines: RematchDeclinesTable;
  lobby_removals: LobbyRemovalsTable;
  card_play: CardPlayTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LobbyRow = Selectable<LobbiesTable>;
export type GameRow = Selectable<GamesTable>;
export type ChatRow = Selectable<ChatMessagesTable>;
export type { Generated };
