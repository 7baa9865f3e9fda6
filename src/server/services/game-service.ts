/**
 * The one authority for games: every change goes through `commit`, the action pipeline of the
 * architecture (docs/architecture.md): load -> applyAction -> advance -> let due bots act -> append the step (its actions
 * and events, now and then a snapshot of the state) guarded by sequenceID (compare and swap),
 * committed in a group with other games' steps (step-log.ts) -> publish -> answer.
 * Actions on one game are queued in this process; across processes the compare and swap decides,
 * and a writer that lost reloads and tries again, so no update is lost or applied twice.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { botDecision } from '../../bots/harness.js';
import { BOTS } from '../../bots/index.js';
import {
  advance,
  applyAction,
  createGame,
  deriveSeed,
  devOnlyModules,
  pendingDecision,
  seedFromNumber,
  type Action,
  type BotType,
  type Game,
  type GameDefinitions,
  type GameEvent,
  type GameOptions,
  type ModuleKey,
  type RuleError,
  type SeedMix,
  type UserID,
  viewFor,
} from '../../engine/index.js';
import type { Transaction } from 'kysely';
import { gameTopic, type Bus } from '../bus/bus.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { BotThreads } from '../bots/bot-threads.js';
import { networkOf } from '../client-address.js';
import { clockPace, decisionKey, type Attendance, type LobbyClock } from './attendance.js';
import type { SeatDue } from './seat-store.js';
import { countsInGallery } from './card-play.js';
import { gameNotFound, refuse, ServiceError } from './errors.js';
import { withStandIn } from './stand-in.js';
import { viewerOf } from './game-views.js';
import { logsChat, withChat } from './game-chat.js';
import { SerialQueue } from './serial-queue.js';
import { catchUp, insertActions, insertGame, loadGameRecord, saveStep, storedSequenceID, unfinishedGameIDs, writeSnapshot, type StoredAction } from './game-store.js';
import { StepLog } from './step-log.js';
import { UnbidLimit } from './unbid-limit.js';

/** A game's last step is saved in a transaction of its own, with the players' stats; the others go through the step log. */
const savedAlone = (game: Game) => game.gameEndTimestamp !== null;

/**
 * How much longer than the bot delay an instance waits before it plays a bot due after another
 * instance's step (`standBy`): room for that instance's own timer and a search on its threads.
 */
const STAND_BY_MS = 5_000;

export interface GameServiceDeps {
  db: Db;
  bus: Bus;
  definitions: GameDefinitions;
  now: () => number;
  botDelayMs: number;
  log: Logger;
  onGameEnded?: (game: Game) => Promise<void>;
  /** Called when a person leaves a game that goes on without them. */
  onLeft?: (gameID: string) => Promise<void>;
  /** Who is at the table: absent players' seats are played by a stand-in bot. */
  attendance?: Attendance;
  /** Where steps are appended; by default a group-committing log on `db`. */
  stepLog?: StepLog;
  /** Threads for the bots that search; without them every bot decides on the event loop. */
  botThreads?: BotThreads;
}

export interface NewGame {
  id: string;
  lobbyID: string | null;
  players: { userID: UserID; botType: BotType | null }[];
  options: Partial<GameOptions>;
  modules: ModuleKey[];
  /** The lobby's secret and its people's values to mix the seed from; without it the server draws the seed alone. */
  seedMix?: SeedMix;
}

/** A move from a player who left: refused whatever it is. */
const LEFT_GAME = 'You left this game: a bot plays your seat to the end.';

/** An action's outcome: committed, or refused by a rule. (A missing game is thrown: `gameNotFound`.) */
export type ActResult = { ok: true; sequenceID: number } | RuleError;

interface Change {
  game: Game;
  actions: StoredAction[];
  events: GameEvent[];
}

const MAX_ATTEMPTS = 8;
/** A step that found the game moved on by others MAX_ATTEMPTS times in a row. */
const tooBusy = (gameID: string) => refuse('CONFLICT', `Game ${gameID} changed too often to save: try again.`);
/**
 * Plays a searching bot's seat when the game is finished at once (no person left at the table):
 * its search would hold the event loop for every remaining decision, and the result no longer
 * matters to anyone at the table.
 */
const QUICK_STAND_IN: BotType = 'basic_bot2';

