/**
 * Lobbies: where players gather, hosts choose options, modules and bots, and a game starts.
 * Every change bumps the lobby's sequenceID and is published on `lobby/{id}` and `lobby_list`.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { BOTS } from '../../bots/index.js';
import {
  BOT_TYPES,
  commitmentOf,
  DEFAULT_OPTIONS,
  devOnlyModules,
  GAME_OPTION_KEYS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  MODULE_KEYS,
  moduleNotFound,
  newSeedValueProblem,
  type BotType,
  type Game,
  type GameDefinitions,
  type GameOptionKey,
  type GameOptions,
  type ModuleKey,
} from '../../engine/index.js';
import type { Bus, LobbyChanged } from '../bus/bus.js';
import { SharedFeed, SharedFeeds, topicChanges } from '../bus/shared-feed.js';
import type { Database, LobbiesTable, LobbyRow, UserRow } from '../db/schema.js';
import { ALREADY_IN_LOBBY } from '../../shared/lobby.js';
import { lobbyModules, lobbyOptions, seatBotType } from './lobby-rows.js';
import { clockPace, paceMs, TURN_PACES, TURN_TIMER_SETTINGS, type LobbyClock, type TurnPace, type TurnTimerSetting } from './attendance.js';
import { lobbyRoom } from './chat.js';
import { inRunningGame } from './game-store.js';
import { gameNotFound, lobbyNotFound, refusalOf, refuse } from './errors.js';
import type { GameService } from './game-service.js';
import { lookalikeOf } from './name-lookalikes.js';
import { takeFor, type AddressLimit } from './network-limit.js';
import { SerialQueue } from './serial-queue.js';
import type { Limiter } from './shared-rate-limit.js';
import { holdPeople, type PublicUser, type UserService } from './users.js';
import { addressTags, shareAnAddress } from './shared-addresses.js';
import { groupBy } from './group-by.js';

/** Options only developers may change (experimental rules). */
export const DEV_ONLY_OPTIONS: readonly GameOptionKey[] = ['prerollDice', 'retreat1', 'retreat2', 'retreat3'];

export type LobbyStatus = 'open' | 'playing' | 'finished';

export interface LobbyPlayerView {
  id: string;
  name: string;
  profilePictureURL: string | null;
  /** The value this person gave for the seed (public once given); null: none yet, and always for a bot. */
  seedValue: string | null;
  /** Whether this person left the lobby's game (a bot plays their seat to the end); false before it starts. */
  left: boolean;
}

/** A lobby as clients see it. */
export interface LobbyView {
  id: string;
  sequenceID: number;
  name: string;
  host: PublicUser;
  players: LobbyPlayerView[];
  options: GameOptions;
  modules: ModuleKey[];
  playerIDToBotType: [string, BotType][];
  game: { id: string; endTimestamp: number | null } | null;
  creationDate: number;
  status: LobbyStatus;
  /** Whether an absent player's decisions are played for them after a while: 'auto' is on with two people or more. */
  turnTimer: TurnTimerSetting;
  /** How long each decision may take while the turn timer is on: a third of the server's turn timer, it, or twice it. */
  turnPace: TurnPace;
  /** The time a player has for each decision while the turn timer is on, at the lobby's pace. */
  turnTimerSeconds: number;
  /**
   * "Show odds to players": whether the seated players of the lobby's game see the live odds bar
   * (spectators always do). Off by default; a lobby setting, not a game option (it changes no rule).
   */
  showOddsToPlayers: boolean;
  /**
   * The SHA-256 of the server's secret for the seed, from the lobby's creation: shown before
   * anyone gives a value, so the server cannot pick its secret knowing them. Null for a lobby
   * whose game started before lobbies had secrets.
   */
  serverSecretCommitment: string | null;
  /**
   * For a finished game's rematch lobby (services/rematch.ts): that game, and who of its people
   * declined to play again, oldest first (bots never do; one who joined after all is not listed):
   * `everyoneDeclined` once all its people but the one who opened it did. Null for any other lobby.
   */
  rematch: { gameID: string; declined: { id: string; name: string }[]; everyoneDeclined: boolean } | null;
}

/**
 * A lobby's name: its host's, as the host is named now (the stored name is the one at creation),
 * and from the host's second open lobby on its number (`name_number`), so that two open lobbies of
 * one host do not read the same on the lobby list: "Ann's lobby", "Ann's lobby #2".
 */
export const lobbyName = (hostName: string, number = 1): string => `${hostName}'s lobby${number > 1 ? ` #${number}` : ''}`;

/** The number for a lobby of `hostID`'s: the smallest none of the host's other open lobbies has. */
async function freeNameNumber(trx: Transaction<Database>, hostID: string, lobbyID: string): Promise<number> {
  const taken = new Set(
    (await trx.selectFrom('lobbies').select('name_number').where('host_id', '=', hostID).where('game_id', 'is', null).where('id', '!=', lobbyID).execute()).map((r) => r.name_number),
  );
  let number = 1;
  while (taken.has(number)) number++;
  return number;
}

/** Why a person the host removed from a lobby cannot take a seat in it again. */
export const REMOVED_FROM_LOBBY = 'The host removed you from this lobby: you cannot join it again.';

export const lobbyTopic = (lobbyID: string) => `lobby/${lobbyID}` as const;
export const LOBBY_LIST_TOPIC = 'lobby_list' as const;
/** The lobby list shows the newest this many. */
export const LOBBY_LIST_SIZE = 200;

/** What one user may hold at once, so that one account cannot fill the lobby list or the server. */
export interface LobbyLimits {
  maxOpenLobbiesPerUser: number;
  maxRunningGamesPerUser: number;
  /**
   * Games one user may be seated in that started in the last hour, when starting another: a game
   * left at once is finished by bots (CPU) and stored for good, so without it one account could
   * start and leave games as fast as its lobby changes allow.
   */
  gamesPerUserPerHour: number;
  /** Lobby changes (create, join, leave, kick, bots, options, start) one user may make in any 10 s. */
  lobbyChangesPerUser: number;
  /** The server's turn timer at the normal pace (a lobby chooses whether it is on, and its pace). */
  turnTimerSeconds: number;
  /**
   * The lobby list goes to its watchers at most once in this long (LOBBY_LIST_INTERVAL_MS). Each
   * time it is the whole list to every watcher (up to 430 KB, deflated for each socket on its own:
   * about 6 ms of CPU a watcher), and one account's 28 option toggles in 10 s, with 20 watchers,
   * kept 35% of a core busy; a few accounts, every core, and watchers were dropped as too slow.
   */
  listIntervalMs?: number;
}

