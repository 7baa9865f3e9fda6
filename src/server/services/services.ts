/** Every service of the app, built once per app from its config and database. */
import { STAND_IN_BOT } from './stand-in.js';
import { BotThreads } from '../bots/bot-threads.js';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GameDefinitions } from '../../engine/index.js';
import { JwtService } from '../auth/jwt.js';
import { OAuthCookieSigner } from '../auth/oauth-cookie.js';
import { SessionSockets } from '../auth/session-sockets.js';
import { SessionService } from '../auth/sessions.js';
import type { Bus } from '../bus/bus.js';
import { GameFeed } from '../delivery/game-feed.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { Attendance } from './attendance.js';
import { SeatStore } from './seat-store.js';
import { ChatService, RATE_LIMIT as CHAT_RATE_LIMIT, RATE_WINDOW_MS as CHAT_WINDOW_MS } from './chat.js';
import { GameService, searchOwner } from './game-service.js';
import { HistoryService } from './history.js';
import { HOUR_MS, LOBBY_CHANGES_WINDOW_MS, LOBBY_OPENINGS_WINDOW_MS, LobbyService } from './lobbies.js';
import { IdleLobbies } from './idle-lobbies.js';
import { addressLimit } from './network-limit.js';
import { definitionsViews } from './definitions-view.js';
import { QuickPlayService } from './quick-play.js';
import { RematchService } from './rematch.js';
import { RateLimit } from './rate-limit.js';
import { sharedRateLimit, type Limiter } from './shared-rate-limit.js';
import { UserService } from './users.js';
import { AddressNotes, addressTagger } from './shared-addresses.js';
import { CardPlayReader } from './card-play.js';

export interface Services {
  config: Config;
  db: Db;
  bus: Bus;
  definitions: GameDefinitions;
  /** The definitions as a developer (everything) or anyone else (no dev-only module content) sees them. */
  definitionsFor: (isDev: boolean) => GameDefinitions;
  users: UserService;
  sessions: SessionService;
  jwt: JwtService;
  /** Where signed-in people act from, for the rule on people from one address (shared-addresses.ts). */
  addressNotes: AddressNotes;
  /** Signs and reads the cookie an OAuth login keeps between its start and the provider's callback. */
  oauthCookie: OAuthCookieSigner;
  /**
   * Codes sent to a sign-in provider to confirm, per address (GUEST_LOGINS_PER_ADDRESS in any 10
   * minutes, as guest sign-ins): a login cookie is good for ten minutes, and each callback with it
   * made the server call the provider's token endpoint under the site's own client id.
   */
  providerLogins: Limiter;
  games: GameService;
  /** Live games to their watchers (tRPC games.onGame, /channel game topics). */
  gameFeed: GameFeed;
  attendance: Attendance;
  lobbies: LobbyService;
  /** Play now: people seated together within a window, bots in the seats nobody took. */
  quickPlay: QuickPlayService;
  /** Closes lobbies left behind (no change, none of their people on their page, for IDLE_LOBBY_SECONDS). */
  idleLobbies: IdleLobbies;
  /** A finished game's table offered a new lobby with the same settings and bots. */
  rematch: RematchService;
  chat: ChatService;
  history: HistoryService;
  /** How cards play on this server (the card gallery's figures), read from counters kept at each game's end. */
  cardPlay: CardPlayReader;
  /** Closes the sockets signed in under a session when it is logged out, on every instance. */
  sessionSockets: SessionSockets;
  /**
   * Subscriptions started per address, tRPC and /channel together (SUBSCRIPTIONS_PER_ADDRESS in
   * any 10 seconds): each sends a whole value (a lobby list, a game's view) as it starts, so one
   * message of a hundred subscriptions, sent again and again, would keep a core busy encoding.
   */
  subscriptionStarts: RateLimit;
  /**
   * REST, GraphQL and tRPC queries and mutations per address (REQUESTS_PER_ADDRESS in any 10
   * seconds). The cap on requests in flight bounds how many run at once; this bounds how much
   * work one address can ask for in all, however fast the answers come.
   */
  requests: RateLimit;
  /**
   * Presence reports per user (games.presence: PRESENCE_REPORTS in any 10 seconds): a tab shown
   * or hidden changes the table every watcher of the game is sent, on every instance, and is
   * written to the database. Shared by every instance (shared-rate-limit.ts): counted in each
   * one's memory, a player whose requests reached two instances made 60 in 10 s
   * (tests/server/security-review-28.test.ts).
   */
  presenceReports: Limiter;
  /**
   * A player's pages of their running game opened: GAME_OPENS_PER_USER in any 10 seconds (apart
   * from the presence reports), shared by every instance as the presence reports are.
   */
  pageOpens: Limiter;
  now: () => number;
}

