/**
 * Who is at the table, and the clock. With a game's turn timer on, each seat that owes a decision
 * has a deadline (epoch ms) that every client is shown. When it passes, a stand-in bot takes that
 * one decision; the player's next decision gets the full time again while their page is open and
 * shown ("here"). Only a player whose time ran out and who is not here (page hidden: "away"; no
 * connection: "gone") has the following decisions played after a short grace, until they come
 * back. A player who leaves the game has a stand-in to the end; a game no person has had open for
 * a while is finished by stand-ins (abandonment).
 *
 * This is the server's bookkeeping, not a rule: the engine sees the stand-in's actions as the
 * player's own (the server marks them in the log: stand-in.ts). The table is kept with the game
 * in the database (seat-store.ts) so that a restart keeps the deadlines (one that ran out while the
 * server was down starts again: `restartClocks`). Which decision each seat owes changes only with
 * a step: it is worked out before the step is stored, written in the step's own transaction
 * (`step`), and reaches the watchers with the step, so a step costs neither a write nor a message
 * of its own. What changes between steps (a stand-in takes over, a player
 * comes back or leaves, presence) is written and announced on the bus (`seats/{gameID}`). An
 * instance that hears another's change, or another's step of the game, reads the table again, so
 * every instance on one PostgreSQL database shows the same clock and the same presence. Presence
 * is per instance (the connections it holds), merged over the instances' rows.
 */
import { pendingDecision, type BotType, type Game, type StandInReason, type UserID } from '../../engine/index.js';
import { gameTopic, type Bus } from '../bus/bus.js';
import { newRowDealtAt, planAnimations } from '../../shared/animation-plan.js';
import { clashDisplayMs } from '../../shared/clash-timing.js';
import type { SeatDue, SeatStore, StoredSeat } from './seat-store.js';
import { SerialQueue } from './serial-queue.js';

/** Why a seat is played by a stand-in, as clients see it. */
export type AwayReason = StandInReason;

export interface AwaySeat {
  userID: UserID;
  reason: AwayReason;
}

/** Whether a player has the game open and shown (here), open but hidden (away), or not open (gone). */
export type Presence = 'here' | 'away' | 'gone';

/** A person's seat as every client sees it. */
export interface SeatView {
  userID: UserID;
  presence: Presence;
  /** When the seat's current decision falls to a stand-in (epoch ms, the server's clock); null without a running clock. */
  deadline: number | null;
  /** Why a stand-in plays or last played this seat (null: its player does). */
  standIn: AwayReason | null;
  /** The player left the game: a stand-in plays the seat to the end, and it counts as a loss. */
  left: boolean;
}

/** A lobby's turn timer setting: 'auto' is on when the game seats two people or more. */
export type TurnTimerSetting = 'auto' | 'on' | 'off';
export const TURN_TIMER_SETTINGS: readonly TurnTimerSetting[] = ['auto', 'on', 'off'];

export function turnTimerIsOn(setting: TurnTimerSetting, game: { players: readonly { botType: string | null }[] }): boolean {
  if (setting !== 'auto') return setting === 'on';
  return game.players.filter((p) => p.botType === null).length >= 2;
}

/**
 * A lobby's pace: how long each decision may take while the turn timer is on, as a share of the
 * server's own turn timer (TURN_TIMER_SECONDS, 90 s by default): a third of it, it, or twice it.
 * A host picks the game people sit down for, a quick one or one over a long evening; the server
 * keeps the scale.
 */
export const TURN_PACES = ['fast', 'normal', 'slow'] as const;
export type TurnPace = (typeof TURN_PACES)[number];

/** The time for each decision at `pace`, from the server's turn timer (ms in, ms out). */
export function paceMs(pace: TurnPace, normalMs: number): number {
  if (pace === 'normal') return normalMs;
  if (pace === 'slow') return normalMs * 2;
  // A third, in whole seconds as the lobby tells it (100 s gives 33 s, not 33.333), and one at least.
  return Math.max(1_000, Math.round(normalMs / 3_000) * 1_000);
}

