/**
 * The schema's migrations, one set for SQLite and PostgreSQL, run at start by kysely's Migrator.
 * Never edit a migration that has shipped: add the next one.
 */
import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { cardSetKey } from './card-set-key.js';

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text')
      .addColumn('profile_picture_url', 'text')
      .addColumn('subtitle', 'text')
      .addColumn('is_dev', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('can_change_name', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('bot_type', 'text')
      .addColumn('stats_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_provider').on('users').columns(['provider', 'provider_id']).unique().execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('lobbies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('host_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('sequence_id', 'integer', (c) => c.notNull())
      .addColumn('options_json', 'text', (c) => c.notNull())
      .addColumn('modules_json', 'text', (c) => c.notNull())
      .addColumn('game_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lobbies_created').on('lobbies').column('created_at').execute();

    await db.schema
      .createTable('lobby_players')
      .addColumn('lobby_id', 'text', (c) => c.notNull().references('lobbies.id'))
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('bot_type', 'text')
      .addPrimaryKeyConstraint('lobby_players_pk', ['lobby_id', 'seat'])
      .execute();

    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('lobby_id', 'text')
      .addColumn('state_json', 'text', (c) => c.notNull())
      .addColumn('card_set_json', 'text', (c) => c.notNull())
      .addColumn('sequence_id', 'integer', (c) => c.notNull())
      .addColumn('has_bots', 'integer', (c) => c.notNull())
      .addColumn('start_timestamp', 'bigint', (c) => c.notNull())
      .addColumn('end_timestamp', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('games_start').on('games').column('start_timestamp').execute();

    await db.schema
      .createTable('game_events')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
      .addColumn('sequence_id', 'integer', (c) => c.notNull())
      .addColumn('events_json', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_events_pk', ['game_id', 'sequence_id'])
      .execute();

    await db.schema
      .createTable('game_actions')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
      .addColumn('sequence_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('action_json', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_actions_pk', ['game_id', 'sequence_id'])
      .execute();

    await db.schema
      .createTable('game_players')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('bot_type', 'text')
      .addColumn('stats_json', 'text')
      .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'seat'])
      .execute();
    await db.schema.createIndex('game_players_user').on('game_players').column('user_id').execute();

    await db.schema
      .createTable('chat_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('room', 'text', (c) => c.notNull())
      .addColumn('sender_id', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_room_time').on('chat_messages').columns(['room', 'created_at']).execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['settings', 'chat_messages', 'game_players', 'game_actions', 'game_events', 'games', 'lobby_players', 'lobbies', 'sessions', 'users']) {
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    }
  },
};

/**
 * The card set moves out of the games row into a table of its own: SQLite rewrites a whole row on
 * every update, and the ~77 KB card set was rewritten with every move although it never changes.
 */
const cardSetTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_card_sets')
      .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id'))
      .addColumn('card_set_json', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into game_card_sets (game_id, card_set_json) select id, card_set_json from games`.execute(db);
    await db.schema.alterTable('games').dropColumn('card_set_json').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('card_set_json', 'text', (c) => c.notNull().defaultTo('{}')).execute();
    await sql`update games set card_set_json = (select card_set_json from game_card_sets where game_card_sets.game_id = games.id)`.execute(db);
    await db.schema.dropTable('game_card_sets').execute();
  },
};

/**
 * Each game's seed commitment beside it, so the history lists it without reading the state.
 * Games stored before had no commitment (their seeds were never committed to): null.
 */
const seedCommitment: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('seed_commitment', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('games').dropColumn('seed_commitment').execute();
  },
};

/** A lobby's turn timer: 'auto' (on when two people or more play), 'on' or 'off'. */
const lobbyTurnTimer: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').addColumn('turn_timer', 'text', (c) => c.notNull().defaultTo('auto')).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').dropColumn('turn_timer').execute();
  },
};

/** A lobby's pace: how long each decision may take while its turn timer is on (attendance.ts, `TurnPace`). */
const lobbyTurnPace: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').addColumn('turn_pace', 'text', (c) => c.notNull().defaultTo('normal')).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').dropColumn('turn_pace').execute();
  },
};

/**
 * The people at a game's table, kept with the game so that every instance and a restarted server
 * agree: each seat's current decision and its deadline, whether a stand-in plays it and why, and
 * whether its player left (`game_seats`); which instance holds a connection of each player and
 * whether their page is shown (`game_presence`, refreshed while held); and which logged actions a
 * stand-in took (`game_actions.stand_in`, its reason), so the log can say so after a load.
 */
const gameSeats: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_seats')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('decision_key', 'text')
      .addColumn('due_since', 'bigint')
      .addColumn('deadline', 'bigint')
      .addColumn('stand_in', 'text')
      .addColumn('left_at', 'bigint')
      .addPrimaryKeyConstraint('game_seats_pk', ['game_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('game_presence')
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('instance_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_presence_pk', ['game_id', 'user_id', 'instance_id'])
      .execute();
    await db.schema.createIndex('game_presence_instance').on('game_presence').column('instance_id').execute();
    await db.schema.alterTable('game_actions').addColumn('stand_in', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('game_actions').dropColumn('stand_in').execute();
    await db.schema.dropTable('game_presence').execute();
    await db.schema.dropTable('game_seats').execute();
  },
};

/**
 * Dice the server cannot choose: each lobby holds the server's secret from its creation (its
 * commitment is shown with the lobby) and each seat the value its person gave for the seed. Open
 * lobbies made before get their secret here, before anyone could give a value against it.
 */
const lobbySeedSecret: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').addColumn('seed_secret', 'text').execute();
    await db.schema.alterTable('lobby_players').addColumn('seed_value', 'text').execute();
    const open = await sql<{ id: string }>`select id from lobbies where game_id is null`.execute(db);
    for (const { id } of open.rows) {
      await sql`update lobbies set seed_secret = ${randomBytes(32).toString('hex')} where id = ${id}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('lobby_players').dropColumn('seed_value').execute();
    await db.schema.alterTable('lobbies').dropColumn('seed_secret').execute();
  },
};

/**
 * Rate limits that hold across instances on PostgreSQL (services/shared-rate-limit.ts): one row
 * per limit and key, the times of its events in the window as the text of an array. SQLite keeps
 * its limits in memory (one server), so there the table stays empty.
 */
const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('times', 'text', (c) => c.notNull())
      .addColumn('allowed', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limits_pk', ['scope', 'key'])
      .execute();
    await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};

/**
 * The rate-limit rows are worth no write-ahead log: after a crash PostgreSQL empties an unlogged
 * table, which only forgets the counts of the last few minutes, and a take no longer waits for a
 * log flush (measured on a loaded 2-core machine: about 9 ms a take logged, 4 to 6 ms unlogged,
 * 1 ms a bare select). SQLite has no such tables and keeps its limits in memory anyway.
 */
const rateLimitsUnlogged: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`alter table rate_limits set unlogged`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`alter table rate_limits set logged`.execute(db);
  },
};