/** The window of SUBSCRIPTIONS_PER_ADDRESS, and the refusal past it. */
export const SUBSCRIPTION_WINDOW_MS = 10_000;
export const SUBSCRIBING_TOO_FAST = 'You are subscribing too fast. Wait a moment.';

/** Presence reports a user may make in any 10 seconds (a person switches tabs a few times a minute), and the refusal past it. */
export const PRESENCE_REPORTS = 30;
export const PRESENCE_TOO_FAST = 'You are showing and hiding the game too fast. Wait a moment.';
/**
 * A player's page of their running game opened (games.onGame, /channel's game and inbox topics):
 * its opening and its closing each make them here or gone for every watcher of the game, as a
 * presence report does. Counted only among the address's subscriptions, one player opening and
 * closing their game 40 times sent each watcher 80 tables in a third of a second, and from many
 * addresses as many as they liked. So a player may open GAME_OPENS_PER_USER (15: two presence
 * reports' worth each, within PRESENCE_REPORTS) in any 10 seconds. Spectators change nothing at
 * the table, nor does a finished game's page: they count nothing.
 */
export const OPENING_TOO_FAST = 'You are opening and closing the game too fast. Wait a moment.';

/** The window of REQUESTS_PER_ADDRESS, and the refusal past it. */
export const REQUEST_WINDOW_MS = 10_000;
export const requestingTooFast = (limit: number) => `Too many requests from your address: at most ${limit} in 10 seconds. Wait a moment.`;

/**
 * What a read of `items` things counts as against REQUESTS_PER_ADDRESS, at `perRequest` things a
 * request: never less than one. The weighted reads below (a game's seats, a list's games, users
 * asked for) and GraphQL's fields all count by it.
 */
export const requestsFor = (items: number, perRequest: number): number => Math.max(1, Math.ceil(items / perRequest));

/**
 * Counts the rest of a read that counts as `weight` of the address's requests (the request itself
 * was counted as one, as every request is): `tooMany`'s refusal once past the limit, else null.
 */
export function weightedReadRefusal(requests: RateLimit, address: string, weight: number, tooMany: (limit: number) => string): string | null {
  return weight <= 1 || requests.take(address, weight - 1) ? null : tooMany(requests.limit);
}

/**
 * A read weighed by how many things it holds, `perRequest` things to a request (requestsFor): its
 * check counts the rest of it, after the request itself, and past the limit refuses in words
 * that name what was asked (`asked`: "Too many game lists for your address: a list of 200 games
 * counts") and what it counted as.
 */
function itemWeightedRead(perRequest: number, asked: (items: number) => string) {
  return (requests: RateLimit, address: string, items: number): string | null => {
    const weight = requestsFor(items, perRequest);
    return weightedReadRefusal(requests, address, weight, (limit) => `${asked(items)} as ${weight} of the ${limit} requests allowed in 10 seconds. Wait a moment.`);
  };
}

/**
 * What one read of a whole game's state (REST's /api/game/:id/state, tRPC's games.state) counts
 * for against REQUESTS_PER_ADDRESS: one for each two seats. A game's whole view grows with its
 * players (about 58 KB of JSON for two at the end, 140 KB for eight), and one address reading an
 * eight-player game 600 times in 10 seconds kept 29-42% of a core busy, where GraphQL's
 * renderedGame counts 10 and a replay 5. A two-player game still counts one: a client polling its
 * game at a person's pace meets no new limit.
 */
export const stateReadRefusal = itemWeightedRead(2, (seats) => `Too many game reads for your address: a game of ${seats} seats counts`);

