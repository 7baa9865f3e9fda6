/**
 * The table of a game in the database (attendance.ts keeps it in memory): each seat's current
 * decision, deadline, stand-in and departure (`game_seats`), and each instance's connections of
 * each player (`game_presence`). Stored so that a restarted server keeps every deadline, and so
 * that instances sharing a PostgreSQL database agree on the clock and on who is here.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface StoredSeat {
  userID: string;
  /** Which decision the seat owes (see `decisionKey`), and since when; null when it owes none. */
  decisionKey: string | null;
  dueSince: number | null;
  deadline: number | null;
  standIn: string | null;
  leftAt: number | null;
}

/**
 * Which decision a seat owes after a step, since when and until when. Written in the step's own
 * transaction (step-log.ts), so the table never lags the game and a step costs no write of its own.
 */
export type SeatDue = Pick<StoredSeat, 'userID' | 'decisionKey' | 'dueSince' | 'deadline'>;

export interface StoredPresence {
  userID: string;
  instanceID: string;
  state: 'here' | 'away';
  seenAt: number;
}

export class SeatStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** Names this server process in `game_presence`. */
    readonly instanceID: string,
  ) {}

  async read(gameID: string): Promise<{ seats: StoredSeat[]; presence: StoredPresence[] }> {
    const [seats, presence] = await Promise.all([
      this.db.selectFrom('game_seats').selectAll().where('game_id', '=', gameID).execute(),
      this.db.selectFrom('game_presence').selectAll().where('game_id', '=', gameID).execute(),
    ]);
    return {
      seats: seats.map((r) => ({ userID: r.user_id, decisionKey: r.decision_key, dueSince: r.due_since, deadline: r.deadline, standIn: r.stand_in, leftAt: r.left_at })),
      presence: presence.map((r) => ({ userID: r.user_id, instanceID: r.instance_id, state: r.state === 'here' ? 'here' : 'away', seenAt: r.seen_at })),
    };
  }

  /**
   * A change made between steps (a stand-in took over, the player came back or left, no one was
   * connected): the seat's stand-in and departure, and its deadline only while the row still holds
   * the decision this instance saw. A step committed meanwhile stored a newer decision with its own
   * deadline, which an older change must not overwrite.
   */
  async writeSeats(gameID: string, seats: readonly StoredSeat[]): Promise<void> {
    if (seats.length === 0) return;
    await this.db
      .insertInto('game_seats')
      .values(seats.map((s) => row(gameID, s)))
      .onConflict((oc) =>
        oc.columns(['game_id', 'user_id']).doUpdateSet((eb) => ({
          stand_in: eb.ref('excluded.stand_in'),
          left_at: eb.ref('excluded.left_at'),
          deadline: sql<number | null>`case when game_seats.decision_key is not distinct from excluded.decision_key then excluded.deadline else game_seats.deadline end`,
        })),
      )
      .execute();
  }

  /**
   * The decisions due when this instance began keeping the table, for the seats the database had
   * no record of: the first instance to store a decision's time wins, and the others read it.
   */
  async writeFirstDues(gameID: string, dues: readonly SeatDue[]): Promise<void> {
    if (dues.length === 0) return;
    await this.db
      .insertInto('game_seats')
      .values(dues.map((d) => row(gameID, { ...d, standIn: null, leftAt: null })))
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'user_id'])
          .doUpdateSet((eb) => ({ decision_key: eb.ref('excluded.decision_key'), due_since: eb.ref('excluded.due_since'), deadline: eb.ref('excluded.deadline') }))
          .where(sql<boolean>`game_seats.decision_key is distinct from excluded.decision_key`),
      )
      .execute();
  }

  /** This instance's connections of a player to a game: here, away, or none (null: the row goes). */
  async writePresence(gameID: string, userID: string, state: 'here' | 'away' | null, now: number): Promise<void> {
    if (state === null) {
      await this.db.deleteFrom('game_presence').where('game_id', '=', gameID).where('user_id', '=', userID).where('instance_id', '=', this.instanceID).execute();
      return;
    }
    await this.db
      .insertInto('game_presence')
      .values({ game_id: gameID, user_id: userID, instance_id: this.instanceID, state, seen_at: now })
      .onConflict((oc) => oc.columns(['game_id', 'user_id', 'instance_id']).doUpdateSet({ state, seen_at: now }))
      .execute();
  }

  /** Says this instance still holds its connections; rows nobody refreshes go stale (`PRESENCE_TTL_MS`). */
  async refresh(now: number): Promise<void> {
    await this.db.updateTable('game_presence').set({ seen_at: now }).where('instance_id', '=', this.instanceID).execute();
  }

  /** At shutdown: this instance holds no connection any more. */
  async dropPresence(): Promise<void> {
    await this.db.deleteFrom('game_presence').where('instance_id', '=', this.instanceID).execute();
  }

  /** A finished game's table is of no more use. */
  async forget(gameID: string): Promise<void> {
    await this.db.deleteFrom('game_presence').where('game_id', '=', gameID).execute();
  }
}

function row(gameID: string, s: StoredSeat) {
  return { game_id: gameID, user_id: s.userID, decision_key: s.decisionKey, due_since: s.dueSince, deadline: s.deadline, stand_in: s.standIn, left_at: s.leftAt };
}
