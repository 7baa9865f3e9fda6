/**
 * Who is at the table. A seat whose player ran out of time on a decision (the turn timer), or a
 * game nobody has been connected to for a while (abandonment), is played by a stand-in bot until
 * its player comes back: opening the game again or acting takes the seat back.
 *
 * This is the server's bookkeeping, not a rule: the engine sees the stand-in's actions as the
 * player's own, so replays, exports and verification are unchanged. What it knows lives in this
 * process (as the bot timers do): after a restart every seat starts present, and the clocks start
 * again. With several instances on one PostgreSQL database each instance keeps its own; a player
 * connected to another instance counts as absent here, so the abandonment clock is generous.
 */
import { pendingDecision, type BotType, type Game, type UserID } from '../../engine/index.js';

/** Why a seat is played by a stand-in, as clients see it. */
export type AwayReason = 'turn timer' | 'no one connected';

export interface AwaySeat {
  userID: UserID;
  reason: AwayReason;
}

/** A lobby's turn timer setting: 'auto' is on when the game seats two people or more. */
export type TurnTimerSetting = 'auto' | 'on' | 'off';
export const TURN_TIMER_SETTINGS: readonly TurnTimerSetting[] = ['auto', 'on', 'off'];

export function turnTimerIsOn(setting: TurnTimerSetting, game: Pick<Game, 'players'>): boolean {
  if (setting !== 'auto') return setting === 'on';
  return game.players.filter((p) => p.botType === null).length >= 2;
}

export interface AttendanceConfig {
  /** How long a person may take over one decision when the game's turn timer is on. */
  turnTimerMs: number;
  /** How long a game may go with no person connected before bots finish it. */
  abandonAfterMs: number;
  /** The bot that plays an absent player's seat. */
  standIn: BotType;
  now: () => number;
}

interface Table {
  turnTimer: boolean;
  humans: UserID[];
  connections: Map<UserID, number>;
  /** When each person's current decision became due (only while one is). */
  dueSince: Map<UserID, number>;
  away: Map<UserID, AwayReason>;
  turnClock: NodeJS.Timeout | null;
  abandonClock: NodeJS.Timeout | null;
}

export class Attendance {
  private readonly tables = new Map<string, Table>();
  /** Called when a seat has just gone to a stand-in, so its decision is played. */
  onAway: (gameID: string) => void = () => undefined;

  constructor(private readonly config: AttendanceConfig) {}

  /** Starts keeping a running game's table (idempotent); `observe` it after every change. */
  track(game: Game, turnTimer: boolean): void {
    if (game.gameEndTimestamp !== null || this.tables.has(game.id)) return;
    const humans = game.players.filter((p) => p.botType === null).map((p) => p.userID);
    if (humans.length === 0) return;
    this.tables.set(game.id, { turnTimer, humans, connections: new Map(), dueSince: new Map(), away: new Map(), turnClock: null, abandonClock: null });
    this.observe(game);
  }

  isTracked(gameID: string): boolean {
    return this.tables.has(gameID);
  }

  /** The bot playing this person's seat now, or null when they play it themselves. */
  standInFor(gameID: string, userID: UserID): BotType | null {
    return this.tables.get(gameID)?.away.has(userID) ? this.config.standIn : null;
  }

  away(gameID: string): AwaySeat[] {
    const table = this.tables.get(gameID);
    return table ? [...table.away].map(([userID, reason]) => ({ userID, reason })) : [];
  }

  /** A person opened the game (a subscription); the returned function says they left. */
  connect(gameID: string, userID: UserID): () => void {
    const table = this.tables.get(gameID);
    if (!table || !table.humans.includes(userID)) return () => undefined;
    table.connections.set(userID, (table.connections.get(userID) ?? 0) + 1);
    this.back(table, userID);
    this.clearAbandonClock(table);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      const left = (table.connections.get(userID) ?? 1) - 1;
      if (left > 0) table.connections.set(userID, left);
      else table.connections.delete(userID);
      if (this.tables.get(gameID) === table) this.startAbandonClock(gameID, table);
    };
  }

  /** A person acted in the game or asked for its state: they are at the table. */
  seen(gameID: string, userID: UserID): void {
    const table = this.tables.get(gameID);
    if (!table || !table.humans.includes(userID)) return;
    this.back(table, userID);
    if (table.connections.size === 0) this.startAbandonClock(gameID, table);
  }

  /** After every change of the game: who has a decision due since when, and the clocks. */
  observe(game: Game): void {
    const table = this.tables.get(game.id);
    if (!table) return;
    if (game.gameEndTimestamp !== null) return this.forget(game.id);
    const now = this.config.now();
    for (const userID of table.humans) {
      const decision = pendingDecision(game, userID);
      const due = decision !== null && decision.type !== 'WAIT_FOR_OTHERS';
      if (!due) table.dueSince.delete(userID);
      else if (!table.dueSince.has(userID)) table.dueSince.set(userID, now);
    }
    this.startTurnClock(game.id, table);
    if (table.connections.size === 0 && !table.abandonClock) this.startAbandonClock(game.id, table);
  }

  forget(gameID: string): void {
    const table = this.tables.get(gameID);
    if (!table) return;
    if (table.turnClock) clearTimeout(table.turnClock);
    this.clearAbandonClock(table);
    this.tables.delete(gameID);
  }

  close(): void {
    for (const gameID of [...this.tables.keys()]) this.forget(gameID);
  }

  private back(table: Table, userID: UserID): void {
    if (!table.away.delete(userID)) return;
    // Their decision is due from now: the timer starts again.
    if (table.dueSince.has(userID)) table.dueSince.set(userID, this.config.now());
  }

  private startTurnClock(gameID: string, table: Table): void {
    if (table.turnClock) clearTimeout(table.turnClock);
    table.turnClock = null;
    if (!table.turnTimer) return;
    const waiting = [...table.dueSince].filter(([userID]) => !table.away.has(userID));
    if (waiting.length === 0) return;
    const first = Math.min(...waiting.map(([, since]) => since));
    table.turnClock = setTimeout(
      () => {
        table.turnClock = null;
        const now = this.config.now();
        let changed = false;
        for (const [userID, since] of table.dueSince) {
          if (!table.away.has(userID) && now - since >= this.config.turnTimerMs) {
            table.away.set(userID, 'turn timer');
            changed = true;
          }
        }
        if (changed) this.onAway(gameID);
        this.startTurnClock(gameID, table);
      },
      Math.max(0, first + this.config.turnTimerMs - this.config.now()),
    );
    table.turnClock.unref();
  }

  private startAbandonClock(gameID: string, table: Table): void {
    this.clearAbandonClock(table);
    table.abandonClock = setTimeout(() => {
      table.abandonClock = null;
      if (table.connections.size > 0) return;
      for (const userID of table.humans) if (!table.away.has(userID)) table.away.set(userID, 'no one connected');
      this.onAway(gameID);
    }, this.config.abandonAfterMs);
    table.abandonClock.unref();
  }

  private clearAbandonClock(table: Table): void {
    if (table.abandonClock) clearTimeout(table.abandonClock);
    table.abandonClock = null;
  }
}