/**
 * What one read of a whole card set counts for against REQUESTS_PER_ADDRESS: the game definitions
 * (tRPC's definitions.get, REST's /api/game_definitions, about 107 KB of JSON) or a game's own
 * cards (games.cards, 85 KB), each written out afresh: about 3.6 ms of the server's CPU, where the
 * cheapest request cost 1-2 ms on the same machine. 600 of them from one address in 10 seconds
 * kept 22% of a core busy; at four, the 150 allowed cost 0.54 s, no more than 600 of the cheapest.
 * A page asks for each once and keeps it.
 */
export const CARD_SET_WEIGHT = 4;
export const readingCardSetsTooFast = (limit: number) =>
  `Too many card sets for your address: each counts as ${CARD_SET_WEIGHT} of the ${limit} requests allowed in 10 seconds. Wait a moment.`;

/** Counts the rest of a card set's read: the refusal once past the limit, else null. */
export const cardSetRefusal = (requests: RateLimit, address: string): string | null => weightedReadRefusal(requests, address, CARD_SET_WEIGHT, readingCardSetsTooFast);

/**
 * What one game history list (tRPC's games.history, REST's /api/game_history_list) counts for
 * against REQUESTS_PER_ADDRESS: one for each HISTORY_GAMES_PER_REQUEST games it lists. A list of
 * the newest 200 games, games with bots included, is 85 KB of JSON when they seat eight (about a
 * card set), and costs about 8 ms of the server's CPU a list even with its seats read by the key
 * (12 ms before: see HistoryService.list), where the cheapest request cost 2-3 ms: one address
 * asking eight at a time for 15 s was sent 1,014 lists and kept 80% of a core busy (299 lists and
 * 27% with this weight). The history page asks once per filter it shows; a person's own short
 * list still counts one.
 */
export const HISTORY_GAMES_PER_REQUEST = 50;
/** Counted once the list is read, by the games it holds. */
export const historyListRefusal = itemWeightedRead(HISTORY_GAMES_PER_REQUEST, (games) => `Too many game lists for your address: a list of ${games} games counts`);

/**
 * What one `lobbies.list` query counts for against REQUESTS_PER_ADDRESS: one for each
 * LOBBIES_LISTED_PER_REQUEST lobbies it lists. The list is read once per change (LobbyService's
 * listFeed), but written out afresh for each query: 200 full eight-seat lobbies are 388 KB of JSON
 * and cost the server 7.7 to 8.7 ms of CPU a query, where session.me cost 2.3 to 3.2 ms alongside,
 * so one address asking in each of its 600 requests could keep half a core busy and be sent
 * 233 MB in 10 seconds. The site watches the list (`lobbies.onList`, serialised once per change
 * for all its watchers) and never asks for it this way.
 */
export const LOBBIES_LISTED_PER_REQUEST = 50;
/** Counted once the list is read, by the lobbies it holds. */
export const lobbyListRefusal = itemWeightedRead(LOBBIES_LISTED_PER_REQUEST, (lobbies) => `Too many lobby lists for your address: a list of ${lobbies} lobbies counts`);

/**
 * What one `users.byIDs` counts for against REQUESTS_PER_ADDRESS: one for each USERS_PER_REQUEST
 * ids asked. Each user is read whole and made public (their stats parsed and written out again):
 * 200 ids, 103 KB of JSON, cost about 7 ms of CPU where the cheapest request cost 2-3 ms, and one
 * address asking in each of its 600 requests kept 46% of a core busy. The game screen and a chat
 * room ask for a few; the history pages' batches of 200 count 4 each.
 */
export const USERS_PER_REQUEST = 50;
/** Counted before the users are read, by the ids asked. */
export const usersReadRefusal = itemWeightedRead(USERS_PER_REQUEST, (ids) => `Too many users asked for from your address: ${ids} ids count`);

/**
 * What one `chat.lobbyUnread` counts for against REQUESTS_PER_ADDRESS: one for each
 * UNREAD_LOBBIES_PER_REQUEST distinct lobbies asked about. Each lobby's room is counted on its own
 * (ChatService.lobbyUnread): 200 full rooms cost about 4 ms of SQLite's time, or 3.5 to 7 ms of
 * PostgreSQL's and 2 to 4 ms of the server's, where the cheapest request cost 2-3 ms. The lobby
 * list asks for the lobbies a person sits in or has read, a few: one.
 */