/**
 * Player ratings (services/ratings.ts): each person's current skill (openskill's mu and sigma) and
 * how many rated games it stands on, and every game's change of it. Bots have no rows: their
 * ratings are fixed (ratings/bot-ratings.json).
 */
const ratings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ratings')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('rating_history')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('mu_before', 'double precision', (c) => c.notNull())
      .addColumn('sigma_before', 'double precision', (c) => c.notNull())
      .addColumn('mu_after', 'double precision', (c) => c.notNull())
      .addColumn('sigma_after', 'double precision', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rating_history_pk', ['user_id', 'game_id'])
      .execute();
    await db.schema.createIndex('rating_history_user_at').on('rating_history').columns(['user_id', 'at']).execute();
    await db.schema.createIndex('rating_history_game').on('rating_history').column('game_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rating_history').execute();
    await db.schema.dropTable('ratings').execute();
  },
};

/** Play now's waiting people and the rematch lobbies of finished games (services/quick-play.ts, rematch.ts). */
const playNow: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_now_waits')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('since', 'bigint', (c) => c.notNull())
      .addColumn('claim', 'text')
      .addColumn('claimed_at', 'bigint')
      .addColumn('game_id', 'text')
      .addColumn('failure', 'text')
      .execute();
    await db.schema.createIndex('play_now_waits_size_since').on('play_now_waits').columns(['size', 'since']).execute();
    await db.schema
      .createTable('rematches')
      .addColumn('game_id', 'text', (c) => c.primaryKey())
      .addColumn('lobby_id', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rematches').execute();
    await db.schema.dropTable('play_now_waits').execute();
  },
};