/** A lobby's clock: whether its game's turn timer runs, and at what pace. */
export interface LobbyClock {
  turnTimer: TurnTimerSetting;
  pace: TurnPace;
}

/** The pace a game's clock runs at, or null when its turn timer is off (by its lobby's setting and the people seated). */
export function clockPace(clock: LobbyClock, game: { players: readonly { botType: string | null }[] }): TurnPace | null {
  return turnTimerIsOn(clock.turnTimer, game) ? clock.pace : null;
}

/** How often an instance says it still holds its connections, and how long a row it stopped refreshing counts. */
export const PRESENCE_REFRESH_MS = 15_000;
export const PRESENCE_TTL_MS = 45_000;

export interface AttendanceConfig {
  /** How long a person may take over one decision when the game's turn timer is on at the normal pace. */
  turnTimerMs: number;
  /** How long a player whose time ran out and who is not here has for each next decision. */
  graceMs: number;
  /** How long a game may go with no person connected before bots finish it. */
  abandonAfterMs: number;
  /** The bot that plays an absent player's seat. */
  standIn: BotType;
  now: () => number;
  /** Where the table is kept; without one (unit tests) it lives in this process only. */
  store?: SeatStore;
  /** Where changes are announced to the other instances (and to this one's watchers). */
  bus?: Bus;
  /** Reports a failed write or read (the table in memory goes on). */
  onError?: (error: unknown, gameID: string) => void;
}

interface Seat {
  userID: UserID;
  due: { key: string; since: number; deadline: number | null } | null;
  standIn: AwayReason | null;
  leftAt: number | null;
  /** This instance's connections (tabs) of the player, and whether each shows the game. */
  tabs: Map<string, boolean>;
  /** What the other instances hold, by instance. */
  remote: Map<string, { state: 'here' | 'away'; seenAt: number }>;
}

interface Table {
  gameID: string;
  /** How long each decision may take (the lobby's pace); null: the turn timer is off. */
  turnTimerMs: number | null;
  /** The last step whose decisions this table holds. */
  sequenceID: number;
  seats: Map<UserID, Seat>;
  clock: NodeJS.Timeout | null;
  abandonClock: NodeJS.Timeout | null;
  unsubscribe: () => void;
}

/** What a step changes at the table: stored with the step, then applied once it is committed. */
export interface StepSeats {
  rows: SeatDue[];
  apply(): void;
}

type Due = NonNullable<Seat['due']>;

/** Which decision a player owes now, as a key that changes when the decision does; null when none is due. */
export function decisionKey(game: Game, userID: UserID): string | null {
  if (game.gameEndTimestamp !== null) return null;
  const decision = pendingDecision(game, userID);
  if (decision === null || decision.type === 'WAIT_FOR_OTHERS') return null;
  return `${game.age}/${game.turn}/${game.phase}/${game.rerollRound}/${decision.type}`;
}

export class Attendance {
  private readonly tables = new Map<string, Table>();
  private readonly writes = new SerialQueue();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly heartbeat: NodeJS.Timeout | null = null;
  /** Called when a seat's decision has just fallen to a stand-in, so that it is played. */
  onAway: (gameID: string) => void = () => undefined;
  /** Called when a game has gone `abandonAfterMs` with no person connected, so that bots finish it. */
  onAbandoned: (gameID: string) => void = () => undefined;

  constructor(private readonly config: AttendanceConfig) {
    if (config.store) {
      const store = config.store;
      this.heartbeat = setInterval(() => {
        store.refresh(this.config.now()).catch((error: unknown) => this.config.onError?.(error, ''));
        // Another instance's rows may have gone stale meanwhile: what its watchers see changes.
        for (const gameID of this.tables.keys()) this.changed(gameID);
      }, PRESENCE_REFRESH_MS);
      this.heartbeat.unref();
    }
  }