export const UNREAD_LOBBIES_PER_REQUEST = 50;
/** Counted before the rooms are counted, by the distinct lobbies asked about. */
export const unreadCountRefusal = itemWeightedRead(UNREAD_LOBBIES_PER_REQUEST, (lobbies) => `Too many unread counts asked for from your address: ${lobbies} lobbies count`);

/**
 * What one page of `users.myGames` counts for against REQUESTS_PER_ADDRESS: as `users.byIDs` of
 * the players it names, one for each USERS_PER_REQUEST of them, since it reads each of them whole
 * and makes them public too. A page of 50 games, each with seven others, named 350 people: 216 KB
 * and 11 ms of the server's CPU, where session.me cost 2-2.6 ms, for one request, and any player
 * who has played 50 games with others has such a page. The site's page of ten counts one or two.
 */
/** Counted before the players are read, by the players the page names. */
export const myGamesRefusal = itemWeightedRead(USERS_PER_REQUEST, (players) => `Too many game pages for your address: a page naming ${players} players counts`);

/** Counts a request of `address` (a costly one as `count`) against REQUESTS_PER_ADDRESS: the refusal once past it, else null (each transport says it in its own shape). */
export function requestRefusal(requests: RateLimit, address: string, count = 1): string | null {
  return requests.take(address, count) ? null : requestingTooFast(requests.limit);
}

/**
 * A player whose time ran out and who is not at the page has each next decision played after this
 * long (or the turn timer, if shorter): a few seconds to come back, not a whole turn timer each.
 */
const STAND_IN_GRACE_MS = 5_000;

/** The window of GUEST_LOGINS_PER_ADDRESS. */
const GUEST_LOGIN_WINDOW_MS = 10 * 60_000;

