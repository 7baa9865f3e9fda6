/**
 * Lobbies left behind close by themselves. A guest who makes a lobby and closes the tab would
 * otherwise leave it open for good: the list fills with lobbies nobody will start, and whoever
 * joins one waits for a host who is gone.
 *
 * A lobby without a game whose host is gone goes on as if the host had left, once it has gone
 * `idleMs` with no change (a join, a leave, an option, a bot, a value for the dice) and with its
 * host not on its page: the next person seated hosts it (and can start it), or, with nobody else,
 * it closes. (Counting any of its people's pages kept a lobby open for good behind a host who had
 * closed the tab: the list offered Join, and whoever joined waited on its page for nothing.) Each
 * instance knows the pages open on it (tRPC's `lobbies.onLobby` and /channel's `lobby/{id}`);
 * every sweep it marks the lobbies whose host has one open as seen (their `updated_at`), then hands
 * over or closes the open lobbies not seen or changed since `idleMs` ago. So with two instances on
 * one PostgreSQL database a lobby its host watches on either stays as it is, and either may hand
 * over or close one its host does not (conditional on the row, so only one does).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { LobbyService } from './lobbies.js';

/** How often an instance sweeps at most: a minute, or a quarter of the idle time when that is shorter. */
const SWEEP_EVERY_MS = 60_000;
/** Lobby ids bound in one statement at most (SQLite allows 32,766 variables, PostgreSQL 65,535). */
const IDS_PER_STATEMENT = 1_000;
/** Lobbies closed by one sweep at most (each is a transaction and a message to the list's watchers). */
const CLOSED_PER_SWEEP = 100;

export class IdleLobbies {
  /** Per lobby open on this instance, how many pages of each user have it open. */
  private readonly watchers = new Map<string, Map<string, number>>();
  private readonly timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly lobbies: LobbyService,
    private readonly now: () => number,
    /** 0: lobbies stay open until their people leave. */
    private readonly idleMs: number,
    private readonly onError: (error: unknown) => void,
  ) {
    if (idleMs > 0) {
      this.timer = setInterval(() => void this.sweep().catch(onError), Math.max(250, Math.min(SWEEP_EVERY_MS, idleMs / 4)));
      this.timer.unref();
    }
  }

  /** `userID` has the lobby's page open on this instance until the returned function is called. */
  watch(lobbyID: string, userID: string): () => void {
    const users = this.watchers.get(lobbyID) ?? new Map<string, number>();
    this.watchers.set(lobbyID, users);
    users.set(userID, (users.get(userID) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (users.get(userID) ?? 1) - 1;
      if (left > 0) users.set(userID, left);
      else users.delete(userID);
      if (users.size === 0 && this.watchers.get(lobbyID) === users) this.watchers.delete(lobbyID);
    };
  }

  /** Marks the watched lobbies seen, then closes the idle ones; answers how many closed. One sweep at a time. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const now = this.now();
    const watched = [...this.watchers.keys()];
    // In slices: anyone may watch any lobby (a finished one's page stays open), so the list can be
    // longer than one statement may bind.
    for (let i = 0; i < watched.length; i += IDS_PER_STATEMENT) {
      const slice = watched.slice(i, i + IDS_PER_STATEMENT);
      // Only a lobby's host keeps it as it is: a stranger's page on it does not, nor one who
      // joined and waits for a host who is gone (the host passes to them instead).
      const hosts = await this.db.selectFrom('lobbies').select(['id', 'host_id']).where('id', 'in', slice).where('game_id', 'is', null).execute();
      const seen = hosts.filter((l) => this.watchers.get(l.id)?.has(l.host_id)).map((l) => l.id);
      if (seen.length > 0) await this.db.updateTable('lobbies').set({ updated_at: now }).where('id', 'in', seen).where('game_id', 'is', null).execute();
    }
    const before = now - this.idleMs;
    const idle = await this.db.selectFrom('lobbies').select('id').where('game_id', 'is', null).where('updated_at', '<', before).limit(CLOSED_PER_SWEEP).execute();
    let closed = 0;
    for (const { id } of idle) if ((await this.lobbies.closeIfIdle(id, before)) === 'closed') closed++;
    return closed;
  }

  /** Stops the sweeps; one under way finishes. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