/**
 * How cards play on this server (services/card-play.ts): per card and scope ('all' games, or
 * 'people': games with at least one person), the counts of engine/card-play.ts summed over
 * finished games, added to in the transaction that saves each game's end.
 */
const cardPlay: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_play')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('card_id', 'integer', (c) => c.notNull())
      .addColumn('offered', 'integer', (c) => c.notNull())
      .addColumn('picked', 'integer', (c) => c.notNull())
      .addColumn('gained_games', 'integer', (c) => c.notNull())
      .addColumn('gains', 'integer', (c) => c.notNull())
      .addColumn('win_share', 'double precision', (c) => c.notNull())
      .addColumn('favor', 'double precision', (c) => c.notNull())
      .addColumn('favor_squares', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('card_play_pk', ['scope', 'card_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('card_play').execute();
  },
};

/**
 * A lobby's "Show odds to players" (0 or 1, off by default): whether the seated players of its
 * game see the live odds bar too. A lobby setting beside the turn timer, not a game option: it
 * changes no rule, so the engine never sees it.
 */
const lobbyShowOdds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').addColumn('show_odds', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').dropColumn('show_odds').execute();
  },
};

/**
 * The leaderboard's two lists (services/ratings.ts `leaderboard`), each an index of its own rows
 * in the list's order, holding every column the list reads but the name: a page walks the index,
 * a count or a place counts its entries, and no request sorts or joins the whole table (with
 * 100,000 rated people a page took 40 to 120 ms of SQLite's time on the event loop). Partial: the
 * conditions are the list's, with PROVISIONAL_SIGMA (ratings/model.ts) written out, as a query
 * must write them for the index to serve it.
 */
const leaderboardIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index ratings_settled on ratings (mu desc, games desc, user_id, sigma) where games > 0 and sigma < 5`.execute(db);
    await sql`create index ratings_provisional on ratings (mu desc, games desc, user_id, sigma) where games > 0 and sigma >= 5`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('ratings_provisional').execute();
    await db.schema.dropIndex('ratings_settled').execute();
  },
};

/**
 * The game history's games without bots (services/history.ts `list`, what the history page and
 * GET /api/game_history_list ask unless told to include bots), newest first, from an index in that order: it
 * walked every game by its start and read each row to skip the games with bots, which are most
 * of them (with 100,000 of them, 110 to 130 ms of SQLite's time on the event loop per request).
 */
const historyIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index games_bots_start on games (has_bots, start_timestamp desc, id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('games_bots_start').execute();
  },
};

/**
 * Lobbies by their game. Every game started from a lobby keeps that lobby's row, so the table
 * grows with the games, while two reads look for a few rows by `game_id`: a game's turn timer,
 * read when an instance first opens a game with people (GameService `attend`), and the open
 * lobbies the idle sweep looks at each minute (`game_id is null`, idle-lobbies.ts). Both read the
 * whole table without it (with 100,000 past lobbies, 2.9 ms and 17 ms of SQLite's time on the
 * event loop).
 */
const lobbyGameIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('lobbies_game').on('lobbies').column('game_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('lobbies_game').execute();
  },
};

/**
 * The addresses people sign in from, as keyed tags (services/shared-addresses.ts): a game in which
 * two of its people share one is not rated. Read by user id (the key's first column).
 */
const accountAddresses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_addresses')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('address_tag', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_addresses_pk', ['user_id', 'address_tag'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('account_addresses').execute();
  },
};

/**
 * Why a finished game of people moved no rating (services/ratings.ts `unratedReason`): 'timer'
 * (its lobby's turn timer was off) or 'address' (two of its people signed in or played from one address).
 * Null for a rated game, a game alone with bots and a game still running. Written with the game's
 * end, as its ratings would have been, so the end view says why from what was decided then.
 */
const gameUnrated: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('unrated', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('games').dropColumn('unrated').execute();
  },
};

/**
 * Who declined a finished game's rematch (services/rematch.ts `decline`): one row per game and
 * person, kept for the game rather than its offered lobby, so a decline holds if the offer is
 * replaced. And rematches by their lobby: a lobby's view (read for the whole lobby list at each
 * change) says whose declines its host waits on.
 */
const rematchDeclines: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rematch_declines')
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('declined_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rematch_declines_pk', ['game_id', 'user_id'])
      .execute();
    await db.schema.createIndex('rematches_lobby').on('rematches').column('lobby_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rematches_lobby').execute();
    await db.schema.dropTable('rematch_declines').execute();
  },
};

/**
 * Whether the ceiling on ratings won from bots (ratings/model.ts `botCeilings`) held a person's
 * change in a game, and where: `rating_history.capped_mu`, the ceiling's mu when the game would
 * have taken the rating higher, else null. Written with the change (services/ratings.ts
 * `recordRatings`), so the end view says why a rating stopped from what the model decided then,
 * in a game with other people too. Changes stored before it read as not held.
 */
const ratingCapped: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('rating_history').addColumn('capped_mu', 'double precision').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('rating_history').dropColumn('capped_mu').execute();
  },
};

/**
 * `lobbies.name_number`: which of its host's open lobbies a lobby is (services/lobbies.ts
 * `lobbyName`), 1 for every lobby opened before. A lobby is named after its host, and a host may
 * hold several open lobbies at once: two of them read the same on the lobby list, row for row.
 */
const lobbyNameNumber: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').addColumn('name_number', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('lobbies').dropColumn('name_number').execute();
  },
};

/**
 * A Play now wait keeps the client's key of the press that made it (`press_id`), and a result
 * the person's page has shown is marked forgotten (`forgotten_at`) rather than deleted: a resend
 * of that press (a second click, a request sent again) is then answered with what became of it,
 * not taken for a new press (services/quick-play.ts).
 */
const playNowPress: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('play_now_waits').addColumn('press_id', 'text').execute();
    await db.schema.alterTable('play_now_waits').addColumn('forgotten_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('play_now_waits').dropColumn('forgotten_at').execute();
    await db.schema.alterTable('play_now_waits').dropColumn('press_id').execute();
  },
};

/**
 * Who a lobby's host removed (services/lobbies.ts `removePlayer`): one row per lobby and person,
 * so the person removed cannot take a seat in that lobby again. Without it, Kick only made the
 * person press Join once more.
 */
const lobbyRemovals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lobby_removals')
      .addColumn('lobby_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('removed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('lobby_removals_pk', ['lobby_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('lobby_removals').execute();
  },
};

/**
 * How far each person read each chat room, kept by the server so that a second browser or device
 * does not show every message as unread (the browser kept it alone before). At most
 * CHAT_READS_KEPT rooms a person, the newest read first.
 */
const chatReads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chat_reads')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('room', 'text', (c) => c.notNull())
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      // The room first: a closed lobby's marks go with its room, by the key's first column.
      .addPrimaryKeyConstraint('chat_reads_pk', ['room', 'user_id'])
      .execute();
    await db.schema.createIndex('chat_reads_user_time').on('chat_reads').columns(['user_id', 'read_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('chat_reads').execute();
  },
};

/**
 * A person's games newest first (services/history.ts: the profile's recent games, "Your games"
 * and the history's list of one person's games) from an index of their seats: each seat carries
 * its game's start and whether it has bots, copied when the game's players are stored (neither
 * ever changes). Before, the lists found every game the person had played and sorted them all to
 * keep the newest few: with 100,000 of them, 420 ms of SQLite's time on the event loop for a
 * profile. The seats of games without bots have an index of their own, in the history's order,
 * since most of a person's games may have bots. The index of seats by person alone is the new
 * one's first column, so it goes.
 */
const personGames: Migration = {
  async up(db: Kysely<unknown>) {
    // SQLite adds a column that may not be null only with a default; PostgreSQL then drops it, so
    // that a seat stored without its game's start fails there rather than sorting as the oldest.
    await db.schema.alterTable('game_players').addColumn('start_timestamp', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('game_players').addColumn('has_bots', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update game_players set start_timestamp = games.start_timestamp, has_bots = games.has_bots from games where games.id = game_players.game_id`.execute(db);
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`alter table game_players alter column start_timestamp drop default, alter column has_bots drop default`.execute(db);
    }
    await sql`create index game_players_user_start on game_players (user_id, start_timestamp desc, game_id desc)`.execute(db);
    await sql`create index game_players_user_start_no_bots on game_players (user_id, start_timestamp desc, game_id) where has_bots = 0`.execute(db);
    await db.schema.dropIndex('game_players_user').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('game_players_user').on('game_players').column('user_id').execute();
    await db.schema.dropIndex('game_players_user_start_no_bots').execute();
    await db.schema.dropIndex('game_players_user_start').execute();
    await db.schema.alterTable('game_players').dropColumn('has_bots').execute();
    await db.schema.alterTable('game_players').dropColumn('start_timestamp').execute();
  },
};