/** Live games kept in memory; the least recently written beyond this are loaded again if needed. */
const MAX_CACHED_GAMES = 500;
/**
 * A step rewrites the game's snapshot when this many sequenceIDs have passed since the last one
 * (besides at the end of the game and at shutdown): a load re-runs at most this many steps,
 * about 0.2 ms of engine time. Not at every phase's or turn's end too: that was a quarter of all
 * steps (625 of 2,428 in 20 four-player games, against 100 now), and their ~5 KB snapshots
 * were most of the bytes the steps wrote.
 */
export const SNAPSHOT_EVERY = 32;

/**
 * The most decisions the stand-ins make in one step when they finish a game nobody is left in
 * (`botsToTheEnd`): a few milliseconds of the event loop each, where the whole rest of a game in
 * one step held it for up to a second.
 */
export const FINISH_STEP_DECISIONS = 16;


/**
 * Each game's bots draw from a seed derived from the game's secret seed, so nobody can run a bot
 * on the public view to learn its bid early. (A game from before 256-bit seeds has an integer
 * seed; its bots go on from a seed derived from that.)
 */
export function botSeedOf(game: Game): string {
  return deriveSeed(typeof game.seed === 'number' ? seedFromNumber(game.seed) : game.seed, 'bots');
}

/**
 * Whose turn a game's Expert Bot searches take on the bot threads, for a game started from
 * `addressKey` (client-address.ts): its network (an IPv4 address, an IPv6 /48, as
 * GAMES_PER_ADDRESS_PER_HOUR counts them), whichever accounts sit at the table, as an HMAC under
 * the server's secret (stored with the game, and the table need not tell where anyone played from).
 * Keyed by the game's first person, one address's guests, each with a game of Expert Bots, were as
 * many owners as games, and anyone else's search waited for one of each
 * (tests/server/security-review-28.test.ts).
 */
export function searchOwner(secret: string, addressKey: string): string {
  return `n_${createHmac('sha256', secret).update(`searches ${networkOf(addressKey) ?? addressKey}`).digest('base64url').slice(0, 22)}`;
}