  /**
   * Starts keeping a running game's table (idempotent), with what the database holds of it
   * (deadlines survive a restart); each step then goes through `step`. `pace`: its lobby's, null
   * when the turn timer is off.
   */
  track(game: Game, pace: TurnPace | null): Promise<void> {
    if (game.gameEndTimestamp !== null || this.tables.has(game.id)) return Promise.resolve();
    const humans = game.players.filter((p) => p.botType === null).map((p) => p.userID);
    if (humans.length === 0) return Promise.resolve();
    const seats = new Map(humans.map((userID): [UserID, Seat] => [userID, { userID, due: null, standIn: null, leftAt: null, tabs: new Map(), remote: new Map() }]));
    const turnTimerMs = pace === null ? null : paceMs(pace, this.config.turnTimerMs);
    const table: Table = { gameID: game.id, turnTimerMs, sequenceID: game.sequenceID, seats, clock: null, abandonClock: null, unsubscribe: () => undefined };
    this.tables.set(game.id, table);
    const { bus, store } = this.config;
    if (bus) {
      const offSeats = bus.subscribe(`seats/${game.id}`, ({ origin }) => {
        // Another instance changed the table: read it again. This one's own changes are in memory.
        if (store && origin !== store.instanceID) this.reload(table);
        else this.changed(game.id);
      });
      // A step this instance did not make (another instance's, on one PostgreSQL database) stored
      // the seats it changed with it: read them. This instance's own steps are applied already.
      const offSteps = store
        ? bus.subscribe(gameTopic(game.id), ({ sequenceID }) => {
            if (sequenceID <= table.sequenceID) return;
            table.sequenceID = sequenceID;
            this.reload(table);
          })
        : () => undefined;
      table.unsubscribe = () => {
        offSeats();
        offSteps();
      };
    }
    if (!store) {
      this.applyDues(table, this.duesOf(table, game));
      return Promise.resolve();
    }
    return this.writes
      .run(game.id, async () => {
        await this.load(table);
        if (this.tables.get(game.id) !== table) return;
        // A decision the table has no record of (due since the game began, or a game from before
        // the table was kept) is due from the step the game is at, the same on every instance; the
        // first instance to store it wins, and every instance then holds what was stored.
        const missing = this.duesOf(table, game);
        if (missing.length === 0) return this.settle(table);
        await store.writeFirstDues(game.id, missing.map(([seat, due]) => dueRow(seat.userID, due)));
        await this.load(table);
        if (this.tables.get(game.id) === table) this.settle(table);
      })
      .catch((error: unknown) => {
        this.config.onError?.(error, game.id);
        if (this.tables.get(game.id) === table) this.applyDues(table, this.duesOf(table, game));
      });
  }

  /**
   * After a restart: a clock that ran out while the server was down starts again, the decision
   * due from now with the whole turn timer. Nobody could act meanwhile, and every such decision fell
   * to the stand-in the moment the game resumed, unseen by its player (their clock had shown 0:00
   * through the stop), each one counted toward a seat the stand-in mostly played, a loss. A seat
   * played at once (its player left, or no one connected) keeps its stand-in. Called by `resume`
   * once the table is read, before the game's bots are woken.
   */
  async restartClocks(gameID: string): Promise<void> {
    const table = this.tables.get(gameID);
    if (!table || table.turnTimerMs === null) return;
    const now = this.config.now();
    const ranOut: Seat[] = [];
    for (const seat of table.seats.values()) {
      const due = seat.due;
      if (!due || due.deadline === null || due.deadline > now || seat.leftAt !== null || seat.standIn === 'no one connected') continue;
      seat.due = { ...due, deadline: now + table.turnTimerMs };
      ranOut.push(seat);
    }
    if (ranOut.length === 0) return;
    await this.save(table, ranOut);
    this.settle(table);
  }

  isTracked(gameID: string): boolean {
    return this.tables.has(gameID);
  }

