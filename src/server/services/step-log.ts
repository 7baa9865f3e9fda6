/**
 * Group commit of game steps. A step is one small append (its actions and events) plus a compare
 * and swap of the game row's sequenceID, the seats whose decision it changed (their clock), and
 * now and then a snapshot of the state (game-store.ts).
 * The steps of every game that arrive in one event-loop turn are written in one transaction:
 * what costs is the commit, not the rows. `append` settles only once the transaction holding its
 * step has committed (true) or found the game moved on by another writer (false); if the
 * transaction fails, every step in it is refused with the error and none is stored.
 *
 * The statements are built once: prepared statements on SQLite (better-sqlite3 is synchronous, so
 * a whole group is one BEGIN ... COMMIT with no await inside, one group at a time), and fixed SQL
 * over arrays (unnest) on PostgreSQL, so a group of any size is one statement and one round trip,
 * with two groups in flight at once on connections of their own (one game has one step in flight
 * at a time, so they never touch the same game row). On PostgreSQL that statement also sends each
 * stored step's bus message (NOTIFY), so a step's message costs no round trip of its own and goes
 * out if and only if the step is committed.
 */
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Game, GameEvent } from '../../engine/index.js';
import { gameTopic, type Bus, type CommitNotices } from '../bus/bus.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { StoredAction } from './game-log.js';
import { stateJSON } from './game-store.js';
import type { SeatDue } from './seat-store.js';

export interface Step {
  /** The game after the step. */
  game: Game;
  /** The sequenceID the step was made on: the stored game must still be there. */
  expectedSequenceID: number;
  actions: readonly StoredAction[];
  events: readonly GameEvent[];
  /** Whether the game row's snapshot is rewritten with this step's state. */
  snapshot: boolean;
  /** The seats whose decision the step changed (the table's clock: attendance.ts), stored with it. */
  seats?: readonly SeatDue[];
}

/** Writes a group of steps in one transaction; per step, whether its compare and swap won. */
export interface StepWriter {
  write(steps: readonly Step[]): Promise<boolean[]>;
  /** How many groups may be written at once (default 1). */
  readonly groupsInFlight?: number;
  /**
   * Set when each stored step's game message (`game/{id}`: its new sequenceID) went out on the
   * bus with the group's commit: the publisher then only delivers it in this process.
   */
  readonly notices?: CommitNotices;
}

/**
 * The database's own writer: prepared statements on SQLite, one statement a group on PostgreSQL
 * (carrying the steps' bus messages, when the bus travels through the same database).
 */
export function stepWriterFor(db: Db, bus?: Bus): StepWriter {
  return db.sqlite ? new SqliteStepWriter(db.kysely, db.sqlite) : new PostgresStepWriter(db.kysely, bus?.commitNotices);
}

interface Pending {
  step: Step;
  resolve(won: boolean): void;
  reject(error: unknown): void;
}

export class StepLog {
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly writer: StepWriter) {}

  static for(db: Db, bus?: Bus): StepLog {
    return new StepLog(stepWriterFor(db, bus));
  }

  /** Set when a stored step's game message has gone out with its commit (see StepWriter). */
  get notices(): CommitNotices | undefined {
    return this.writer.notices;
  }

  /** Settles once the step's group has committed: true if stored, false if the game had moved on. */
  append(step: Step): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ step, resolve, reject });
      this.schedule();
    });
  }

  /** Settles once everything appended so far is written (or refused). */
  async idle(): Promise<void> {
    while (this.writing.size > 0 || this.scheduled) await (this.scheduled ? new Promise((resolve) => setImmediate(resolve)) : Promise.all(this.writing));
  }

  /** The next group goes when this turn's appends are in and a group may start. */
  private schedule(): void {
    if (this.scheduled || this.writing.size >= (this.writer.groupsInFlight ?? 1)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.pending.length === 0) return;
      const writing: Promise<void> = this.flush().finally(() => {
        this.writing.delete(writing);
        if (this.pending.length > 0) this.schedule();
      });
      this.writing.add(writing);
    });
  }

  private async flush(): Promise<void> {
    const group = this.pending;
    this.pending = [];
    try {
      const won = await this.writer.write(group.map((p) => p.step));
      group.forEach((p, i) => p.resolve(won[i]!));
    } catch (error) {
      for (const p of group) p.reject(error);
    }
  }
}