/**
 * The seats of a person's running games, by person (services/lobbies.ts, gameCapRefusal, at every
 * game's start): a seat's stats are written when its game ends, so the seats without any are those
 * of games still running, a few a person, however many games they have played.
 */
const runningSeats: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index game_players_user_running on game_players (user_id) where stats_json is null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('game_players_user_running').execute();
  },
};

/** How many games' card sets the shared-card-sets migration reads at a time. */
const CARD_SET_BATCH = 100;

/**
 * Each card set stored once (`card_sets`, keyed by the SHA-256 of its JSON: db/card-set-key.ts),
 * and each game pointing at its set's key (`game_card_sets.card_set_hash`), instead of every game
 * holding its own copy: nearly every game of a release has the same set, ~85 KB of a finished
 * eight-seat game's ~318 KB, kept for good. The sets stored before are read a batch of games at
 * a time (a big database is not loaded at once) and keyed here, as the server keys a new one; the
 * old table then goes, and the new one takes its name.
 */
const sharedCardSets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_sets')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('card_set_json', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('game_card_set_keys')
      .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id'))
      .addColumn('card_set_hash', 'text', (c) => c.notNull().references('card_sets.hash'))
      .execute();
    for (let after = ''; ; ) {
      const { rows } = await sql<{ game_id: string; card_set_json: string }>`
        select game_id, card_set_json from game_card_sets where game_id > ${after} order by game_id limit ${CARD_SET_BATCH}`.execute(db);
      if (rows.length === 0) break;
      const keyed = rows.map((row) => ({ gameID: row.game_id, json: row.card_set_json, hash: cardSetKey(row.card_set_json) }));
      const sets = [...new Map(keyed.map((k) => [k.hash, k.json])).entries()];
      await sql`insert into card_sets (hash, card_set_json) values ${sql.join(sets.map(([hash, json]) => sql`(${hash}, ${json})`))} on conflict (hash) do nothing`.execute(db);
      await sql`insert into game_card_set_keys (game_id, card_set_hash) values ${sql.join(keyed.map((k) => sql`(${k.gameID}, ${k.hash})`))}`.execute(db);
      after = rows.at(-1)!.game_id;
    }
    await db.schema.dropTable('game_card_sets').execute();
    await db.schema.alterTable('game_card_set_keys').renameTo('game_card_sets').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_card_set_copies')
      .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id'))
      .addColumn('card_set_json', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into game_card_set_copies (game_id, card_set_json)
              select game_card_sets.game_id, card_sets.card_set_json from game_card_sets join card_sets on card_sets.hash = game_card_sets.card_set_hash`.execute(db);
    await db.schema.dropTable('game_card_sets').execute();
    await db.schema.dropTable('card_sets').execute();
    await db.schema.alterTable('game_card_set_copies').renameTo('game_card_sets').execute();
  },
};

/** Sessions by when they expire: each new session deletes a few expired ones (sessions.ts, `sweep`). */
const sessionExpiry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sessions_expires_at').execute();
  },
};

/**
 * A rating is provisional until sigma falls below PROVISIONAL_SIGMA or its PROVISIONAL_GAMES-th
 * rated game, whichever comes first (ratings/model.ts): each change keeps the person's count of
 * rated games after it (`rating_history.games_after`; for the changes stored before, counted in
 * their order), so that it says whether the rating was provisional before and after; and the
 * leaderboard's two lists' indexes (migration 013) are made again with both conditions written
 * out, as services/ratings.ts `leaderboard` writes them.
 */
const provisionalGames: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('rating_history').addColumn('games_after', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update rating_history set games_after = (select count(*) from rating_history h where h.user_id = rating_history.user_id and (h.at < rating_history.at or (h.at = rating_history.at and h.game_id <= rating_history.game_id)))`.execute(db);
    await db.schema.dropIndex('ratings_provisional').execute();
    await db.schema.dropIndex('ratings_settled').execute();
    await sql`create index ratings_settled on ratings (mu desc, games desc, user_id, sigma) where games > 0 and (sigma < 5 or games >= 15)`.execute(db);
    await sql`create index ratings_provisional on ratings (mu desc, games desc, user_id, sigma) where games > 0 and sigma >= 5 and games < 15`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('ratings_provisional').execute();
    await db.schema.dropIndex('ratings_settled').execute();
    await sql`create index ratings_settled on ratings (mu desc, games desc, user_id, sigma) where games > 0 and sigma < 5`.execute(db);
    await sql`create index ratings_provisional on ratings (mu desc, games desc, user_id, sigma) where games > 0 and sigma >= 5`.execute(db);
    await db.schema.alterTable('rating_history').dropColumn('games_after').execute();
  },
};