  /** The bot playing this person's decision in `game` now, or null when it is theirs to make. */
  standInFor(game: Game, userID: UserID): BotType | null {
    const seat = this.tables.get(game.id)?.seats.get(userID);
    if (!seat) return null;
    // A seat nobody connected to has every decision played at once (its allowance is now), each
    // next one too before this table hears of it: the game can be finished in a few steps.
    if (seat.leftAt !== null || seat.standIn === 'no one connected') return this.config.standIn;
    const due = seat.due;
    if (!due || due.deadline === null || due.deadline > this.config.now()) return null;
    // The table's decision must be the one the game asks for: a copy of another instance's table
    // may be a step behind, and a stand-in takes only the decision whose time ran out.
    return due.key === decisionKey(game, userID) ? this.config.standIn : null;
  }

  /** Why a stand-in plays this seat's decision now (for the log's mark). */
  standInReason(gameID: string, userID: UserID): AwayReason {
    const seat = this.tables.get(gameID)?.seats.get(userID);
    if (seat?.leftAt !== null && seat?.leftAt !== undefined) return 'left';
    return seat?.standIn ?? 'turn timer';
  }

  /** The seats a stand-in plays for now: its player left, or ran out of time and is not here. */
  away(gameID: string): AwaySeat[] {
    const table = this.tables.get(gameID);
    if (!table) return [];
    const out: AwaySeat[] = [];
    for (const seat of table.seats.values()) {
      if (seat.leftAt !== null) out.push({ userID: seat.userID, reason: 'left' });
      else if (seat.standIn !== null && this.presenceOf(seat) !== 'here') out.push({ userID: seat.userID, reason: seat.standIn });
    }
    return out;
  }

  /** Every person's seat, in seat order: presence, the clock and the stand-in. */
  seats(gameID: string): SeatView[] {
    const table = this.tables.get(gameID);
    if (!table) return [];
    return [...table.seats.values()].map((seat) => ({
      userID: seat.userID,
      presence: this.presenceOf(seat),
      // The clock is the turn timer's; a seat a bot plays at once (left, abandoned) shows none.
      deadline: table.turnTimerMs !== null && seat.leftAt === null && seat.standIn !== 'no one connected' ? (seat.due?.deadline ?? null) : null,
      standIn: seat.leftAt !== null ? 'left' : seat.standIn,
      left: seat.leftAt !== null,
    }));
  }