const SQLITE = {
  swap: 'update games set sequence_id = ?, updated_at = ?, end_timestamp = ? where id = ? and sequence_id = ?',
  swapWithSnapshot: 'update games set state_json = ?, sequence_id = ?, updated_at = ?, end_timestamp = ? where id = ? and sequence_id = ?',
  action: 'insert into game_actions (game_id, sequence_id, user_id, action_json, at, stand_in) values (?, ?, ?, ?, ?, ?)',
  events: 'insert into game_events (game_id, sequence_id, events_json) values (?, ?, ?)',
  seat:
    'insert into game_seats (game_id, user_id, decision_key, due_since, deadline) values (?, ?, ?, ?, ?) ' +
    'on conflict (game_id, user_id) do update set decision_key = excluded.decision_key, due_since = excluded.due_since, deadline = excluded.deadline',
};

/** SQLite: prepared statements in one synchronous transaction, run while holding kysely's connection. */
export class SqliteStepWriter implements StepWriter {
  private readonly statements: { [K in keyof typeof SQLITE]: SQLite.Statement };
  private readonly transaction: (steps: readonly Step[]) => boolean[];

  constructor(
    private readonly kysely: Kysely<Database>,
    sqlite: SQLite.Database,
  ) {
    this.statements = {
      swap: sqlite.prepare(SQLITE.swap),
      swapWithSnapshot: sqlite.prepare(SQLITE.swapWithSnapshot),
      action: sqlite.prepare(SQLITE.action),
      events: sqlite.prepare(SQLITE.events),
      seat: sqlite.prepare(SQLITE.seat),
    };
    this.transaction = sqlite.transaction((steps: readonly Step[]) => steps.map((step) => this.writeStep(step)));
  }

  write(steps: readonly Step[]): Promise<boolean[]> {
    // Holding the connection keeps a kysely transaction (which awaits between its statements) from being open meanwhile.
    return this.kysely.connection().execute(async () => this.writeGroup(steps));
  }

  /** The group's transaction: BEGIN, each step, COMMIT (ROLLBACK if any throws). */
  writeGroup(steps: readonly Step[]): boolean[] {
    return this.transaction(steps);
  }

  /** One step inside the group's transaction; false (nothing written) if the game moved on. */
  writeStep(step: Step): boolean {
    const { game } = step;
    const swapped = step.snapshot
      ? this.statements.swapWithSnapshot.run(stateJSON(game), game.sequenceID, game.updateTimestamp, game.gameEndTimestamp, game.id, step.expectedSequenceID)
      : this.statements.swap.run(game.sequenceID, game.updateTimestamp, game.gameEndTimestamp, game.id, step.expectedSequenceID);
    if (swapped.changes !== 1) return false;
    for (const a of step.actions) this.statements.action.run(game.id, a.sequenceID, a.userID, JSON.stringify(a.action), a.at, a.standIn ?? null);
    if (step.events.length > 0) this.statements.events.run(game.id, game.sequenceID, JSON.stringify(step.events));
    for (const d of step.seats ?? []) this.statements.seat.run(game.id, d.userID, d.decisionKey, d.dueSince, d.deadline);
    return true;
  }
}