export class GameService {
  private readonly cache = new Map<string, Game>();
  /** Per cached game, the sequenceID of its stored snapshot (-1: stored by an older release). */
  private readonly snapshots = new Map<string, number>();
  /** Reads of games from the database under way (`get`), shared by those who ask meanwhile. */
  private readonly reading = new Map<string, Promise<Game | null>>();
  private readonly log: StepLog;
  private readonly queue = new SerialQueue();
  /** Games nobody is left in, finished by their stand-ins one at a time (`botsToTheEnd`). */
  private readonly finishing = new SerialQueue();
  private readonly unbids = new UnbidLimit();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** A bot due after another instance's step, played here only if it is still due well after the bot delay (`standBy`). */
  private readonly standBys = new Map<string, NodeJS.Timeout>();
  /** Games whose due bot is thinking on a thread (botTurn). */
  private readonly thinking = new Set<string>();
  /** Whose turn each cached game's searches take (`searchOwnerOf`), as stored with it. */
  private readonly owners = new Map<string, string | null>();
  /** Tables being read (`attend`), shared by those who ask meanwhile. */
  private readonly attending = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly deps: GameServiceDeps) {
    this.log = deps.stepLog ?? StepLog.for(deps.db, deps.bus);
    if (deps.attendance) {
      deps.attendance.onAway = (gameID) => void this.wakeBots(gameID);
      // As when the last person leaves: the quick stand-in plays the searching bots' seats too.
      // Left to them, an abandoned game of seven Expert Bots searched for 61 s of CPU on the one
      // bot thread, ahead of every game people were playing (3.5 s when finished this way).
      deps.attendance.onAbandoned = (gameID) =>
        void this.finishing.run('', () => this.botsToTheEnd(gameID)).catch((error: unknown) => deps.log.error({ err: error, gameID }, 'finishing an abandoned game failed'));
    }
  }

  /** A seat has just gone to a stand-in: its decision is played after the bot delay. */
  private async wakeBots(gameID: string): Promise<void> {
    const game = await this.get(gameID);
    if (game) this.scheduleBots(game);
  }

  /**
   * Caches a game as the most recent. A finished game stays until newer ones push it out: all
   * its watchers ask for its last step at once, and a finished game never changes again.
   */
  private remember(game: Game, snapshotSequenceID?: number): void {
    this.cache.delete(game.id);
    if (snapshotSequenceID !== undefined) this.snapshots.set(game.id, snapshotSequenceID);
    this.cache.set(game.id, game);
    if (this.cache.size > MAX_CACHED_GAMES) this.forget(this.cache.keys().next().value!);
  }

  private forget(gameID: string): void {
    this.cache.delete(gameID);
    this.snapshots.delete(gameID);
    this.owners.delete(gameID);
  }

  async create(setup: NewGame): Promise<Game> {
    const prepared = this.prepare(setup);
    await this.deps.db.kysely.transaction().execute((trx) => this.insert(trx, prepared, setup.lobbyID));
    this.started(prepared.game);
    return prepared.game;
  }

  /**
   * `create` in three steps, for a caller that stores the game in its own transaction: a new
   * game (its bots' first moves made when they act at once), `insert` it in the transaction,
   * then `started` once that has committed.
   */
  prepare(setup: NewGame): { game: Game; actions: StoredAction[] } {
    const now = this.deps.now();
    const created = createGame(
      { id: setup.id, players: setup.players, options: setup.options, modules: setup.modules, definitions: this.deps.definitions },
      // 256 bits from the OS: far beyond any search, unlike the 31-bit seeds before.
      setup.seedMix ?? randomBytes(32).toString('hex'),
      now,
    );
    const { game, actions } = this.withBots({ game: advance(created, now).game, actions: [], events: [] }, now);
    return { game, actions };
  }

  /** `botOwner`: whose turn its Expert Bot searches take (`searchOwner`); null, its first person's. */
  async insert(trx: Transaction<Database>, prepared: { game: Game; actions: StoredAction[] }, lobbyID: string | null, botOwner: string | null = null): Promise<void> {
    await insertGame(trx, prepared.game, lobbyID, botOwner);
    await insertActions(trx, prepared.game.id, prepared.actions);
  }

  /** `clock`: its lobby's, when the caller has it at hand (else it is read). */
  started(game: Game, clock?: LobbyClock): void {
    // insertGame stored the whole state: a snapshot.
    this.remember(game, game.sequenceID);
    void this.attend(game, clock);
    this.scheduleBots(game);
  }

  /**
   * Keeps the table of a running game (its clock, stand-ins and who is here), with its lobby's
   * turn timer and pace (no timer without a lobby); settles once the table is read. Any instance
   * that serves the game's players or watchers keeps it, so that each one's clock wakes a stand-in
   * in time.
   */
  attend(game: Game, clock?: LobbyClock): Promise<void> {
    const attendance = this.deps.attendance;
    // A table still being read is not kept yet: whoever waits for it (a leave, an action) waits for
    // the read, or what they change would be overwritten by what was stored before it.
    const pending = this.attending.get(game.id);
    if (pending) return pending;
    if (!attendance || game.gameEndTimestamp !== null || attendance.isTracked(game.id)) return Promise.resolve();
    // A game of bots alone has no table to keep (and must not read its lobby at every step).
    if (game.players.every((p) => p.botType !== null)) return Promise.resolve();
    const setting: Promise<LobbyClock | undefined> =
      clock !== undefined
        ? Promise.resolve(clock)
        : this.deps.db.kysely
            .selectFrom('lobbies')
            .select(['turn_timer', 'turn_pace'])
            .where('game_id', '=', game.id)
            .executeTakeFirst()
            .then((lobby) => lobby && { turnTimer: lobby.turn_timer, pace: lobby.turn_pace });
    const tracked = setting
      .then((found) => attendance.track(game, found === undefined ? null : clockPace(found, game)))
      .catch((error: unknown) => this.deps.log.error({ err: error, gameID: game.id }, 'reading the turn timer failed'))
      .finally(() => this.attending.delete(game.id));
    this.attending.set(game.id, tracked);
    return tracked;
  }

  /**
   * A player leaves the game for good: a stand-in plays their seat to the end (and the game counts
   * as a loss for them). When no person is left, the stand-ins finish the game at once.
   */
  async leave(gameID: string, userID: UserID): Promise<void> {
    const attendance = this.deps.attendance;
    const game = await this.get(gameID);
    if (!game) throw gameNotFound(gameID);
    const player = game.players.find((p) => p.userID === userID);
    if (!player || player.botType !== null) throw refuse('FORBIDDEN', 'You are not playing in this game.');
    if (game.gameEndTimestamp !== null) throw refuse('CONFLICT', 'The game is over.');
    if (!attendance) throw refuse('CONFLICT', 'Leaving a game is not possible on this server.');
    await this.attend(game);
    const { peopleLeft, before } = await attendance.leave(gameID, userID);
    // Left already (a second tab, a request sent again): nothing changed, and nobody is told again.
    // Each told the lobby's watchers and the list's anew, a lobby change counted nowhere.
    if (before && peopleLeft > 0) return;
    if (peopleLeft > 0) {
      await this.deps.onLeft?.(gameID);
      return this.scheduleBots((await this.get(gameID)) ?? game);
    }
    // Nobody is left to wait for: the abandonment rule, at once (the lobby list then shows it finished).
    await this.finishing.run('', () => this.botsToTheEnd(gameID));
  }

  /**
   * The stand-ins play a game nobody is left in to its end, FINISH_STEP_DECISIONS decisions a
   * step, the event loop free between steps. In one step, the rest of an eight-seat game (some
   * 250 decisions) held the event loop 300 to 900 ms for everyone, and one account could start
   * and leave such a game every few seconds. One game at a time (`finishing`), so that many
   * leaving at once take turns with everyone else's requests instead of crowding them out.
   */
  private async botsToTheEnd(gameID: string): Promise<void> {
    for (let decisions = 0; decisions < 100_000 && !this.closed; decisions += FINISH_STEP_DECISIONS) {
      let done = false;
      try {
        await this.exclusive(gameID, () =>
          this.commit(gameID, (latest, now) => {
            const change = latest.gameEndTimestamp === null ? this.botsPlay({ game: latest, actions: [], events: [] }, now, FINISH_STEP_DECISIONS, true) : null;
            done = change === null || change.game.gameEndTimestamp !== null || change.actions.length < FINISH_STEP_DECISIONS;
            return change === null || change.actions.length === 0 ? null : change;
          }),
        );
      } catch (error) {
        // Another instance's bots are playing the same seats out (a player left there earlier):
        // the game moves on either way, and the next step starts from it as stored. The leave
        // that started this is done all the same (it was answered with a server fault).
        if (!(error instanceof ServiceError && error.message === tooBusy(gameID).message)) throw error;
      }
      if (done) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * The game at its latest state, or at least at `minSequenceID` if given (a bus message said
   * so). On PostgreSQL another instance may have moved a cached game on, unheard by this one:
   * without `minSequenceID`, one read of the log after the copy (`catchUp`) says whether it is
   * current and, if not, brings it up to date.
   */
  async get(gameID: string, minSequenceID = -1): Promise<Game | null> {
    const cached = this.cache.get(gameID);
    const shared = minSequenceID < 0 && this.deps.db.dialect === 'postgres';
    if (cached && cached.sequenceID >= minSequenceID && !shared) return cached;
    // Every watcher of a game hears a step at once: one read serves all who ask meanwhile.
    const reading = this.reading.get(gameID);
    if (reading && minSequenceID >= 0) {
      const game = await reading.catch(() => null);
      if (game && game.sequenceID >= minSequenceID) return game;
    }
    const read = this.read(gameID);
    this.reading.set(gameID, read);
    try {
      return await read;
    } finally {
      if (this.reading.get(gameID) === read) this.reading.delete(gameID);
    }
  }

  private async read(gameID: string): Promise<Game | null> {
    const cached = this.cache.get(gameID);
    // Behind, or perhaps moved on by another instance: re-run the steps logged since, else load it whole.
    const caughtUp = cached ? await catchUp(this.deps.db.kysely, cached) : null;
    if (caughtUp) {
      if (caughtUp.sequenceID > (this.cache.get(gameID)?.sequenceID ?? -1)) {
        this.remember(caughtUp);
        this.standBy(caughtUp);
      }
      return caughtUp;
    }
    const loaded = await loadGameRecord(this.deps.db.kysely, gameID);
    if (loaded && loaded.game.sequenceID > (this.cache.get(gameID)?.sequenceID ?? -1)) {
      this.remember(loaded.game, loaded.snapshotSequenceID);
      this.standBy(loaded.game);
    }
    return loaded?.game ?? null;
  }

  /**
   * A step this instance learned from the database (on PostgreSQL, another instance's): the bot
   * due after it is the committing instance's to play, after the bot delay. Should that instance
   * go down with its timer, the bot's turn was nobody's, and the people served here waited for it
   * for ever; so this instance plays it too if it is still due well after, and the compare and swap
   * lets only one of two bot moves in.
   */
  private standBy(game: Game): void {
    if (this.deps.db.dialect !== 'postgres' || this.closed) return;
    // Apart from `timers`: this instance's own steps still schedule their bots after the bot delay.
    clearTimeout(this.standBys.get(game.id));
    this.standBys.delete(game.id);
    if (game.gameEndTimestamp !== null || this.dueBotSeat(game) < 0) return;
    const timer = setTimeout(() => {
      this.standBys.delete(game.id);
      if (this.closed || this.timers.has(game.id) || this.thinking.has(game.id)) return;
      this.botTurn(game.id).catch((error: unknown) => this.deps.log.error({ err: error, gameID: game.id }, 'bot step failed'));
    }, this.deps.botDelayMs + STAND_BY_MS);
    timer.unref();
    this.standBys.set(game.id, timer);
  }

  /**
   * Every transport's way into a game: the game (read by `read`, the game feed's for a watcher),
   * refused if there is none (`gameNotFound`) or if `user` may not watch it (`viewerFor`), with
   * who they watch it as and its table kept (`attend`).
   */
  async openFor(
    gameID: string,
    user: { id: UserID },
    isDev: boolean,
    read: (gameID: string) => Promise<Game | null> = (id) => this.get(id),
  ): Promise<{ game: Game; viewer: UserID | null }> {
    const game = await read(gameID);
    if (!game) throw gameNotFound(gameID);
    const viewer = this.viewerFor(game, user, isDev);
    await this.attend(game);
    return { game, viewer };
  }

  /**
   * Who `user` watches `game` as: its player if seated, else a spectator. A game with a
   * developer-only module holds that module's cards, which only developers may see: anyone else
   * not seated in it is refused, on every transport.
   */
  viewerFor(game: Game, user: { id: UserID }, isDev: boolean): UserID | null {
    const viewer = viewerOf(game, user.id);
    if (viewer === null && !isDev && devOnlyModules(this.deps.definitions, game.modules).length > 0) {
      throw refuse('FORBIDDEN', `Game ${game.id} uses a developer module: only its players and developers can watch it.`);
    }
    return viewer;
  }

  /** A player's action, through the pipeline. */
  async act(gameID: string, userID: UserID, action: Action): Promise<ActResult> {
    // Who left is kept with the table: read it first if this instance has not yet, or is reading
    // it (a restart, another instance's game), or a player who left could act again here.
    if (this.attending.has(gameID) || (this.deps.attendance && !this.deps.attendance.isTracked(gameID))) {
      const game = await this.get(gameID);
      if (game) await this.attend(game);
    }
    if (this.deps.attendance?.hasLeft(gameID, userID)) throw refuse('FORBIDDEN', LEFT_GAME);
    // Acting takes a seat back from a stand-in, before the action is judged.
    this.deps.attendance?.seen(gameID, userID);
    let turnOf: Game | null = null;
    const outcome = await this.exclusive(gameID, () =>
      this.commit(gameID, (game, now) => {
        if (action.type === 'UNBID') this.unbids.check(game, userID);
        const result = applyAction(game, userID, action, now);
        if (!result.ok) return result;
        turnOf = game;
        const next = advance(result.game, now);
        const change = {
          game: next.game,
          actions: [{ userID, action, sequenceID: result.game.sequenceID, at: now }],
          events: [...result.events, ...next.events],
        };
        return this.withBots(change, now);
      }),
    );
    if (outcome.ok && action.type === 'UNBID' && turnOf) this.unbids.record(turnOf, userID);
    // Refused by the rules: if the player left on another instance, that is why (its stand-in
    // played the seat, and this instance had not heard of the Leave yet).
    if (!outcome.ok && (await this.deps.attendance?.leftInStore(gameID, userID))) throw refuse('FORBIDDEN', LEFT_GAME);
    return outcome;
  }

  /**
   * A player's message in the game's chat room, appended to its event log as a CHAT event
   * (game-chat.ts), through the pipeline like any step. A finished game's log is closed, and a
   * spectator's message or one past the log's chat limit is not logged: null then, and the
   * message stays in the room only. Changes no rule, nobody's seat and no clock.
   */
  async chat(gameID: string, userID: UserID, text: string): Promise<{ sequenceID: number } | null> {
    let appended = false;
    const result = await this.exclusive(gameID, () =>
      this.commit(gameID, (game, now) => {
        // Judged on each attempt's game: a retry may find it ended.
        appended = logsChat(game, userID);
        if (!appended) return null;
        const { game: next, event } = withChat(game, userID, text, now);
        return { game: next, actions: [], events: [event] };
      }),
    );
    return appended && result.ok ? { sequenceID: result.sequenceID } : null;
  }

  /** Picks up unfinished games after a restart: their bots act again. */
  async resume(): Promise<number> {
    const ids = await unfinishedGameIDs(this.deps.db.kysely);
    for (const id of ids) {
      const game = await this.get(id);
      if (!game) continue;
      await this.attend(game);
      // Decisions whose time ran out while the server was down get their time again first.
      await this.deps.attendance?.restartClocks(game.id);
      this.scheduleBots(game, 0);
    }
    return ids.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.deps.attendance?.close();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const timer of this.standBys.values()) clearTimeout(timer);
    this.standBys.clear();
    await this.deps.botThreads?.close();
    await this.queue.idle();
    await this.log.idle();
    // Snapshots at shutdown: the next start loads each game without re-running its last steps.
    for (const game of this.cache.values()) {
      if ((this.snapshots.get(game.id) ?? -1) === game.sequenceID) continue;
      try {
        await writeSnapshot(this.deps.db.kysely, game);
      } catch (error) {
        this.deps.log.error({ err: error, gameID: game.id }, 'writing a snapshot at shutdown failed');
      }
    }
  }

  private exclusive<T>(gameID: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(gameID, task);
  }

  private async commit(gameID: string, change: (game: Game, now: number) => Change | RuleError | null): Promise<ActResult> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // A stale copy is fine here: the compare and swap below catches it.
      const base = this.cache.get(gameID) ?? (await this.get(gameID));
      if (!base) throw gameNotFound(gameID);
      const now = Math.max(this.deps.now(), base.updateTimestamp);
      const outcome = change(base, now);
      if (outcome === null) return { ok: true, sequenceID: base.sequenceID };
      if ('ok' in outcome) {
        // A refusal must be judged on the latest state: another instance may have moved on.
        if ((await storedSequenceID(this.deps.db.kysely, gameID)) !== base.sequenceID) {
          await this.get(gameID, base.sequenceID + 1);
          continue;
        }
        return outcome;
      }
      const snapshot = this.snapshotDue(outcome.game);
      // The seats whose decision the step changes (their clocks) are stored with the step.
      const seats = this.deps.attendance?.step(outcome.game) ?? null;
      let saved: boolean;
      try {
        saved = await this.save(base, outcome, snapshot, seats?.rows ?? []);
      } catch (error) {
        // Nothing of the step is stored: the next action starts from the stored game.
        this.forget(gameID);
        throw error;
      }
      if (!saved) {
        // Another instance moved the game on: the next attempt starts from the game as stored.
        await this.get(gameID, base.sequenceID + 1);
        continue;
      }
      this.remember(outcome.game, snapshot ? outcome.game.sequenceID : undefined);
      if (seats) seats.apply();
      else void this.attend(outcome.game);
      this.deps.log.debug({ gameID, sequenceID: outcome.game.sequenceID, actions: outcome.actions.length }, 'game step');
      this.published(outcome.game);
      if (outcome.game.gameEndTimestamp !== null) await this.deps.onGameEnded?.(outcome.game);
      else this.scheduleBots(outcome.game);
      return { ok: true, sequenceID: outcome.game.sequenceID };
    }
    // Other instances kept moving the game on (their bots, their players): a refusal the caller
    // can act on, not a fault of the server's.
    throw tooBusy(gameID);
  }

  /**
   * Tells the game's watchers, here and on other instances, that it moved on. A step the log
   * appended may have sent its message with its commit already (PostgreSQL): then only this
   * process's watchers remain. Otherwise not awaited: the step is committed, and the answer need
   * not wait for the bus's round trip. A failure is logged; subscribers catch up on the next step.
   */
  private published(game: Game): void {
    const topic = gameTopic(game.id);
    const message = { sequenceID: game.sequenceID };
    const notices = this.log.notices;
    // A game's end is saved in a transaction of its own (savedAlone), without the log's notices.
    if (notices && !savedAlone(game)) return notices.deliverHere(topic, message);
    this.deps.bus.publish(topic, message).catch((error: unknown) => this.deps.log.error({ err: error, gameID: game.id }, 'publishing a game step failed'));
  }

  /**
   * Whether a step rewrites the snapshot: at the end of the game, every SNAPSHOT_EVERY
   * sequenceIDs, and at the first step after a load of an older release's snapshot.
   */
  private snapshotDue(next: Game): boolean {
    const at = this.snapshots.get(next.id) ?? -1;
    return next.gameEndTimestamp !== null || at < 0 || next.sequenceID - at >= SNAPSHOT_EVERY;
  }

  /**
   * Appends a step to the log (committed with other games' steps); the end of a game, with its
   * stats, in a transaction of its own. False if another writer moved the game on first.
   */
  private save(base: Game, change: Change, snapshot: boolean, seats: readonly SeatDue[]): Promise<boolean> {
    const { game, actions, events } = change;
    if (savedAlone(game)) {
      // The game's end: its table is of no more use (its seats are forgotten), so none are stored.
      const countCards = countsInGallery(this.deps.definitions, game.modules);
      return this.deps.db.kysely.transaction().execute((trx) => saveStep(trx, this.deps.db.dialect, game, base.sequenceID, actions, events, countCards));
    }
    return this.log.append({ game, expectedSequenceID: base.sequenceID, actions, events, snapshot, seats });
  }

  /** With no bot delay, bots answer at once, inside the same step (those that search, on their threads after it). */
  private withBots(change: Change, now: number): Change {
    return this.deps.botDelayMs > 0 ? change : this.botsPlay(change, now, 10_000, false);
  }

  /**
   * Due bots and stand-ins act, one decision after another, until nobody of theirs is due (at
   * most `limit` decisions). A bot that searches on a thread is left to its thread, or with
   * `toTheEnd` played by the quick stand-in.
   */
  private botsPlay(change: Change, now: number, limit: number, toTheEnd: boolean): Change {
    let { game } = change;
    const actions = [...change.actions];
    const events = [...change.events];
    for (let guard = 0; guard < limit && game.gameEndTimestamp === null; guard++) {
      const seat = this.dueBotSeat(game, toTheEnd ? 'any' : 'inline');
      if (seat < 0) break;
      const quick = toTheEnd && this.onThread(this.botOf(game, seat)) ? botDecision(game, seat, botSeedOf(game), QUICK_STAND_IN) : undefined;
      const step = this.botStep(game, seat, now, quick ?? undefined);
      game = step.game;
      actions.push(...step.actions);
      events.push(...step.events);
    }
    return { game, actions, events };
  }

  /** The bot that plays a seat now: its own, or a stand-in for an absent person. */
  private botOf(game: Game, seat: number): BotType | null {
    const player = game.players[seat]!;
    return player.botType ?? this.deps.attendance?.standInFor(game, player.userID) ?? null;
  }

  /** Whether a bot kind searches on a thread here. */
  private onThread(kind: BotType | null): boolean {
    return kind !== null && this.deps.botThreads !== undefined && BOTS[kind].thinks === true;
  }

  /** The first seat whose bot has a decision due (`inline`: of the bots that decide on the event loop). */
  private dueBotSeat(game: Game, which: 'any' | 'inline' = 'any'): number {
    return game.players.findIndex((p, seat) => {
      const kind = this.botOf(game, seat);
      if (kind === null || (which === 'inline' && this.onThread(kind))) return false;
      const decision = pendingDecision(game, p.userID);
      return decision !== null && decision.type !== 'WAIT_FOR_OTHERS';
    });
  }

  /** A bot's decision applied (`thought`: worked out already, on a thread). */
  private botStep(game: Game, seat: number, now: number, thought?: Action): Change {
    const userID = game.players[seat]!.userID;
    const action = thought ?? botDecision(game, seat, botSeedOf(game), this.botOf(game, seat));
    if (!action) throw new Error(`bot in seat ${seat} of game ${game.id} had a decision but no action`);
    // A stand-in's choice is marked in the log, just before what it leads to, and on its stored action.
    const standIn = game.players[seat]!.botType === null ? (this.deps.attendance?.standInReason(game.id, userID) ?? 'turn timer') : null;
    const marked = standIn ? withStandIn(game, userID, action, standIn, now) : null;
    const result = applyAction(marked?.game ?? game, userID, action, now);
    if (!result.ok) throw new Error(`bot in seat ${seat} of game ${game.id} made an illegal move: ${result.message}`);
    const next = advance(result.game, now);
    const stored = { userID, action, sequenceID: result.game.sequenceID, at: now, ...(standIn ? { standIn } : {}) };
    return { game: next.game, actions: [stored], events: [...(marked ? [marked.event] : []), ...result.events, ...next.events] };
  }

  /** With a bot delay, the next due bot acts after the delay, through the pipeline. */
  private scheduleBots(game: Game, delay = this.deps.botDelayMs): void {
    if (this.closed || game.gameEndTimestamp !== null || this.timers.has(game.id) || this.thinking.has(game.id) || this.dueBotSeat(game) < 0) return;
    const timer = setTimeout(() => {
      this.timers.delete(game.id);
      this.botTurn(game.id).catch((error: unknown) => this.deps.log.error({ err: error, gameID: game.id }, 'bot step failed'));
    }, delay);
    timer.unref();
    this.timers.set(game.id, timer);
  }

  /**
   * The due bot acts. A bot that searches thinks on a thread first, outside the game's queue, so
   * people's actions go on meanwhile; its answer is played if the same decision is still its to
   * make, else it thinks again from the game as it is now.
   */
  private async botTurn(gameID: string): Promise<void> {
    // While a bot thinks, steps do not schedule another turn of the game's bots: this one plays next.
    this.thinking.add(gameID);
    let thought: Awaited<ReturnType<GameService['think']>>;
    try {
      thought = await this.think(gameID);
    } finally {
      this.thinking.delete(gameID);
    }
    let again = false;
    await this.exclusive(gameID, () =>
      this.commit(gameID, (latest, now) => {
        if (thought && thought.key === decisionKey(latest, latest.players[thought.seat]!.userID) && this.onThread(this.botOf(latest, thought.seat))) {
          return this.botStep(latest, thought.seat, now, thought.action);
        }
        const seat = this.dueBotSeat(latest);
        if (seat < 0) return null;
        if (!this.onThread(this.botOf(latest, seat))) return this.botStep(latest, seat, now);
        again = true;
        return null;
      }),
    );
    if (again) {
      const game = await this.get(gameID);
      if (game) this.scheduleBots(game, 0);
    }
  }

  /**
   * Whose turn the game's searches take: the network its Start came from (`searchOwner`, stored
   * with it), else its first person (a game the server started, or one from before).
   */
  private async searchOwnerOf(game: Game): Promise<string> {
    let owner = this.owners.get(game.id);
    if (owner === undefined) {
      const row = await this.deps.db.kysely.selectFrom('games').select('bot_owner').where('id', '=', game.id).executeTakeFirst();
      owner = row?.bot_owner ?? null;
      if (this.cache.has(game.id)) this.owners.set(game.id, owner);
    }
    return owner ?? game.players.find((p) => p.botType === null)?.userID ?? game.id;
  }

  /** The due bot's decision worked out on a thread, if it is one that searches; null otherwise. */
  private async think(gameID: string): Promise<{ seat: number; key: string; action: Action } | null> {
    const threads = this.deps.botThreads;
    const game = await this.get(gameID);
    if (!threads || !game) return null;
    const seat = this.dueBotSeat(game);
    const kind = seat < 0 ? null : this.botOf(game, seat);
    if (kind === null || !this.onThread(kind)) return null;
    const userID = game.players[seat]!.userID;
    const view = viewFor(game, userID);
    // Served in turn with other people's games: one network's many games wait their turn (bot-threads.ts).
    const owner = await this.searchOwnerOf(game);
    const action = await threads.decide({ kind, view, userID, botSeed: botSeedOf(game), seat, sequenceID: game.sequenceID }, owner);
    if (!action) throw new Error(`bot in seat ${seat} of game ${gameID} had a decision but no action`);
    const key = decisionKey(game, userID);
    return key === null ? null : { seat, key, action };
  }
}