  /** Calls `listener` whenever what `seats` and `away` say of the game may have changed. */
  onChange(gameID: string, listener: () => void): () => void {
    let set = this.listeners.get(gameID);
    if (!set) this.listeners.set(gameID, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(gameID) === set) this.listeners.delete(gameID);
    };
  }

  /**
   * A person opened the game (a subscription: one tab, shown unless said otherwise); the returned
   * function says it closed.
   */
  connect(gameID: string, userID: UserID, tab: string, visible = true): () => void {
    const table = this.tables.get(gameID);
    const seat = table?.seats.get(userID);
    if (!table || !seat) return () => undefined;
    const before = this.presenceOf(seat);
    seat.tabs.set(tab, visible);
    this.presenceChanged(table, seat, before);
    return () => {
      if (!seat.tabs.has(tab)) return;
      const was = this.presenceOf(seat);
      seat.tabs.delete(tab);
      if (this.tables.get(gameID) === table) this.presenceChanged(table, seat, was);
    };
  }

  /** A tab of the game was shown or hidden (the client says so). */
  setVisible(gameID: string, userID: UserID, tab: string, visible: boolean): void {
    const table = this.tables.get(gameID);
    const seat = table?.seats.get(userID);
    if (!table || !seat || !seat.tabs.has(tab) || seat.tabs.get(tab) === visible) return;
    const before = this.presenceOf(seat);
    seat.tabs.set(tab, visible);
    this.presenceChanged(table, seat, before);
  }

  /** A person acted in the game or asked for its state: they are back at the table. */
  seen(gameID: string, userID: UserID): void {
    const table = this.tables.get(gameID);
    const seat = table?.seats.get(userID);
    if (!table || !seat) return;
    if (this.back(table, seat)) void this.save(table, [seat]);
    // Their visit starts the abandonment clock again.
    if (table.abandonClock) clearTimeout(table.abandonClock);
    table.abandonClock = null;
    this.checkAbandoned(table);
  }

  /** Whether this person left the game. */
  hasLeft(gameID: string, userID: UserID): boolean {
    return (this.tables.get(gameID)?.seats.get(userID)?.leftAt ?? null) !== null;
  }

  /**
   * Whether this person left the game, as the database has it now: another instance's Leave is
   * told to this one over the bus, and its stand-in's step can reach this instance first (a move
   * sent here just after Leave was answered there was refused for the stand-in's bid, "bid already
   * submitted", not for leaving). Read only when a move is refused, to say why.
   */
  async leftInStore(gameID: string, userID: UserID): Promise<boolean> {
    if (this.hasLeft(gameID, userID)) return true;
    if (!this.config.store) return false;
    const { seats } = await this.config.store.read(gameID);
    return (seats.find((s) => s.userID === userID)?.leftAt ?? null) !== null;
  }

  /**
   * A person leaves the game for good: a stand-in plays their seat to the end. Returns how many
   * people are left at the table, and whether they had left already (`before`: this changed
   * nothing). The write is awaited: the game's end reads it (a loss).
   */
  async leave(gameID: string, userID: UserID): Promise<{ peopleLeft: number; before: boolean }> {
    const table = this.tables.get(gameID);
    const seat = table?.seats.get(userID);
    if (!table || !seat) return { peopleLeft: 0, before: false };
    const before = seat.leftAt !== null;
    if (!before) {
      const now = this.config.now();
      seat.leftAt = now;
      seat.standIn = 'left';
      if (seat.due) seat.due = { ...seat.due, deadline: now };
      await this.save(table, [seat]);
      this.arm(table);
    }
    return { peopleLeft: [...table.seats.values()].filter((s) => s.leftAt === null).length, before };
  }

  /**
   * What a step changes at the table, worked out before the step is stored: the seats whose
   * decision it changed, due from the step's own time (so every instance works out the same
   * deadline). The caller stores `rows` with the step and calls `apply` once it is committed; the
   * step's delivery carries the new table to the watchers. Null when no table is kept.
   */
  step(game: Game): StepSeats | null {
    const table = this.tables.get(game.id);
    if (!table) return null;
    if (game.gameEndTimestamp !== null) return { rows: [], apply: () => this.forget(game.id) };
    const dues = this.duesOf(table, game);
    return {
      rows: dues.map(([seat, due]) => dueRow(seat.userID, due)),
      apply: () => {
        if (this.tables.get(game.id) !== table) return;
        table.sequenceID = Math.max(table.sequenceID, game.sequenceID);
        this.applyDues(table, dues);
      },
    };
  }

  /** The seats whose decision in `game` differs from the one the table holds, with the new one (null: none due). */
  private duesOf(table: Table, game: Game): [Seat, Due | null][] {
    const out: [Seat, Due | null][] = [];
    const now = game.updateTimestamp;
    const shown = shownMs(game);
    for (const seat of table.seats.values()) {
      const key = decisionKey(game, seat.userID);
      if (key === null) {
        if (seat.due) out.push([seat, null]);
      } else if (seat.due?.key !== key) {
        // A bid is owed from the planning's start, however often it was made and taken back
        // (UNBID): a bid taken back goes on with the clock it had. Started afresh, a player could
        // bid just before the deadline and take it back, three times a turn, and hold the table
        // four turn timers long.
        const since = game.phase === 'PLANNING' ? game.phaseStartTimestamp : now;
        out.push([seat, { key, since, deadline: this.allowance(table, seat, since, since === now ? shown : shownMs(game, since)) }]);
      }
    }
    return out;
  }

  private applyDues(table: Table, dues: readonly [Seat, Due | null][]): void {
    for (const [seat, due] of dues) seat.due = due;
    this.settle(table);
  }

  /** After the table changed: the clocks, and whether anyone is left at it. */
  private settle(table: Table): void {
    this.arm(table);
    this.checkAbandoned(table);
  }

  forget(gameID: string): void {
    const table = this.tables.get(gameID);
    if (!table) return;
    if (table.clock) clearTimeout(table.clock);
    if (table.abandonClock) clearTimeout(table.abandonClock);
    table.unsubscribe();
    this.tables.delete(gameID);
    this.changed(gameID);
    const store = this.config.store;
    if (store) void this.writes.run(gameID, () => store.forget(gameID)).catch((error: unknown) => this.config.onError?.(error, gameID));
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const table of this.tables.values()) {
      if (table.clock) clearTimeout(table.clock);
      if (table.abandonClock) clearTimeout(table.abandonClock);
      table.unsubscribe();
    }
    this.tables.clear();
    await this.writes.idle();
    await this.config.store?.dropPresence().catch((error: unknown) => this.config.onError?.(error, ''));
  }

  /**
   * When a decision due now falls to a stand-in: the turn timer, a short grace, at once, or never.
   * `shown`: how long the screen shows the step first (its clash dice, a new row's deal), which the
   * turn timer does not count.
   */
  private allowance(table: Table, seat: Seat, now: number, shown = 0): number | null {
    if (seat.leftAt !== null || seat.standIn === 'no one connected') return now;
    if (seat.standIn === 'turn timer' && this.presenceOf(seat) !== 'here') return now + Math.min(this.config.graceMs, Math.floor((table.turnTimerMs ?? this.config.turnTimerMs) / 4));
    return table.turnTimerMs === null ? null : now + shown + table.turnTimerMs;
  }

  private presenceOf(seat: Seat): Presence {
    let best: Presence = 'gone';
    for (const visible of seat.tabs.values()) {
      if (visible) return 'here';
      best = 'away';
    }
    const fresh = this.config.now() - PRESENCE_TTL_MS;
    for (const { state, seenAt } of seat.remote.values()) {
      if (seenAt < fresh) continue;
      if (state === 'here') return 'here';
      best = 'away';
    }
    return best;
  }

  /** This instance's share of a player's presence, as its row says it. */
  private localPresence(seat: Seat): 'here' | 'away' | null {
    if (seat.tabs.size === 0) return null;
    return [...seat.tabs.values()].some(Boolean) ? 'here' : 'away';
  }

  private presenceChanged(table: Table, seat: Seat, before: Presence): void {
    const store = this.config.store;
    const now = this.config.now();
    const local = this.localPresence(seat);
    const after = this.presenceOf(seat);
    const changedSeat = after === 'here' && this.back(table, seat);
    if (store) {
      void this.writes
        .run(table.gameID, async () => {
          await store.writePresence(table.gameID, seat.userID, local, now);
          if (changedSeat) await store.writeSeats(table.gameID, [stored(seat)]);
        })
        .then(() => this.announce(table.gameID))
        .catch((error: unknown) => this.config.onError?.(error, table.gameID));
    } else {
      this.announce(table.gameID);
    }
    if (before !== after || changedSeat) this.changed(table.gameID);
    this.checkAbandoned(table);
  }

  /**
   * The player is back: a stand-in no longer plays for them, and a decision that had only the
   * grace gets the full time from now. Returns whether the seat changed. A decision whose time has
   * run out stays the stand-in's (their next one is theirs): given the whole turn timer again in the
   * moment before the stand-in played it, a player who asked for the game's state a few times a
   * second was never stood in for, and held the table for as long as they liked.
   */
  private back(table: Table, seat: Seat): boolean {
    if (seat.standIn === null || seat.leftAt !== null) return false;
    if (seat.standIn === 'turn timer' && seat.due && seat.due.deadline !== null && seat.due.deadline <= this.config.now()) return false;
    seat.standIn = null;
    if (seat.due) {
      const now = this.config.now();
      const full = table.turnTimerMs === null ? null : now + table.turnTimerMs;
      if (seat.due.deadline !== null && (full === null || seat.due.deadline < full)) seat.due = { ...seat.due, deadline: full };
    }
    this.arm(table);
    return true;
  }

  /** Keeps the seats in the database and tells every instance's watchers. */
  private save(table: Table, seats: Seat[]): Promise<void> {
    const store = this.config.store;
    const rows = seats.map(stored);
    this.changed(table.gameID);
    if (!store) {
      this.announce(table.gameID);
      return Promise.resolve();
    }
    return this.writes
      .run(table.gameID, () => store.writeSeats(table.gameID, rows))
      .then(() => this.announce(table.gameID))
      .catch((error: unknown) => this.config.onError?.(error, table.gameID));
  }

  private announce(gameID: string): void {
    const { bus, store } = this.config;
    bus?.publish(`seats/${gameID}`, { origin: store?.instanceID ?? '' }).catch((error: unknown) => this.config.onError?.(error, gameID));
  }

  private changed(gameID: string): void {
    for (const listener of [...(this.listeners.get(gameID) ?? [])]) listener();
  }

  /** Reads the table as stored (another instance changed it). */
  private reload(table: Table): void {
    this.writes
      .run(table.gameID, () => this.load(table))
      .then(() => {
        this.arm(table);
        this.changed(table.gameID);
        this.checkAbandoned(table);
      })
      .catch((error: unknown) => this.config.onError?.(error, table.gameID));
  }

  private async load(table: Table): Promise<void> {
    const store = this.config.store!;
    const { seats, presence } = await store.read(table.gameID);
    for (const row of seats) {
      const seat = table.seats.get(row.userID);
      if (!seat) continue;
      seat.due = row.decisionKey !== null && row.dueSince !== null ? { key: row.decisionKey, since: row.dueSince, deadline: row.deadline } : null;
      // Leaving is for good: a read answered from before this instance's leave was written (the
      // write waits behind the read) must not seat the player again.
      seat.leftAt = seat.leftAt ?? row.leftAt;
      seat.standIn = seat.leftAt !== null ? 'left' : row.standIn === 'turn timer' || row.standIn === 'no one connected' ? row.standIn : null;
    }
    for (const seat of table.seats.values()) seat.remote.clear();
    for (const row of presence) {
      if (row.instanceID === store.instanceID) continue;
      table.seats.get(row.userID)?.remote.set(row.instanceID, { state: row.state, seenAt: row.seenAt });
    }
  }

  /** The clock: wakes at the next deadline, when that decision falls to a stand-in. */
  private arm(table: Table): void {
    if (table.clock) clearTimeout(table.clock);
    table.clock = null;
    const now = this.config.now();
    let next = Infinity;
    let due = false;
    for (const seat of table.seats.values()) {
      const deadline = seat.due?.deadline;
      if (deadline === null || deadline === undefined) continue;
      if (deadline <= now) due = true;
      else next = Math.min(next, deadline);
    }
    if (due) queueMicrotask(() => this.timeUp(table));
    if (next === Infinity) return;
    table.clock = setTimeout(() => this.timeUp(table), next - now + 1);
    table.clock.unref();
  }

  private timeUp(table: Table): void {
    if (this.tables.get(table.gameID) !== table) return;
    const now = this.config.now();
    const marked: Seat[] = [];
    let due = false;
    for (const seat of table.seats.values()) {
      const deadline = seat.due?.deadline;
      if (deadline === null || deadline === undefined || deadline > now) continue;
      due = true;
      if (seat.standIn === null && seat.leftAt === null) {
        seat.standIn = 'turn timer';
        marked.push(seat);
      }
    }
    if (marked.length > 0) void this.save(table, marked);
    if (due) this.onAway(table.gameID);
    // The passed deadlines are the stand-in's now; the clock waits for the next one.
    if (table.clock) clearTimeout(table.clock);
    table.clock = null;
    let next = Infinity;
    for (const seat of table.seats.values()) {
      const deadline = seat.due?.deadline;
      if (deadline !== null && deadline !== undefined && deadline > now) next = Math.min(next, deadline);
    }
    if (next !== Infinity) {
      table.clock = setTimeout(() => this.timeUp(table), next - now + 1);
      table.clock.unref();
    }
  }

  /** A game no person has open (on any instance) for `abandonAfterMs` is finished by stand-ins. */
  private checkAbandoned(table: Table): void {
    const present = [...table.seats.values()].filter((s) => s.leftAt === null);
    const nobody = present.length > 0 && present.every((s) => this.presenceOf(s) === 'gone');
    if (!nobody) {
      if (table.abandonClock) clearTimeout(table.abandonClock);
      table.abandonClock = null;
      return;
    }
    if (table.abandonClock) return;
    table.abandonClock = setTimeout(() => {
      table.abandonClock = null;
      if (this.tables.get(table.gameID) !== table) return;
      const still = [...table.seats.values()].filter((s) => s.leftAt === null);
      if (!still.every((s) => this.presenceOf(s) === 'gone')) return;
      const now = this.config.now();
      for (const seat of still) {
        seat.standIn = 'no one connected';
        if (seat.due) seat.due = { ...seat.due, deadline: now };
      }
      void this.save(table, still);
      this.arm(table);
      this.onAbandoned(table.gameID);
    }, this.config.abandonAfterMs);
    table.abandonClock.unref();
  }
}