const POSTGRES = {
  // One statement, so one round trip and its own transaction, for a group of any size. `locked`
  // takes the group's row locks in id order before any row is written (the update only touches
  // rows it has passed), so two instances' groups sharing games cannot deadlock. The lock is FOR NO
  // KEY UPDATE, the one the update itself takes: FOR UPDATE would also wait for the KEY SHARE lock
  // with which a row referencing the game (a seat written by attendance) checks its foreign key,
  // while that insert holds the seat row this statement then writes: a deadlock. The update then
  // swaps the rows still at their expected sequenceID (under READ COMMITTED it re-checks a row
  // another writer changed meanwhile against that row's newest version), and the appends of the
  // steps whose swap won go in with it.
  append: CompiledQuery.raw(
    'with locked as materialized (select id from games where id = any($1::text[]) order by id for no key update), ' +
      'swapped as (update games as g set sequence_id = v.sequence_id, updated_at = v.updated_at, end_timestamp = v.end_timestamp, ' +
      'state_json = coalesce(v.state_json, g.state_json) ' +
      'from unnest($1::text[], $2::integer[], $3::integer[], $4::bigint[], $5::bigint[], $6::text[]) as v(id, expected, sequence_id, updated_at, end_timestamp, state_json) ' +
      'where g.id = v.id and g.id in (select id from locked) and g.sequence_id = v.expected returning g.id), ' +
      'actions as (insert into game_actions (game_id, sequence_id, user_id, action_json, at, stand_in) ' +
      'select a.* from unnest($7::text[], $8::integer[], $9::text[], $10::text[], $11::bigint[], $12::text[]) as a(game_id, sequence_id, user_id, action_json, at, stand_in) ' +
      'where a.game_id in (select id from swapped)), ' +
      'events as (insert into game_events (game_id, sequence_id, events_json) ' +
      'select e.* from unnest($13::text[], $14::integer[], $15::text[]) as e(game_id, sequence_id, events_json) ' +
      'where e.game_id in (select id from swapped)), ' +
      'seats as (insert into game_seats (game_id, user_id, decision_key, due_since, deadline) ' +
      'select d.* from unnest($16::text[], $17::text[], $18::text[], $19::bigint[], $20::bigint[]) as d(game_id, user_id, decision_key, due_since, deadline) ' +
      'where d.game_id in (select id from swapped) ' +
      'on conflict (game_id, user_id) do update set decision_key = excluded.decision_key, due_since = excluded.due_since, deadline = excluded.deadline) ' +
      'select id from swapped',
  ),
};

/**
 * The same, and each stored step's bus message NOTIFYed by the same statement: PostgreSQL sends
 * a transaction's notifications when it commits, in the order they were made, and only if it
 * commits.
 */
const APPEND_NOTIFYING = CompiledQuery.raw(
  POSTGRES.append.sql.replace(
    /select id from swapped$/,
    'select s.id, pg_notify($21, n.payload) from swapped as s join unnest($22::text[], $23::text[]) as n(game_id, payload) on n.game_id = s.id',
  ),
);

const run = (query: CompiledQuery, parameters: unknown[]): CompiledQuery => ({ ...query, parameters });

/** PostgreSQL: a group is one statement whatever its size, its parameters arrays: one round trip. */
export class PostgresStepWriter implements StepWriter {
  /** Round trips, not the CPU, bound a group: two overlap (the pool holds 10 connections). */
  readonly groupsInFlight = 2;

  constructor(
    private readonly kysely: Kysely<Database>,
    readonly notices?: CommitNotices,
  ) {}

  async write(steps: readonly Step[]): Promise<boolean[]> {
    const actions = steps.flatMap((s) => s.actions.map((a) => ({ id: s.game.id, a })));
    const withEvents = steps.filter((s) => s.events.length > 0);
    const seats = steps.flatMap((s) => (s.seats ?? []).map((d) => ({ id: s.game.id, d })));
    const { notices } = this;
    const notifying = notices
      ? [notices.channel, steps.map((s) => s.game.id), steps.map((s) => notices.payload(gameTopic(s.game.id), { sequenceID: s.game.sequenceID }))]
      : [];
    const swapped = await this.kysely.executeQuery<{ id: string }>(
      run(notices ? APPEND_NOTIFYING : POSTGRES.append, [
        steps.map((s) => s.game.id),
        steps.map((s) => s.expectedSequenceID),
        steps.map((s) => s.game.sequenceID),
        steps.map((s) => s.game.updateTimestamp),
        steps.map((s) => s.game.gameEndTimestamp),
        steps.map((s) => (s.snapshot ? stateJSON(s.game) : null)),
        actions.map((x) => x.id),
        actions.map((x) => x.a.sequenceID),
        actions.map((x) => x.a.userID),
        actions.map((x) => JSON.stringify(x.a.action)),
        actions.map((x) => x.a.at),
        actions.map((x) => x.a.standIn ?? null),
        withEvents.map((s) => s.game.id),
        withEvents.map((s) => s.game.sequenceID),
        withEvents.map((s) => JSON.stringify(s.events)),
        seats.map((x) => x.id),
        seats.map((x) => x.d.userID),
        seats.map((x) => x.d.decisionKey),
        seats.map((x) => x.d.dueSince),
        seats.map((x) => x.d.deadline),
        ...notifying,
      ]),
    );
    const won = new Set(swapped.rows.map((r) => r.id));
    return steps.map((s) => won.has(s.game.id));
  }
}
