/**
 * Play now: a game in one click. A person asks for a table of a size (2 to 4 players) and waits;
 * the people who ask for the same size within the window of the first one waiting (PLAY_NOW_WINDOW_SECONDS)
 * are seated together, and when the window ends bots take the seats nobody took (the weakest kind
 * above them all: play-now-bot.ts). A full table starts at once. The game is made with the lobby
 * service's own steps (create, join, add bots, start), so it is a lobby and a game like any other,
 * with every check they make.
 *
 * The waits are rows in the database (`play_now_waits`), one per person, so every instance on
 * PostgreSQL sees the same queue. A group is claimed with one conditional update of its rows (the
 * claim is set only where none is yet): of two instances that pick the same people at once, the
 * second's update finds a row already claimed, and its transaction is rolled back. Nobody is seated
 * twice. The claimed rows then keep what became of the wait (the game, or why there is none) for
 * the person's page to read.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { BotType } from '../../engine/index.js';
import type { Bus, Nudge } from '../bus/bus.js';
import { SharedFeed, SharedFeeds, topicChanges } from '../bus/shared-feed.js';
import type { Database, PlayNowWaitsTable, UserRow } from '../db/schema.js';
import { INTERNAL_ERROR_MESSAGE, refuse, sentValue, ServiceError } from './errors.js';
import type { LobbyService } from './lobbies.js';
import { nameKeys } from './name-lookalikes.js';
import { playNowBot } from './play-now-bot.js';
import { ratingsOf } from './ratings.js';
import type { Limiter } from './shared-rate-limit.js';
import type { UserService } from './users.js';

/** The table sizes Play now offers. */
export const PLAY_NOW_SIZES = [2, 3, 4] as const;
export type PlayNowSize = (typeof PLAY_NOW_SIZES)[number];

export const PLAY_NOW_TOPIC = 'play_now' as const;
export const playNowUserTopic = (userID: string) => `play_now/${userID}` as const;

/** A claim its instance never finished (it stopped meanwhile) is given back after this long. */
const STALE_CLAIM_MS = 60_000;
/** What became of a wait is kept this long for the person's page, then forgotten. */
const RESULT_KEPT_MS = 10 * 60_000;

/** A wait in the queue, with its person's name. */
type Waiting = { user_id: string; since: number; name: string };

/**
 * The queue of one size as tables, in the order of their first waits: each wait goes to the first
 * table with room where nobody's name looks like its person's (name-lookalikes.ts), as a lobby
 * refuses such a join. Two strangers who both called themselves "Alex" pressed together: the
 * second was refused at the table ("Someone in this lobby is already called..."), and the first
 * was seated at once with a bot, by a table counted full that never was.
 */
function tablesOf(queue: readonly Waiting[], size: number): Waiting[][] {
  // Each name's keys are taken once, and each table keeps its people's: compared afresh, strangers
  // all called "Alex", one a table, cost each wait the keys of every one before it, and every
  // person waiting reads their status through this (tests/server/security-review-29.test.ts).
  const tables: { waits: Waiting[]; keys: Set<string> }[] = [];
  for (const wait of queue) {
    const keys = nameKeys(wait.name);
    let table = tables.find((t) => t.waits.length < size && !keys.some((key) => t.keys.has(key)));
    if (!table) tables.push((table = { waits: [], keys: new Set() }));
    table.waits.push(wait);
    for (const key of keys) table.keys.add(key);
  }
  return tables.map((t) => t.waits);
}

/** One person's wait, as they see it. */
export type PlayNowWait =
  /**
   * `atTable`: the people at the person's table so far, the person included. Not the count of
   * their size: a lookalike name waits at a table of its own, and "you and 1 more" told of someone
   * who would never sit with them.
   */
  | { state: 'waiting'; size: PlayNowSize; since: number; deadline: number; atTable: number }
  | { state: 'starting'; size: PlayNowSize }
  | { state: 'matched'; size: PlayNowSize; gameID: string }
  | { state: 'failed'; size: PlayNowSize; message: string };

/** How many people wait for each size, smallest first. */
export type PlayNowCounts = { size: PlayNowSize; waiting: number }[];

export interface PlayNowStatus {
  /** How many people are waiting now, for each size. */
  waiting: PlayNowCounts;
  /** The caller's own wait (null: none). */
  mine: PlayNowWait | null;
  /** The window, in seconds. */
  windowSeconds: number;
}