function dueRow(userID: UserID, due: Due | null): SeatDue {
  return { userID, decisionKey: due?.key ?? null, dueSince: due?.since ?? null, deadline: due?.deadline ?? null };
}

function stored(seat: Seat): StoredSeat {
  return {
    userID: seat.userID,
    decisionKey: seat.due?.key ?? null,
    dueSince: seat.due?.since ?? null,
    deadline: seat.due?.deadline ?? null,
    standIn: seat.standIn,
    leftAt: seat.leftAt,
  };
}

/**
 * How long the game screen rolls a step's dice before it shows the decisions the step made due
 * (the longest clash: they roll side by side), 0 if it rolled none. A clash the step settled is
 * counted from its first round, though rounds rolled while the war phase waited for reroll choices
 * were shown then: a few seconds more for the player, never fewer. A war phase still waiting for
 * reroll choices has just rolled a round of its open clashes (a reroll choice comes due only
 * then): one round's roll. `at`: the step's time (the last step's unless given).
 */
function diceShownMs(game: Game, at = game.updateTimestamp): number {
  let longest = game.phase === 'WAR' && game.clashes.length > 0 && at === game.updateTimestamp ? clashDisplayMs(1) : 0;
  for (let i = game.events.length - 1; i >= 0; i--) {
    const event = game.events[i]!;
    if (event.timestamp > at) continue;
    if (event.timestamp < at) break;
    if (event.type === 'CONFLICT_RESULTS') longest = Math.max(longest, clashDisplayMs(event.payload.rounds.length));
  }
  return longest;
}

/**
 * How long the game screen deals a trade row the step laid out wholly anew (a new age's; every
 * turn's under wipeTradeRow) before a bid can be made on it, 0 if it dealt none: the screen's own
 * plan of the step's events. `at`: the step's time (the last step's unless given).
 */
function rowDealtMs(game: Game, at = game.updateTimestamp): number {
  let first = game.events.length;
  while (first > 0 && game.events[first - 1]!.timestamp >= at) first--;
  // The game's first row is on the table when the screen opens on the game: nothing is replayed.
  if (first === 0) return 0;
  const events = game.events.slice(first).filter((event) => event.timestamp === at);
  return newRowDealtAt(planAnimations(events), game.tableIDs);
}

/**
 * How long the game screen shows a step before its player can act on the decision it made due:
 * the dice and the deal play at once there, and the bid waits for both (a new age's row often
 * comes with the last clash of the age before). Only a bid waits for a deal.
 */
function shownMs(game: Game, at = game.updateTimestamp): number {
  return Math.max(diceShownMs(game, at), game.phase === 'PLANNING' ? rowDealtMs(game, at) : 0);
}