export function buildServices(deps: {
  config: Config;
  db: Db;
  bus: Bus;
  definitions: GameDefinitions;
  sessionSecret: string;
  log: Logger;
  now?: () => number;
}): Services {
  const now = deps.now ?? Date.now;
  const kysely = deps.db.kysely;
  // Every sharedRateLimit and addressLimit here holds across instances on PostgreSQL (shared-rate-limit.ts):
  // counted in each process, a flood spread over N instances would get N times the limit.
  // Those counted per address count for each IPv6 /48 too (network-limit.ts).
  const guestLogins = addressLimit(deps.db, 'guest_logins', deps.config.guestLoginsPerAddress, GUEST_LOGIN_WINDOW_MS, now);
  const addressNotes = new AddressNotes(kysely, addressTagger(deps.sessionSecret, deps.config.rateSharedAddresses), now, (error) =>
    deps.log.warn({ err: error }, 'noting an address failed'),
  );
  let lobbies: LobbyService | null = null;
  // Each person's lobby changes, a rename among them: it moves on every lobby they sit in.
  const lobbyChanges = sharedRateLimit(deps.db, 'lobby_changes', deps.config.lobbyChangesPerUser, LOBBY_CHANGES_WINDOW_MS, now);
  // A rename reaches the lobbies that show the name (their pages and the list).
  const users = new UserService(kysely, deps.db.dialect, deps.config.devUserIDs, now, guestLogins, addressNotes, async (userID) => lobbies?.renamed(userID), lobbyChanges);
  const sessions = new SessionService(kysely, deps.config.publicUrl.startsWith('https:'), now);
  const attendance = new Attendance({
    turnTimerMs: deps.config.turnTimerSeconds * 1_000,
    graceMs: STAND_IN_GRACE_MS,
    abandonAfterMs: deps.config.abandonedGameSeconds * 1_000,
    standIn: STAND_IN_BOT,
    now,
    store: new SeatStore(kysely, randomBytes(8).toString('hex')),
    bus: deps.bus,
    onError: (error, gameID) => deps.log.error({ err: error, gameID }, 'keeping the table failed'),
  });
  const cardPlay = new CardPlayReader(kysely);
  const games = new GameService({
    attendance,
    db: deps.db,
    bus: deps.bus,
    definitions: deps.definitions,
    now,
    botDelayMs: deps.config.botDelayMs,
    botThreads: new BotThreads(undefined, deps.config.botThinkMs),
    log: deps.log,
    onGameEnded: async (game) => {
      cardPlay.clear();
      const row = await kysely.selectFrom('games').select('lobby_id').where('id', '=', game.id).executeTakeFirst();
      if (row?.lobby_id) await lobbies?.gameChanged(row.lobby_id);
    },
    // The lobby says who left its game: its watchers and the list hear of it.
    onLeft: async (gameID) => {
      const row = await kysely.selectFrom('games').select('lobby_id').where('id', '=', gameID).executeTakeFirst();
      if (row?.lobby_id) await lobbies?.gameChanged(row.lobby_id);
    },
  });
  lobbies = new LobbyService(kysely, deps.bus, users, games, deps.definitions, now, {
    maxOpenLobbiesPerUser: deps.config.maxOpenLobbiesPerUser,
    maxRunningGamesPerUser: deps.config.maxRunningGamesPerUser,
    gamesPerUserPerHour: deps.config.gamesPerUserPerHour,
    lobbyChangesPerUser: deps.config.lobbyChangesPerUser,
    turnTimerSeconds: deps.config.turnTimerSeconds,
    listIntervalMs: deps.config.lobbyListIntervalMs,
  }, lobbyChanges, addressLimit(deps.db, 'game_starts', deps.config.gamesPerAddressPerHour, HOUR_MS, now), addressLimit(deps.db, 'lobby_openings', deps.config.lobbiesPerAddress, LOBBY_OPENINGS_WINDOW_MS, now), (address) => searchOwner(deps.sessionSecret, address));
  return {
    config: deps.config,
    db: deps.db,
    bus: deps.bus,
    definitions: deps.definitions,
    definitionsFor: definitionsViews(deps.definitions),
    users,
    sessions,
    jwt: new JwtService(deps.sessionSecret, sessions),
    addressNotes,
    oauthCookie: new OAuthCookieSigner(deps.sessionSecret, now),
    providerLogins: sharedRateLimit(deps.db, 'provider_logins', deps.config.guestLoginsPerAddress, GUEST_LOGIN_WINDOW_MS, now),
    games,
    gameFeed: new GameFeed(deps.bus, games, deps.log),
    attendance,
    lobbies,
    quickPlay: new QuickPlayService({
      db: kysely,
      bus: deps.bus,
      users,
      lobbies,
      now,
      windowMs: deps.config.playNowWindowSeconds * 1_000,
      log: deps.log,
      presses: sharedRateLimit(deps.db, 'play_now', deps.config.lobbyChangesPerUser, LOBBY_CHANGES_WINDOW_MS, now),
      countsIntervalMs: deps.config.lobbyListIntervalMs,
    }),
    idleLobbies: new IdleLobbies(kysely, lobbies, now, deps.config.idleLobbySeconds * 1_000, (error) => deps.log.error({ err: error }, 'closing idle lobbies failed')),
    rematch: new RematchService(kysely, deps.bus, lobbies, now),
    chat: new ChatService(
      kysely,
      deps.bus,
      now,
      {
        perUser: sharedRateLimit(deps.db, 'chat_user', CHAT_RATE_LIMIT, CHAT_WINDOW_MS, now),
        perAddress: addressLimit(deps.db, 'chat_address', deps.config.chatMessagesPerAddress, CHAT_WINDOW_MS, now),
      },
      games,
      users,
    ),
    history: new HistoryService(kysely),
    cardPlay,
    sessionSockets: new SessionSockets(deps.bus, sessions),
    subscriptionStarts: new RateLimit(deps.config.subscriptionsPerAddress, SUBSCRIPTION_WINDOW_MS, now),
    requests: new RateLimit(deps.config.requestsPerAddress, REQUEST_WINDOW_MS, now),
    presenceReports: sharedRateLimit(deps.db, 'presence_reports', PRESENCE_REPORTS, 10_000, now),
    pageOpens: sharedRateLimit(deps.db, 'page_opens', deps.config.gameOpensPerUser, 10_000, now),
    now,
  };
}