/**
 * Whose turn a game's Expert Bot searches take on the bot threads (bots/bot-threads.ts): a tag of
 * the network its Start came from (game-service.ts `searchOwner`), null for a game the server
 * started (Play now) or one from before, whose first person it is.
 */
const gameBotOwner: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('bot_owner', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('games').dropColumn('bot_owner').execute();
  },
};

export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-card-set-table': cardSetTable,
  '2026-11-23-003-seed-commitment': seedCommitment,
  '2026-11-24-004-lobby-turn-timer': lobbyTurnTimer,
  '2026-11-28-005-game-seats': gameSeats,
  '2026-11-28-006-lobby-seed-secret': lobbySeedSecret,
  '2026-11-28-007-rate-limits': rateLimits,
  '2026-11-28-008-rate-limits-unlogged': rateLimitsUnlogged,
  '2026-11-28-009-ratings': ratings,
  '2026-11-28-010-play-now': playNow,
  '2026-11-28-011-card-play': cardPlay,
  '2026-11-28-012-lobby-show-odds': lobbyShowOdds,
  '2026-11-29-013-leaderboard-indexes': leaderboardIndexes,
  '2026-11-29-014-history-index': historyIndex,
  '2026-12-01-015-lobby-game-index': lobbyGameIndex,
  '2026-12-02-016-account-addresses': accountAddresses,
  '2026-12-02-017-game-unrated': gameUnrated,
  '2026-12-03-018-rematch-declines': rematchDeclines,
  '2026-12-03-019-rating-capped': ratingCapped,
  '2026-12-04-020-lobby-name-number': lobbyNameNumber,
  '2026-12-04-021-play-now-press': playNowPress,
  '2026-12-04-022-lobby-removals': lobbyRemovals,
  '2026-12-05-023-chat-reads': chatReads,
  '2026-12-05-024-person-games': personGames,
  '2026-12-05-025-running-seats': runningSeats,
  '2026-12-05-026-shared-card-sets': sharedCardSets,
  '2026-12-06-027-lobby-turn-pace': lobbyTurnPace,
  '2026-12-07-028-session-expiry': sessionExpiry,
  '2026-12-07-029-game-bot-owner': gameBotOwner,
  '2026-12-08-030-provisional-games': provisionalGames,
};