const none: Nudge = {};

export function playNowSizeProblem(size: unknown): string | null {
  if (typeof size === 'number' && (PLAY_NOW_SIZES as readonly number[]).includes(size)) return null;
  return `Play now seats 2, 3 or 4 players: the size must be 2, 3 or 4, not ${sentValue(size)}.`;
}

export class QuickPlayService {
  /** The counts after each change, computed once for every watcher. */
  readonly countsFeed: SharedFeed<PlayNowCounts>;
  /**
   * Each person's status after each change of the counts or of their wait, read once for all
   * their pages: one person's thousand subscriptions, each reading it again at every press
   * anywhere, held the event loop.
   */
  readonly statusFeeds: SharedFeeds<PlayNowStatus>;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  private closed = false;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      bus: Bus;
      users: UserService;
      lobbies: LobbyService;
      now: () => number;
      windowMs: number;
      log: Logger;
      /**
       * Joins and cancels per user (LOBBY_CHANGES_PER_USER in any 10 s, as lobby changes): each
       * changes the counts, and every watcher of `onStatus` then reads its status again.
       */
      presses: Limiter;
      /**
       * The counts go to their watchers at most once in this long (LOBBY_LIST_INTERVAL_MS, as the
       * lobby list they sit beside). Every press sent every person on the lobby list their status
       * again, read afresh: with 300 of them, ten guests pressing within their own limits kept 90%
       * of a core busy (81,000 messages in 10 s).
       */
      countsIntervalMs?: number;
    },
  ) {
    // Everyone on the lobby list is sent the counts: at most once in `countsIntervalMs`, however
    // many press (their own wait still at once, on their own topic).
    this.countsFeed = new SharedFeed(topicChanges(deps.bus, PLAY_NOW_TOPIC), () => this.counts(), deps.countsIntervalMs ?? 0);
    this.statusFeeds = new SharedFeeds((userID) => {
      const mine = topicChanges(deps.bus, playNowUserTopic(userID));
      const changes = (changed: () => void) => {
        const stops = [this.countsFeed.subscribe(changed), mine(changed)];
        return () => stops.forEach((stop) => stop());
      };
      return new SharedFeed(changes, () => this.status(userID));
    });
  }

  /**
   * Starts waiting for a table of `size`; a full table starts at once. One wait per person.
   * `address`: where they pressed from (LOBBIES_PER_ADDRESS, GAMES_PER_ADDRESS_PER_HOUR).
   * `pressID`: the client's key for this press, the same in any resend of it (null: none).
   */
  async join(user: UserRow, size: unknown, address?: string, pressID: string | null = null): Promise<PlayNowWait> {
    const problem = playNowSizeProblem(size);
    if (problem) throw refuse('BAD_REQUEST', problem);
    await this.throttle(user);
    const { db, now } = this.deps;
    const current = await db.selectFrom('play_now_waits').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    // The press this wait came from, sent again (a second click, a request resent): answered with
    // what became of it, even once the page forgot its result. Taken for a new press, it made a
    // second wait after the first was seated, and a second table when its window ended.
    if (current && pressID !== null && current.press_id === pressID) return this.stateOf(current);
    // Anyone waiting may be the first at their table, whose game they then start as its host.
    const capped = await this.deps.lobbies.gameCapRefusal(user);
    if (capped) throw refuse('TOO_MANY_REQUESTS', capped);
    if (current && current.forgotten_at === null) {
      if (current.claim === null) throw refuse('CONFLICT', `You are already waiting for a game of ${current.size}: cancel that wait first.`);
      if (current.game_id === null && current.failure === null) throw refuse('CONFLICT', 'Your game is being set up.');
      // Seated at a table whose game still runs, its result not yet forgotten (the page forgets it
      // once it shows it): a second tab's press that came just after the first filled the table.
      // Its game is the answer; forgetting it for a new wait seated the person at a second table
      // when the window ended.
      if (current.game_id !== null && (await this.running(current.game_id))) return { state: 'matched', size: Number(current.size) as PlayNowSize, gameID: current.game_id };
    }
    // What became of an earlier wait, already shown (or forgotten): gone for the new one.
    if (current) await db.deleteFrom('play_now_waits').where('user_id', '=', user.id).where('claim', '=', current.claim).execute();
    // The table is a lobby on the list like any other, and a game the server starts: each press
    // counts among the address's lobbies opened and games started.
    await this.deps.lobbies.countOpening(address);
    await this.deps.lobbies.countStart(address);
    const since = now();
    const inserted = await db
      .insertInto('play_now_waits')
      .values({ user_id: user.id, size: size as PlayNowSize, since, claim: null, claimed_at: null, game_id: null, failure: null, press_id: pressID, forgotten_at: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // The same press, sent again while the first was on its way: the wait it made is the answer.
      const other = pressID === null ? undefined : await db.selectFrom('play_now_waits').selectAll().where('user_id', '=', user.id).where('press_id', '=', pressID).executeTakeFirst();
      if (other) return this.stateOf(other);
      throw refuse('CONFLICT', 'You are already waiting for a game: cancel that wait first.');
    }
    await this.changed([user.id]);
    this.schedule(since + this.deps.windowMs);
    await this.sweep();
    // None: the person cancelled it meanwhile (another tab). Their press still made a wait, which
    // is what it answers; 'starting' said a game was being set up for a wait that was gone.
    return (await this.waitOf(user.id)) ?? { state: 'waiting', size: size as PlayNowSize, since, deadline: since + this.deps.windowMs, atTable: 1 };
  }

  /** Whether the game has not ended. */
  private async running(gameID: string): Promise<boolean> {
    const game = await this.deps.db.selectFrom('games').select('end_timestamp').where('id', '=', gameID).executeTakeFirst();
    return game !== undefined && game.end_timestamp === null;
  }

  /**
   * Stops waiting (or forgets what became of a wait). Too late once the game is being set up. A
   * result is kept, marked forgotten, until it is old (RESULT_KEPT_MS): a resend of the press that
   * made it is still answered with it.
   */
  async cancel(user: UserRow): Promise<void> {
    await this.throttle(user);
    const { db, now } = this.deps;
    // Two looks at most: a wait still unclaimed after the first was made in between (a press from
    // another tab at the same instant), and is cancelled as any other. Answered "too late" instead,
    // the player was told their game was being set up while it kept waiting.
    for (let look = 1; ; look++) {
      const stopped = await db.deleteFrom('play_now_waits').where('user_id', '=', user.id).where('claim', 'is', null).executeTakeFirst();
      if (Number(stopped.numDeletedRows) > 0) return this.changed([user.id]);
      const forgotten = await db
        .updateTable('play_now_waits')
        .set({ forgotten_at: now() })
        .where('user_id', '=', user.id)
        .where('forgotten_at', 'is', null)
        .where((eb) => eb.or([eb('game_id', 'is not', null), eb('failure', 'is not', null)]))
        .executeTakeFirst();
      if (Number(forgotten.numUpdatedRows) > 0) return this.changed([user.id]);
      const row = await db.selectFrom('play_now_waits').select('claim').where('user_id', '=', user.id).where('forgotten_at', 'is', null).executeTakeFirst();
      if (!row) throw refuse('NOT_FOUND', 'You are not waiting for a game.');
      if (row.claim !== null || look === 2) throw refuse('CONFLICT', 'Too late to cancel: your game is being set up.');
    }
  }

  private async throttle(user: UserRow): Promise<void> {
    if (!(await this.deps.presses.take(user.id))) throw refuse('TOO_MANY_REQUESTS', 'You are pressing Play now too fast. Wait a moment.');
  }

  async status(userID: string): Promise<PlayNowStatus> {
    const [waiting, mine] = await Promise.all([this.countsFeed.latest(), this.waitOf(userID)]);
    return { waiting, mine, windowSeconds: this.deps.windowMs / 1000 };
  }

  async counts(): Promise<PlayNowCounts> {
    const rows = await this.deps.db
      .selectFrom('play_now_waits')
      .select(['size', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('claim', 'is', null)
      .groupBy('size')
      .execute();
    return PLAY_NOW_SIZES.map((size) => ({ size, waiting: Number(rows.find((r) => Number(r.size) === size)?.count ?? 0) }));
  }

  /** One person's wait (null: none, or its result forgotten). */
  async waitOf(userID: string): Promise<PlayNowWait | null> {
    const row = await this.deps.db.selectFrom('play_now_waits').selectAll().where('user_id', '=', userID).executeTakeFirst();
    return row && row.forgotten_at === null ? this.stateOf(row) : null;
  }

  /** A wait as its person sees it: while waiting, the window of their group (the oldest wait in it) ends at `deadline`. */
  private async stateOf(row: Selectable<PlayNowWaitsTable>): Promise<PlayNowWait> {
    const size = Number(row.size) as PlayNowSize;
    if (row.game_id !== null) return { state: 'matched', size, gameID: row.game_id };
    if (row.failure !== null) return { state: 'failed', size, message: row.failure };
    if (row.claim !== null) return { state: 'starting', size };
    const group = tablesOf(await this.queueOf(size), size).find((table) => table.some((w) => w.user_id === row.user_id));
    const first = group?.[0] ?? row;
    return { state: 'waiting', size, since: Number(row.since), deadline: Number(first.since) + this.deps.windowMs, atTable: group?.length ?? 1 };
  }

  /** Stops the timer; a sweep under way finishes. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private queueOf(size: number): Promise<Waiting[]> {
    return this.deps.db
      .selectFrom('play_now_waits')
      .innerJoin('users', 'users.id', 'play_now_waits.user_id')
      .select(['play_now_waits.user_id', 'play_now_waits.since', 'users.name'])
      .where('play_now_waits.size', '=', size)
      .where('play_now_waits.claim', 'is', null)
      .orderBy('play_now_waits.since')
      .orderBy('play_now_waits.user_id')
      .execute();
  }

  private async changed(userIDs: readonly string[]): Promise<void> {
    await this.deps.bus.publish(PLAY_NOW_TOPIC, none);
    for (const id of userIDs) await this.deps.bus.publish(playNowUserTopic(id), none);
  }

  /** Sweeps again at `at` (the end of a window), unless a sweep is due sooner. */
  private schedule(at: number): void {
    if (this.closed || at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    // A few milliseconds late, so the window has ended by the sweep's own clock.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.sweep().catch((error: unknown) => {
        if (!this.closed) this.deps.log.error({ err: error }, 'Play now: seating failed');
      });
    }, Math.max(0, at - this.deps.now()) + 5);
    this.timer.unref();
  }

  /** Seats every group that is full or whose window ended; one sweep at a time in this process. */
  async sweep(): Promise<void> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      try {
        do {
          this.sweepAgain = false;
          await this.sweepOnce();
        } while (this.sweepAgain && !this.closed);
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    const { db, now, windowMs } = this.deps;
    // A claim whose instance stopped before seating it goes back to the queue; old results are forgotten.
    await db.updateTable('play_now_waits').set({ claim: null, claimed_at: null }).where('claim', 'is not', null).where('game_id', 'is', null).where('failure', 'is', null).where('claimed_at', '<', now() - STALE_CLAIM_MS).execute();
    await db.deleteFrom('play_now_waits').where('claimed_at', '<', now() - RESULT_KEPT_MS).where((eb) => eb.or([eb('game_id', 'is not', null), eb('failure', 'is not', null)])).execute();
    for (const size of PLAY_NOW_SIZES) {
      for (;;) {
        if (this.closed) return;
        // A table is seated once full or once its window (its first wait's) has ended; the others
        // are looked at again when theirs ends.
        const tables = tablesOf(await this.queueOf(size), size);
        const windowEnds = (table: Waiting[]) => Number(table[0]!.since) + windowMs;
        const group = tables.find((table) => table.length === size || now() >= windowEnds(table));
        for (const table of tables) if (table !== group) this.schedule(windowEnds(table));
        if (!group) break;
        const claim = await this.claim(group.map((w) => w.user_id), size);
        if (claim === null) continue; // another instance took some of them first: look again
        await this.changed(group.map((w) => w.user_id));
        await this.seat(group.map((w) => w.user_id), size, claim);
      }
    }
  }

  /** Claims these waits, all or none; null if another claim took one of them first. */
  private async claim(userIDs: string[], size: number): Promise<string | null> {
    const claim = randomBytes(9).toString('base64url');
    const lost = new Error('claimed elsewhere');
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('play_now_waits')
          .set({ claim, claimed_at: this.deps.now() })
          .where('user_id', 'in', userIDs)
          .where('size', '=', size)
          .where('claim', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== userIDs.length) throw lost;
      });
      return claim;
    } catch (error) {
      if (error === lost) return null;
      throw error;
    }
  }

  /**
   * Seats a claimed group through the lobby service: the first who can host creates the lobby, the
   * others join, bots take the rest, the host starts it. A person the service refuses (a limit, a
   * name too like another's) is told why and their seat goes to a bot.
   */
  private async seat(userIDs: string[], size: number, claim: string): Promise<void> {
    const { users, lobbies, log } = this.deps;
    const people = (await users.getMany(userIDs)).sort((a, b) => userIDs.indexOf(a.id) - userIDs.indexOf(b.id));
    const failed = new Map<string, string>();
    const refusal = (error: unknown): string => {
      if (error instanceof ServiceError) return error.message;
      log.error({ err: error }, 'Play now: seating failed');
      return INTERNAL_ERROR_MESSAGE;
    };
    for (const id of userIDs) if (!people.some((p) => p.id === id)) failed.set(id, 'Your account was not found.');
    let host: UserRow | null = null;
    let lobbyID: string | null = null;
    const seated: UserRow[] = [];
    for (const person of people) {
      try {
        // Everyone's games count when the game starts: someone who has started games elsewhere
        // since they pressed (to MAX_RUNNING_GAMES_PER_USER or GAMES_PER_USER_PER_HOUR) is not
        // seated, or the start would fail for everyone at the table. Only their own wait fails.
        const capped = await lobbies.gameCapRefusal(person);
        if (capped) {
          failed.set(person.id, capped);
          continue;
        }
        if (lobbyID === null) {
          lobbyID = (await lobbies.create(person, 'server')).id;
          host = person;
        } else {
          await lobbies.join(lobbyID, person, 'server');
        }
        seated.push(person);
      } catch (error) {
        failed.set(person.id, refusal(error));
      }
    }
    let gameID: string | null = null;
    if (lobbyID !== null && host !== null) {
      try {
        // Made by the server for the table: nobody's own lobby changes are counted (ChangeBy).
        const bot = playNowBot([...(await ratingsOf(this.deps.db, seated)).values()]);
        for (let i = seated.length; i < size; i++) await lobbies.addBot(lobbyID, host, bot, 'server');
        gameID = await this.start(lobbyID, host, seated, failed, bot);
      } catch (error) {
        const message = refusal(error);
        for (const person of seated) failed.set(person.id, message);
        // The lobby that could not start closes: everyone in it leaves (the last one closes it).
        for (const person of [...seated].reverse()) await lobbies.removePlayer(lobbyID, person, person.id, 'server').catch(() => undefined);
      }
    }
    const { db } = this.deps;
    if (gameID !== null) {
      const ids = seated.map((p) => p.id).filter((id) => !failed.has(id));
      if (ids.length > 0) await db.updateTable('play_now_waits').set({ game_id: gameID }).where('claim', '=', claim).where('user_id', 'in', ids).execute();
    }
    for (const [userID, message] of failed) {
      await db.updateTable('play_now_waits').set({ failure: message }).where('claim', '=', claim).where('user_id', '=', userID).execute();
    }
    await this.changed(userIDs);
  }

  /**
   * Starts a seated table. Someone at it who reached a game cap since they were asked (a game of
   * their own started in between) would make the start fail for everyone: they leave the table,
   * told why, a bot takes their seat, and the table starts without them.
   */
  private async start(lobbyID: string, host: UserRow, seated: UserRow[], failed: Map<string, string>, bot: BotType): Promise<string> {
    const { lobbies } = this.deps;
    try {
      return await lobbies.start(lobbyID, host, 'server');
    } catch (error) {
      const late: UserRow[] = [];
      for (const person of seated) {
        const capped = person === host ? null : await lobbies.gameCapRefusal(person);
        if (capped) {
          late.push(person);
          failed.set(person.id, capped);
        }
      }
      if (late.length === 0) throw error;
      for (const person of late) {
        seated.splice(seated.indexOf(person), 1);
        await lobbies.removePlayer(lobbyID, person, person.id, 'server');
        await lobbies.addBot(lobbyID, host, bot, 'server');
      }
      return lobbies.start(lobbyID, host, 'server');
    }
  }
}