/** The window of `lobbyChangesPerUser`. */
export const LOBBY_CHANGES_WINDOW_MS = 10_000;
/** The window of LOBBIES_PER_ADDRESS. */
export const LOBBY_OPENINGS_WINDOW_MS = 10 * 60 * 1000;

export const HOUR_MS = 60 * 60 * 1000;

/**
 * Who makes a lobby change: a person (counted against their LOBBY_CHANGES_PER_USER), or the server
 * for them (Play now seating a table: the presses that asked for it are limited on their own, and
 * one person's spent allowance must not make the table fail for everyone put at it).
 */
export type ChangeBy = 'person' | 'server';

export class LobbyService {
  /** The lobby list after each change, computed once for every watcher and every query (tRPC lobbies.list, GraphQL lobbies). */
  readonly listFeed: SharedFeed<LobbyView[]>;
  /**
   * Each lobby after each of its changes, read once for everyone watching it (null once it has
   * closed): a thousand pages on one lobby, each reading it again at every toggle, held the event
   * loop for seconds.
   */
  readonly lobbyFeeds: SharedFeeds<LobbyView | null>;
  /**
   * Every change is sent to everyone watching the lobby list: one user toggling an option in a
   * loop would make the server do that for all of them, without end.
   */
  private readonly changesPerUser: Limiter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
    private readonly users: UserService,
    private readonly games: GameService,
    private readonly definitions: GameDefinitions,
    private readonly now: () => number,
    private readonly limits: LobbyLimits,
    /** `lobbyChangesPerUser` in any LOBBY_CHANGES_WINDOW_MS, shared by every instance (shared-rate-limit.ts). */
    changesPerUser: Limiter,
    /**
     * Games a person may start from one address in any hour (GAMES_PER_ADDRESS_PER_HOUR), shared by
     * every instance. GAMES_PER_USER_PER_HOUR counts each account alone, and an address may make
     * 20 guest accounts in 10 minutes, each with its own: a game of seven Expert Bots started and
     * left at once cost 3.6 s of CPU to finish (1.1 s of it on the event loop), and while it was
     * finished everyone else's requests took 180 ms (500 ms at worst, against 4 ms): one address's
     * fresh accounts could start 2,400 an hour, more than the server could finish. Each IPv6 /48
     * counted as a whole too (network-limit.ts).
     */
    private readonly startsPerAddress?: AddressLimit,
    /**
     * Lobbies a person may open from one address in any LOBBY_OPENINGS_WINDOW_MS
     * (LOBBIES_PER_ADDRESS), shared by every instance. The list shows the newest 200, and
     * MAX_OPEN_LOBBIES_PER_USER counts each account alone: one address's 70 guest accounts (35
     * minutes of GUEST_LOGINS_PER_ADDRESS), each opening and leaving 1.5 lobbies a second within
     * its lobby changes, could open 100 a second, and push everyone else's new lobby off the list
     * within two seconds. Each IPv6 /48 counted as a whole too (network-limit.ts).
     */
    private readonly openingsPerAddress?: AddressLimit,
    /**
     * Whose turn a game's Expert Bot searches take, from the address its Start came from
     * (game-service.ts `searchOwner`): that network's, whichever of its accounts sit at the table.
     */
    private readonly searchOwnerOf?: (address: string) => string,
  ) {
    this.listFeed = new SharedFeed(topicChanges(bus, LOBBY_LIST_TOPIC), () => this.list(), limits.listIntervalMs ?? 0);
    // Read by queries too (tRPC lobbies.list, GraphQL lobbies): once per change, not once per read.
    this.listFeed.keepListening();
    this.lobbyFeeds = new SharedFeeds((lobbyID) => new SharedFeed(topicChanges(bus, lobbyTopic(lobbyID)), () => this.find(lobbyID)));
    this.changesPerUser = changesPerUser;
  }

  private async throttle(user: UserRow, by: ChangeBy = 'person'): Promise<void> {
    if (by === 'server') return;
    if (!(await this.changesPerUser.take(user.id))) throw refuse('TOO_MANY_REQUESTS', 'You are changing lobbies too fast. Wait a moment.');
  }

  /**
   * Opens a lobby with `host` seated, and answers its id with its commitment: a page that seats
   * its person and starts at once (Play a Bot) keeps the commitment as the first seen before it
   * gives their value for the dice. `address`: where a person asked for it from (none when the
   * server opens a table: Play now).
   */
  async create(host: UserRow, by: ChangeBy = 'person', address?: string): Promise<{ id: string; serverSecretCommitment: string }> {
    await this.throttle(host, by);
    // Taken before the transaction, as the lobby changes are: on PostgreSQL a take is a statement
    // of its own, and a transaction holding its connection while waiting for another could use up the pool.
    await this.countOpening(address);
    const id = `l_${randomBytes(9).toString('base64url')}`;
    // Drawn once, and never changed: the commitment players see is always the one the game uses.
    const secret = randomBytes(32).toString('hex');
    const now = this.now();
    // One host's creations in this process wait for each other, so two at once cannot both pass the cap.
    await this.serialised(`host/${host.id}`, () =>
      this.db.transaction().execute(async (trx) => {
        await this.underLobbyCap(trx, host.id);
        const number = await freeNameNumber(trx, host.id, id);
        await trx
          .insertInto('lobbies')
          .values({
            id,
            name: lobbyName(host.name, number),
            name_number: number,
            host_id: host.id,
            sequence_id: 1,
            options_json: JSON.stringify(DEFAULT_OPTIONS),
            modules_json: '[]',
            game_id: null,
            created_at: now,
            updated_at: now,
            seed_secret: secret,
          })
          .execute();
        await trx.insertInto('lobby_players').values({ lobby_id: id, seat: 0, user_id: host.id, bot_type: null }).execute();
      }),
    );
    await this.published({ lobbyID: id, sequenceID: 1 });
    return { id, serverSecretCommitment: commitmentOf(secret) };
  }

  /**
   * Counts a lobby opened from `address` against LOBBIES_PER_ADDRESS, or refuses it (nothing is
   * counted without an address: the server's own). A Play now press counts as one too: its table
   * is a lobby on the list.
   */
  async countOpening(address: string | undefined): Promise<void> {
    if (address === undefined || !this.openingsPerAddress) return;
    const refused = await takeFor(this.openingsPerAddress, address);
    if (refused === null) return;
    throw refuse('TOO_MANY_REQUESTS', `Too many lobbies opened from your network${refused.network ? ' (its IPv6 /48)' : ''}: at most ${refused.limit} in 10 minutes. Wait a while before opening another.`);
  }

  /**
   * Counts a game asked for from `address` against GAMES_PER_ADDRESS_PER_HOUR, or refuses it
   * (nothing is counted without an address: the server's own). A Play now press counts as one
   * too, whether or not a table is found: the server starts that table, and fills it with bots, so
   * presses would otherwise start games past the limit (as many as the lobbies an address may open).
   */
  async countStart(address: string | undefined): Promise<void> {
    if (address === undefined || !this.startsPerAddress) return;
    const refused = await takeFor(this.startsPerAddress, address);
    if (refused === null) return;
    throw refuse('TOO_MANY_REQUESTS', `Too many games started from your network${refused.network ? ' (its IPv6 /48)' : ''}: at most ${refused.limit} in an hour. Wait a while before starting another.`);
  }

  async get(lobbyID: string): Promise<LobbyView> {
    const lobby = await this.row(lobbyID);
    return (await this.views([lobby]))[0]!;
  }

  /** Refuses a lobby that is not there (it closed, or never was), as `get` does, reading only its row. */
  async check(lobbyID: string): Promise<void> {
    await this.row(lobbyID);
  }

  /** The lobby, or null if there is none by that id (it closed, or never was). */
  async find(lobbyID: string): Promise<LobbyView | null> {
    return this.get(lobbyID).catch((error: unknown) => {
      if (refusalOf(error)?.kind === 'NOT_FOUND') return null;
      throw error;
    });
  }

  /**
   * Whether `user` acted from one network address with another person seated in the lobby in the
   * last 30 days (services/shared-addresses.ts), so that its game would not be rated: told to each
   * of them of their own seat, never whether two others do. Not in the lobby's view that everyone
   * is sent, which would tell anyone which accounts share a home, an office or a campus with whom;
   * nor to every player or to the host, since anyone may sit at an open table for a moment to ask,
   * or host one and wait for people to sit down (a security review's stranger so learnt that the
   * two at a table shared a network). The others learn at the game's end that it moved no rating.
   */
  async sharedAddress(lobbyID: string, user: UserRow): Promise<boolean> {
    await this.row(lobbyID);
    const seats = await this.db.selectFrom('lobby_players').select(['user_id', 'bot_type']).where('lobby_id', '=', lobbyID).execute();
    if (!seats.some((s) => s.user_id === user.id)) throw refuse('FORBIDDEN', 'Only the players of a lobby are told whether its game would be rated.');
    const people = seats.filter((s) => s.bot_type === null).map((s) => s.user_id);
    const tags = await addressTags(this.db, people, this.now());
    return people.some((other) => other !== user.id && shareAnAddress(tags, [user.id, other]));
  }

  async list(): Promise<LobbyView[]> {
    const rows = await this.db.selectFrom('lobbies').selectAll().orderBy('created_at', 'desc').limit(LOBBY_LIST_SIZE).execute();
    return this.views(rows);
  }

  /**
   * The lobbies `userID` sits in that have no game yet, newest first ("Your games": a table
   * waiting to start), all of them: maxOpenLobbiesPerUser keeps them few.
   */
  async waitingFor(userID: string): Promise<LobbyView[]> {
    const rows = await this.db
      .selectFrom('lobbies')
      .innerJoin('lobby_players', 'lobby_players.lobby_id', 'lobbies.id')
      .selectAll('lobbies')
      .where('lobby_players.user_id', '=', userID)
      .where('lobbies.game_id', 'is', null)
      .orderBy('lobbies.created_at', 'desc')
      .orderBy('lobbies.id', 'desc')
      .execute();
    return this.views(rows);
  }

  /**
   * Seats `user`, with their value for the dice when they give one: given with the seat, it is in
   * the game's seed whenever the host starts. Sent apart just after, it was refused ("The game has
   * already started.") when the host pressed Start in between, and the seat added nothing.
   */
  async join(lobbyID: string, user: UserRow, by: ChangeBy = 'person', value: string | null = null): Promise<void> {
    await this.throttle(user, by);
    const problem = value === null ? null : newSeedValueProblem(value);
    if (problem) throw refuse('BAD_REQUEST', problem);
    // Serialised per user as creations are, so two joins at once cannot both pass the cap.
    await this.serialised(`host/${user.id}`, () =>
      this.change(lobbyID, async (lobby, seats, trx) => {
        if (seats.some((s) => s.user_id === user.id)) throw refuse('CONFLICT', ALREADY_IN_LOBBY);
        const removed = await trx.selectFrom('lobby_removals').select('user_id').where('lobby_id', '=', lobby.id).where('user_id', '=', user.id).executeTakeFirst();
        if (removed) throw refuse('FORBIDDEN', REMOVED_FROM_LOBBY);
        // Two players who look alike at one table could be taken for each other (name-lookalikes.ts).
        // The name as stored now, held until the seat is taken: not the one the request began
        // with, which a rename in another tab may have changed meanwhile.
        const name = await this.users.heldName(user.id, trx);
        const clash = lookalikeOf(name, await this.users.namesOf(seats.map((s) => s.user_id), trx));
        if (clash !== null) throw refuse('CONFLICT', `Someone in this lobby is already called "${clash}": change your name to join.`);
        if (seats.length >= MAX_PLAYERS) throw refuse('CONFLICT', 'The lobby is full.');
        // A developer's lobby with developer settings on is theirs to fill: those seated when a
        // setting went on were the developer's choice, anyone else would see its cards.
        const settings = this.developerSettings(lobby, seats);
        if (settings.length > 0 && !this.users.isDev(user)) throw refuse('FORBIDDEN', `Only developers can join a lobby with ${settings.join(', ')}.`);
        await this.underLobbyCap(trx, user.id);
        await trx.insertInto('lobby_players').values({ lobby_id: lobby.id, seat: nextSeat(seats), user_id: user.id, bot_type: null, seed_value: value }).execute();
      }),
    );
  }

  /**
   * MAX_OPEN_LOBBIES_PER_USER counts the open lobbies a user is in, not only those they host: a
   * host who leaves hands the lobby to the next player, so counting hosts alone let two accounts
   * pass lobbies back and forth and fill the lobby list.
   *
   * The person's row is held first, to the transaction's end: the serial queue keeps one person's
   * creations and joins apart within a process only, and on PostgreSQL two through two instances at
   * once each counted the lobbies before the other's seat was written, and both passed (a person
   * one short of 3 sat in 4). The second now waits for the first, then counts its seat.
   */
  private async underLobbyCap(trx: Transaction<Database>, userID: string): Promise<void> {
    await holdPeople(trx, [userID]);
    const open = await trx
      .selectFrom('lobby_players')
      .innerJoin('lobbies', 'lobbies.id', 'lobby_players.lobby_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('lobby_players.user_id', '=', userID)
      .where('lobbies.game_id', 'is', null)
      .executeTakeFirstOrThrow();
    const max = this.limits.maxOpenLobbiesPerUser;
    if (Number(open.count) >= max) {
      throw refuse('TOO_MANY_REQUESTS', `You are already in ${max} open ${max === 1 ? 'lobby' : 'lobbies'}: start a game in one or leave one first.`);
    }
  }

  /** Leave (a player removing themself) or kick (the host removing another). */
  async removePlayer(lobbyID: string, actor: UserRow, playerID: string, by: ChangeBy = 'person'): Promise<void> {
    await this.throttle(actor, by);
    await this.change(lobbyID, async (lobby, seats, trx) => {
      const seat = seats.find((s) => s.user_id === playerID);
      if (!seat) throw refuse('NOT_FOUND', 'That player is not in this lobby.');
      if (playerID !== actor.id && lobby.host_id !== actor.id) throw refuse('FORBIDDEN', 'Only the host can remove other players.');
      await trx.deleteFrom('lobby_players').where('lobby_id', '=', lobby.id).where('seat', '=', seat.seat).execute();
      // A person the host removed stays out: otherwise Kick only made them press Join again.
      if (playerID !== actor.id && seat.bot_type === null) {
        await trx.insertInto('lobby_removals').values({ lobby_id: lobby.id, user_id: playerID, removed_at: this.now() }).onConflict((oc) => oc.doNothing()).execute();
      }
      if (seat.bot_type !== null) await this.dropBots(trx, [seat.user_id]);
      if (playerID === lobby.host_id) {
        // The host left: the next person takes over; a lobby with nobody left closes.
        const next = seats.find((s) => s.user_id !== playerID && s.bot_type === null);
        if (next) await this.handOver(trx, lobby.id, next.user_id);
        else {
          await this.deleteLobby(trx, lobby.id, seats);
          return 'deleted';
        }
      }
      return undefined;
    });
  }

  /**
   * A lobby that has no game and has not changed, nor been seen open by its host, since `before`
   * (idle-lobbies.ts): its host is gone, and the lobby goes on as if they had left. With another
   * person seated, the host's seat goes and the next person hosts (as after Leave: they can start
   * it); with nobody else, it closes. 'idle': false when it has changed or been seen meanwhile (or
   * is gone, or has a game). Checked on the row itself, in the transaction that changes it: a join
   * or an option just made, here or on another instance, keeps the lobby as it is.
   */
  async closeIfIdle(lobbyID: string, before: number): Promise<'closed' | 'handed over' | false> {
    return this.serialised(lobbyID, async () => {
      const done = await this.db.transaction().execute(async (trx) => {
        const lobby = await trx
          .updateTable('lobbies')
          .set((eb) => ({ sequence_id: eb('sequence_id', '+', 1), updated_at: this.now() }))
          .where('id', '=', lobbyID)
          .where('game_id', 'is', null)
          .where('updated_at', '<', before)
          .returning(['id', 'host_id', 'sequence_id'])
          .executeTakeFirst();
        if (!lobby) return null;
        const seats = await trx.selectFrom('lobby_players').select(['seat', 'user_id', 'bot_type']).where('lobby_id', '=', lobbyID).orderBy('seat').execute();
        const next = seats.find((s) => s.user_id !== lobby.host_id && s.bot_type === null);
        if (!next) {
          await this.deleteLobby(trx, lobbyID, seats);
          return { outcome: 'closed' as const, sequenceID: null };
        }
        await trx.deleteFrom('lobby_players').where('lobby_id', '=', lobbyID).where('user_id', '=', lobby.host_id).execute();
        await this.handOver(trx, lobbyID, next.user_id);
        return { outcome: 'handed over' as const, sequenceID: lobby.sequence_id };
      });
      if (!done) return false;
      await this.published({ lobbyID, sequenceID: done.sequenceID });
      return done.outcome;
    });
  }

  /** The lobby's next host, its number among that host's open lobbies given anew (`lobbyName`). */
  private async handOver(trx: Transaction<Database>, lobbyID: string, hostID: string): Promise<void> {
    await trx
      .updateTable('lobbies')
      .set({ host_id: hostID, name_number: await freeNameNumber(trx, hostID, lobbyID) })
      .where('id', '=', lobbyID)
      .execute();
  }

  /** Deletes a lobby that has no game, with its seats, its bots' users and its chat. */
  private async deleteLobby(trx: Transaction<Database>, lobbyID: string, seats: readonly { user_id: string; bot_type: string | null }[]): Promise<void> {
    await trx.deleteFrom('lobby_players').where('lobby_id', '=', lobbyID).execute();
    await trx.deleteFrom('lobby_removals').where('lobby_id', '=', lobbyID).execute();
    await trx.deleteFrom('lobbies').where('id', '=', lobbyID).execute();
    // Nobody can open a closed lobby's room again: its messages would only fill the table.
    await trx.deleteFrom('chat_messages').where('room', '=', lobbyRoom(lobbyID)).execute();
    await trx.deleteFrom('chat_reads').where('room', '=', lobbyRoom(lobbyID)).execute();
    await this.dropBots(trx, seats.filter((s) => s.bot_type !== null).map((s) => s.user_id));
  }

  /**
   * A bot's user is made for its lobby seat (addBot), and a lobby changes only before its game:
   * a bot removed from one never played, and its user goes too. (Kept, a host adding and kicking
   * bots in a loop would grow the users table without end.)
   */
  private async dropBots(trx: Transaction<Database>, botIDs: string[]): Promise<void> {
    if (botIDs.length > 0) await trx.deleteFrom('users').where('id', 'in', botIDs).where('provider', '=', 'bot').execute();
  }

  async addBot(lobbyID: string, actor: UserRow, botType: BotType, by: ChangeBy = 'person'): Promise<void> {
    await this.throttle(actor, by);
    if (!BOT_TYPES.includes(botType)) throw refuse('BAD_REQUEST', `Unknown bot: ${String(botType)}.`);
    const visibility = BOTS[botType].visibility;
    if (visibility !== 'visible' && !this.users.isDev(actor)) throw refuse('FORBIDDEN', `Only developers can add a ${botType} bot.`);
    await this.change(lobbyID, async (lobby, seats, trx) => {
      this.mustHost(lobby, actor);
      if (seats.length >= MAX_PLAYERS) throw refuse('CONFLICT', 'The lobby is full.');
      const seated = await this.users.namesOf(seats.map((s) => s.user_id), trx);
      const bot = await this.users.createBot(botType, seats.filter((s) => s.bot_type !== null).length + 1, trx, seated);
      await trx.insertInto('lobby_players').values({ lobby_id: lobby.id, seat: nextSeat(seats), user_id: bot.id, bot_type: botType }).execute();
    });
  }

  /**
   * A seated person's value for the seed (replacing any they gave before), public once given. It
   * counts as a lobby change (rate-limited like the others) and is refused once the game started.
   */
  async contribute(lobbyID: string, actor: UserRow, value: string): Promise<void> {
    await this.throttle(actor);
    const problem = newSeedValueProblem(value);
    if (problem) throw refuse('BAD_REQUEST', problem);
    await this.change(lobbyID, async (lobby, seats, trx) => {
      if (!seats.some((s) => s.user_id === actor.id)) throw refuse('FORBIDDEN', 'Join the lobby to give a value for the dice.');
      await trx.updateTable('lobby_players').set({ seed_value: value }).where('lobby_id', '=', lobby.id).where('user_id', '=', actor.id).execute();
    });
  }

  async setOption(lobbyID: string, actor: UserRow, option: GameOptionKey, value: boolean, by: ChangeBy = 'person'): Promise<void> {
    await this.throttle(actor, by);
    if (!GAME_OPTION_KEYS.includes(option)) throw refuse('BAD_REQUEST', `Unknown game option: ${String(option)}.`);
    // Turning one off grants nothing: a host who took over a developer's lobby may.
    if (DEV_ONLY_OPTIONS.includes(option) && value && !this.users.isDev(actor)) throw refuse('FORBIDDEN', `Only developers can change ${option}.`);
    await this.change(lobbyID, async (lobby, _seats, trx) => {
      this.mustHost(lobby, actor);
      const options = { ...lobbyOptions(lobby.options_json), [option]: value };
      await trx.updateTable('lobbies').set({ options_json: JSON.stringify(options) }).where('id', '=', lobby.id).execute();
    });
  }

  async setTurnTimer(lobbyID: string, actor: UserRow, turnTimer: TurnTimerSetting, by: ChangeBy = 'person'): Promise<void> {
    const problem = TURN_TIMER_SETTINGS.includes(turnTimer) ? null : `Unknown turn timer setting: ${String(turnTimer)}.`;
    await this.setSetting(lobbyID, actor, problem, { turn_timer: turnTimer }, by);
  }

  async setTurnPace(lobbyID: string, actor: UserRow, pace: TurnPace, by: ChangeBy = 'person'): Promise<void> {
    const problem = (TURN_PACES as readonly string[]).includes(pace) ? null : `Unknown pace: ${String(pace)}. A lobby's pace is fast, normal or slow.`;
    await this.setSetting(lobbyID, actor, problem, { turn_pace: pace }, by);
  }

  /** The time for each decision at `pace`, in seconds. */
  private paceSeconds(pace: TurnPace): number {
    return paceMs(pace, this.limits.turnTimerSeconds * 1_000) / 1_000;
  }

  async setShowOdds(lobbyID: string, actor: UserRow, value: boolean, by: ChangeBy = 'person'): Promise<void> {
    const problem = typeof value === 'boolean' ? null : `Show odds to players is true or false, not ${String(value)}.`;
    await this.setSetting(lobbyID, actor, problem, { show_odds: value ? 1 : 0 }, by);
  }

  /**
   * A host's change of a setting kept in the lobby's own row (the turn timer, its pace, "Show odds
   * to players"): counted as a lobby change, refused with `problem` when the value is not one it
   * takes, then written by the host alone while the lobby has no game.
   */
  private async setSetting(lobbyID: string, actor: UserRow, problem: string | null, set: Updateable<LobbiesTable>, by: ChangeBy): Promise<void> {
    await this.throttle(actor, by);
    if (problem !== null) throw refuse('BAD_REQUEST', problem);
    await this.change(lobbyID, async (lobby, _seats, trx) => {
      this.mustHost(lobby, actor);
      await trx.updateTable('lobbies').set(set).where('id', '=', lobby.id).execute();
    });
  }

  /**
   * What the game screen needs of a game's lobby: whether its seated players see the odds (fixed
   * once the game started, as a lobby with a game takes no change), whether its turn timer is on
   * (the seat's clock runs on while the page is offline, and the screen says so), and the time for
   * each decision at the lobby's pace, the most a seat's clock shows. A game without a lobby has no
   * turn timer, as attendance has it.
   */
  async gameSettings(gameID: string): Promise<{ showOddsToPlayers: boolean; turnTimerOn: boolean; turnTimerSeconds: number }> {
    const game = await this.db.selectFrom('games').select('lobby_id').where('id', '=', gameID).executeTakeFirst();
    if (!game) throw gameNotFound(gameID);
    const lobby = game.lobby_id === null ? undefined : await this.db.selectFrom('lobbies').select(['show_odds', 'turn_timer', 'turn_pace']).where('id', '=', game.lobby_id).executeTakeFirst();
    if (!lobby) return { showOddsToPlayers: false, turnTimerOn: false, turnTimerSeconds: this.paceSeconds('normal') };
    const seats = await this.db.selectFrom('game_players').select('bot_type').where('game_id', '=', gameID).execute();
    const pace = clockPace({ turnTimer: lobby.turn_timer, pace: lobby.turn_pace }, { players: seats.map((seat) => ({ botType: seat.bot_type })) });
    return { showOddsToPlayers: Number(lobby.show_odds) === 1, turnTimerOn: pace !== null, turnTimerSeconds: this.paceSeconds(lobby.turn_pace) };
  }

  async setModule(lobbyID: string, actor: UserRow, key: ModuleKey, enabled: boolean, by: ChangeBy = 'person'): Promise<void> {
    await this.throttle(actor, by);
    const module = this.definitions.modules.find((m) => m.key === key);
    if (!module || !MODULE_KEYS.includes(key)) throw refuse('BAD_REQUEST', moduleNotFound(String(key)));
    if (module.state === 'disabled') throw refuse('FORBIDDEN', `Module ${key} is not available.`);
    if (module.state === 'devOnly' && enabled && !this.users.isDev(actor)) throw refuse('FORBIDDEN', `Only developers can use module ${key}.`);
    await this.change(lobbyID, async (lobby, _seats, trx) => {
      this.mustHost(lobby, actor);
      const current = lobbyModules(lobby.modules_json);
      const modules = enabled ? [...new Set([...current, key])] : current.filter((m) => m !== key);
      await trx.updateTable('lobbies').set({ modules_json: JSON.stringify(modules) }).where('id', '=', lobby.id).execute();
    });
  }

  /** `address`: where a person's Start came from (none when the server starts a table: Play now). */
  async start(lobbyID: string, actor: UserRow, by: ChangeBy = 'person', address?: string): Promise<string> {
    await this.throttle(actor, by);
    // Before the transaction, as in `create`: each Start counts, whether or not the game can begin.
    await this.countStart(address);
    const created: { game: Game; clock: LobbyClock }[] = [];
    await this.change(lobbyID, async (lobby, seats, trx) => {
      this.mustHost(lobby, actor);
      if (seats.length < MIN_PLAYERS) throw refuse('CONFLICT', `A game needs at least ${MIN_PLAYERS} players.`);
      if (!this.users.isDev(actor)) this.mustUseNoDeveloperSettings(lobby, seats);
      await this.mustHaveRoomForAGame(trx, actor, seats);
      const prepared = this.games.prepare({
        id: `g_${randomBytes(9).toString('base64url')}`,
        lobbyID: lobby.id,
        players: seats.map((s) => ({ userID: s.user_id, botType: seatBotType(s.bot_type) })),
        options: lobbyOptions(lobby.options_json),
        modules: lobbyModules(lobby.modules_json),
        // A person who gave no value adds an empty one; a bot's seat adds nothing.
        seedMix: lobby.seed_secret === null ? undefined : { serverSecret: lobby.seed_secret, contributions: seats.map((s) => ({ userID: s.user_id, value: s.seed_value ?? '' })) },
      });
      // The game is stored with the lobby's change, so a lobby never points at a missing game.
      await this.games.insert(trx, prepared, lobby.id, address === undefined ? null : (this.searchOwnerOf?.(address) ?? null));
      await trx.updateTable('lobbies').set({ game_id: prepared.game.id }).where('id', '=', lobby.id).execute();
      created.push({ game: prepared.game, clock: { turnTimer: lobby.turn_timer, pace: lobby.turn_pace } });
    });
    // Committed: its bots may start.
    const { game, clock } = created[0]!;
    this.games.started(game, clock);
    return game.id;
  }

  /**
   * Called when a lobby's game ends (its status changes to finished) or one of its people leaves
   * it, and when someone declines the rematch it is (its view's `rematch` changed).
   */
  async gameChanged(lobbyID: string): Promise<void> {
    await this.movedOn(lobbyID);
  }

  /** Bumps the lobby's sequenceID and tells its watchers and the list's, whatever its state. */
  private async movedOn(lobbyID: string): Promise<void> {
    const row = await this.db
      .updateTable('lobbies')
      .set((eb) => ({ sequence_id: eb('sequence_id', '+', 1), updated_at: this.now() }))
      .where('id', '=', lobbyID)
      .returning('sequence_id')
      .executeTakeFirst();
    await this.published({ lobbyID, sequenceID: row?.sequence_id ?? null });
  }

  /**
   * Called when someone renamed themselves: the lobbies they sit in read their old name (a lobby
   * is named after its host, and the list names who sits at each table), and a watcher is sent a
   * lobby only when its sequenceID moves. So each of their lobbies still open or on the list moves
   * on, and the list is read again.
   */
  async renamed(userID: string): Promise<void> {
    const onList = this.db.selectFrom('lobbies').select('id').orderBy('created_at', 'desc').limit(LOBBY_LIST_SIZE);
    const open = this.db.selectFrom('lobbies').select('id').where('game_id', 'is', null);
    const rows = await this.db
      .selectFrom('lobby_players')
      .select('lobby_id')
      .where('user_id', '=', userID)
      .where((eb) => eb.or([eb('lobby_id', 'in', onList), eb('lobby_id', 'in', open)]))
      .execute();
    for (const { lobby_id } of rows) await this.movedOn(lobby_id);
  }

  /**
   * A host who is not a developer may have taken the lobby over from one (the host left), with
   * developer-only options, modules or bots still in it: they cannot start it until those are
   * off or gone (turning them off is open to them).
   */
  private mustUseNoDeveloperSettings(lobby: LobbyRow, seats: readonly { bot_type: string | null }[]): void {
    const found = this.developerSettings(lobby, seats);
    if (found.length > 0) throw refuse('FORBIDDEN', `Only developers can start a game with ${found.join(', ')}: turn them off or remove them first.`);
  }

  /** The lobby's developer-only options, modules and bots, named for a refusal. */
  private developerSettings(lobby: LobbyRow, seats: readonly { bot_type: string | null }[]): string[] {
    const options = lobbyOptions(lobby.options_json);
    const modules = lobbyModules(lobby.modules_json);
    return [
      ...DEV_ONLY_OPTIONS.filter((option) => options[option]),
      ...devOnlyModules(this.definitions, modules).map((key) => `module ${key}`),
      ...seats.flatMap((s) => {
        const bot = seatBotType(s.bot_type);
        return bot !== null && BOTS[bot].visibility !== 'visible' ? [`a ${bot} bot`] : [];
      }),
    ];
  }

  /**
   * Games with no end stay in memory and are resumed at every start: a person may play only so
   * many, and start only so many an hour. Every person seated counts, not the host alone: a
   * player who only ever joined lobbies their second accounts hosted was never counted, and
   * played 25 games in 47 s (a security review, farming a rating).
   *
   * The people's rows are held first, in id order (as a game's end takes them), to the
   * transaction's end: two lobbies' starts lock two lobby rows, and on PostgreSQL each counted the
   * person's games before the other's were written, so a host with room for two more games started
   * three at once. The later start now waits for the earlier, then counts its game.
   */
  private async mustHaveRoomForAGame(trx: Transaction<Database>, host: UserRow, seats: readonly { user_id: string; bot_type: string | null }[]): Promise<void> {
    await holdPeople(trx, seats.filter((s) => s.bot_type === null).map((s) => s.user_id));
    const refusal = await this.gameCapRefusal(host, trx);
    if (refusal) throw refuse('TOO_MANY_REQUESTS', refusal);
    const others = seats.filter((s) => s.bot_type === null && s.user_id !== host.id).map((s) => s.user_id);
    if (others.length === 0) return;
    const names = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', others).execute();
    for (const { id, name } of names.sort((a, b) => others.indexOf(a.id) - others.indexOf(b.id))) {
      const theirs = await this.gameCapRefusal({ id }, trx, name);
      if (theirs) throw refuse('TOO_MANY_REQUESTS', theirs);
    }
  }

  /**
   * Why `user` may not start another game now, or null: they are seated in
   * MAX_RUNNING_GAMES_PER_USER unfinished games, or in GAMES_PER_USER_PER_HOUR games that started
   * in the last hour. Play now asks before it makes someone a table's host.
   */
  async gameCapRefusal(user: Pick<UserRow, 'id'>, db: Kysely<Database> = this.db, name?: string): Promise<string | null> {
    const since = this.now() - HOUR_MS;
    // Only the seats either count may hold are read, each from an index of its own (a running
    // game's, `inRunningGame`; and a seat carries its game's start). One join of every seat with
    // its game read a long-time player's whole history at each start: about 190 ms of SQLite's
    // time with 100,000 games.
    const { running, lastHour } = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('game_players')
          .innerJoin('games', 'games.id', 'game_players.game_id')
          .select((count) => count.fn.countAll<number | string>().as('n'))
          .where('game_players.user_id', '=', user.id)
          .where(inRunningGame('game_players'))
          .as('running'),
        eb
          .selectFrom('game_players')
          .select((count) => count.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', user.id)
          .where('start_timestamp', '>', since)
          .as('lastHour'),
      ])
      .executeTakeFirstOrThrow();
    const max = this.limits.maxRunningGamesPerUser;
    const perHour = this.limits.gamesPerUserPerHour;
    const games = (n: number) => (n === 1 ? 'game' : 'games');
    if (Number(running) >= max) {
      return name === undefined
        ? `You already play ${max} unfinished ${games(max)}: finish one before starting another.`
        : `${name} already plays ${max} unfinished ${games(max)}: the game can start once they finish one.`;
    }
    if (Number(lastHour) >= perHour) {
      return name === undefined
        ? `You have started ${perHour} ${games(perHour)} in the last hour: wait a while before starting another.`
        : `${name} has begun ${perHour} ${games(perHour)} in the last hour: the game can start once they have waited a while.`;
    }
    return null;
  }

  private mustHost(lobby: LobbyRow, actor: UserRow): void {
    if (lobby.host_id !== actor.id) throw refuse('FORBIDDEN', 'Only the host can do that.');
  }

  private async row(lobbyID: string): Promise<LobbyRow> {
    const lobby = await this.db.selectFrom('lobbies').selectAll().where('id', '=', lobbyID).executeTakeFirst();
    if (!lobby) throw lobbyNotFound(lobbyID);
    return lobby;
  }

  /**
   * Runs one change of a lobby that has no game yet, in one transaction that first bumps its
   * sequenceID, then publishes. Changes are serialised per lobby in this process; across
   * processes the bump's row lock makes a second change wait until the first has committed,
   * then read what it wrote, so no seat is taken twice and no change is lost.
   */
  private async change(
    lobbyID: string,
    apply: (
      lobby: LobbyRow,
      seats: { seat: number; user_id: string; bot_type: string | null; seed_value: string | null }[],
      trx: Transaction<Database>,
    ) => Promise<'deleted' | void | undefined>,
  ): Promise<void> {
    await this.serialised(lobbyID, async () => {
      const sequenceID = await this.db.transaction().execute(async (trx) => {
        // The bump returns the row it locked: what this change starts from, and its sequenceID.
        const lobby = await trx
          .updateTable('lobbies')
          .set((eb) => ({ sequence_id: eb('sequence_id', '+', 1), updated_at: this.now() }))
          .where('id', '=', lobbyID)
          .returningAll()
          .executeTakeFirst();
        if (!lobby) throw lobbyNotFound(lobbyID);
        if (lobby.game_id) throw refuse('CONFLICT', 'The game has already started.');
        const seats = await trx.selectFrom('lobby_players').select(['seat', 'user_id', 'bot_type', 'seed_value']).where('lobby_id', '=', lobbyID).orderBy('seat').execute();
        return (await apply(lobby, seats, trx)) === 'deleted' ? null : lobby.sequence_id;
      });
      await this.published({ lobbyID, sequenceID });
    });
  }

  /** Work per lobby (and per user, for creations and joins), one at a time in this process. */
  private readonly queue = new SerialQueue();

  /** Runs `work` after the earlier work queued under the same key, in this process. */
  private serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(key, work);
  }

  /** Tells the lobby's watchers and the list's that it changed (to sequenceID, or was deleted: null). */
  private async published(change: LobbyChanged): Promise<void> {
    await this.bus.publish(lobbyTopic(change.lobbyID), change);
    await this.bus.publish(LOBBY_LIST_TOPIC, change);
  }

  /**
   * The lobbies as everyone is sent them. A list of 200 full eight-seat lobbies took 30-40 ms of
   * CPU: every seated user read whole (their stats, never shown but for the hosts), the seats
   * sorted afresh, and each lobby's seats, game and rematch searched for in the whole list. Now
   * the seats come in their key's order, only the hosts are read whole, the other people by name
   * and picture, and each lobby finds its own by key.
   */
  private async views(rows: LobbyRow[]): Promise<LobbyView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const seats = await this.db
      .selectFrom('lobby_players')
      .select(['lobby_id', 'seat', 'user_id', 'bot_type', 'seed_value'])
      .where('lobby_id', 'in', ids)
      .orderBy('lobby_id')
      .orderBy('seat')
      .execute();
    const seatsOf = groupBy(seats, (s) => s.lobby_id);
    const gameIDs = rows.map((r) => r.game_id).filter((id): id is string => id !== null);
    const games = new Map(
      (gameIDs.length ? await this.db.selectFrom('games').select(['id', 'end_timestamp']).where('id', 'in', gameIDs).execute() : []).map((g) => [g.id, g] as const),
    );
    const left = gameIDs.length
      ? new Set((await this.db.selectFrom('game_seats').select(['game_id', 'user_id']).where('game_id', 'in', gameIDs).where('left_at', 'is not', null).execute()).map((r) => `${r.game_id} ${r.user_id}`))
      : new Set<string>();
    const rematches = new Map((await this.db.selectFrom('rematches').select(['game_id', 'lobby_id', 'created_by']).where('lobby_id', 'in', ids).execute()).map((r) => [r.lobby_id, r] as const));
    const rematchGames = [...rematches.values()].map((r) => r.game_id);
    const [people, declines] = rematchGames.length
      ? await Promise.all([
          this.db.selectFrom('game_players').select(['game_id', 'user_id']).where('game_id', 'in', rematchGames).where('bot_type', 'is', null).execute(),
          this.db.selectFrom('rematch_declines').select(['game_id', 'user_id']).where('game_id', 'in', rematchGames).orderBy('declined_at').orderBy('user_id').execute(),
        ])
      : [[], []];
    const hosts = new Map((await this.users.getMany(rows.map((r) => r.host_id))).map((u) => [u.id, u] as const));
    const named = [...new Set([...seats.map((s) => s.user_id), ...declines.map((d) => d.user_id)])].filter((id) => !hosts.has(id));
    const names = new Map<string, { name: string; profile_picture_url: string | null }>(
      (named.length ? await this.db.selectFrom('users').select(['id', 'name', 'profile_picture_url']).where('id', 'in', named).execute() : []).map((u) => [u.id, u] as const),
    );
    for (const [id, host] of hosts) names.set(id, host);
    const rematchOf = (lobbyID: string, seated: Set<string>): LobbyView['rematch'] => {
      const rematch = rematches.get(lobbyID);
      if (!rematch) return null;
      const others = people.filter((p) => p.game_id === rematch.game_id && p.user_id !== rematch.created_by).map((p) => p.user_id);
      const declined = declines.filter((d) => d.game_id === rematch.game_id && others.includes(d.user_id) && !seated.has(d.user_id)).map((d) => d.user_id);
      return {
        gameID: rematch.game_id,
        declined: declined.map((id) => ({ id, name: names.get(id)?.name ?? '(unknown-user)' })),
        everyoneDeclined: others.length > 0 && others.every((id) => declined.includes(id)),
      };
    };
    return rows.map((lobby) => {
      const mine = seatsOf.get(lobby.id) ?? [];
      const game = lobby.game_id === null ? undefined : games.get(lobby.game_id);
      const host = hosts.get(lobby.host_id)!;
      return {
        id: lobby.id,
        sequenceID: lobby.sequence_id,
        // Named after the host as they are now: one who renamed, or took the lobby over.
        name: lobbyName(host.name, lobby.name_number),
        host: this.users.toPublicUser(host),
        players: mine.map((s) => {
          const u = names.get(s.user_id);
          return { id: s.user_id, name: u?.name ?? '(unknown-user)', profilePictureURL: u?.profile_picture_url ?? null, seedValue: s.seed_value, left: left.has(`${lobby.game_id} ${s.user_id}`) };
        }),
        options: lobbyOptions(lobby.options_json),
        modules: lobbyModules(lobby.modules_json),
        playerIDToBotType: mine.flatMap((s) => {
          const bot = seatBotType(s.bot_type);
          return bot === null ? [] : [[s.user_id, bot] as [string, BotType]];
        }),
        game: game ? { id: game.id, endTimestamp: game.end_timestamp } : null,
        creationDate: lobby.created_at,
        status: !game ? 'open' : game.end_timestamp === null ? 'playing' : 'finished',
        turnTimer: lobby.turn_timer,
        turnPace: lobby.turn_pace,
        turnTimerSeconds: this.paceSeconds(lobby.turn_pace),
        showOddsToPlayers: Number(lobby.show_odds) === 1,
        serverSecretCommitment: lobby.seed_secret === null ? null : commitmentOf(lobby.seed_secret),
        rematch: rematchOf(lobby.id, new Set(mine.map((s) => s.user_id))),
      };
    });
  }
}

function nextSeat(seats: readonly { seat: number }[]): number {
  return seats.length === 0 ? 0 : Math.max(...seats.map((s) => s.seat)) + 1;
}
