/**
 * The steps of one game as one viewer sees them, each computed once however many watch as that
 * viewer (every spectator is the viewer `null`), with what changed since the step before it and
 * its /channel encoding, both made once too.
 */
import { diff, pointer, type JsonValue, type Patch } from '../../engine/json-patch.js';
import { eventsFor, favorHidden, openViewFor, type Game, type GameEvent, type UserID } from '../../engine/index.js';
import { tableKey, type TableView, type WireGame, type WirePatch, type WireUpdate } from '../services/game-views.js';

/** What patches apply to: the viewer's game and its whole event log. */
export interface WireView {
  game: WireGame;
  events: GameEvent[];
}

/**
 * How long one step's message, table and server clock included, may go on serving the next
 * watchers of that step: a client reads its clock offset from `serverTime`, and a few ms more of
 * it are less than any network's jitter.
 */
export const SHARED_MESSAGE_MS = 20;

/** One step of a game as one viewer sees it. */
export class Version {
  readonly sequenceID: number;
  readonly game: WireGame;
  /** The step this one was computed after (the patch's base), or null for the first. */
  readonly baseSequenceID: number | null;
  /** From the base step's view to this one. */
  readonly patch: Patch | null;
  private channelJSON: string | null = null;
  /** The last message `shared` made, for the next watcher sent this step the same way. */
  private sharedMessage: { patched: boolean; serverTime: number; table: string; message: WireUpdate | WirePatch } | null = null;
  /**
   * The viewer's event log at this step is the first `eventCount` of `log`, an array the next
   * steps of the same viewer go on appending to: a step adds its few events instead of copying
   * the whole log (hundreds of events by the end of a game) for every viewer.
   */
  private readonly log: GameEvent[];
  private readonly eventCount: number;

  /** Whether favor is hidden in this step's events (hideFavor, until the game ends). */
  private readonly favorHidden: boolean;

  constructor(game: Game, viewerID: UserID | null, base: Version | null) {
    this.sequenceID = game.sequenceID;
    this.baseSequenceID = base?.sequenceID ?? null;
    this.favorHidden = favorHidden(game);
    // The log only grows, and an event's view depends on the event, the viewer and whether favor
    // is hidden: while that stays, the base's events are this step's first ones, and only the new
    // ones are viewed and compared. When it changes (a hideFavor game ends), everything is.
    const appended = base !== null && base.favorHidden === this.favorHidden && base.eventCount <= game.events.length;
    const from = appended ? base.eventCount : 0;
    // What wireUpdate holds, without the update around it: only the view and the new events are kept.
    this.game = openViewFor(game, viewerID);
    const events = eventsFor(game, from, viewerID);
    if (!appended) this.log = events;
    else if (base.log.length === base.eventCount) (this.log = base.log).push(...events);
    else this.log = base.log.slice(0, base.eventCount).concat(events);
    this.eventCount = this.log.length;
    // Both views are the same viewer's: a patch holds nothing its two views do not.
    if (!base) this.patch = null;
    else if (!appended) this.patch = diff(base.view, this.view);
    else {
      const patch = diff({ game: base.game }, { game: this.game });
      events.forEach((event, i) => patch.push({ op: 'add', path: pointer('/events', from + i), value: event as unknown as JsonValue }));
      this.patch = patch;
    }
  }

  /** The viewer's game and whole event log at this step. */
  get view(): WireView {
    return { game: this.game, events: this.events() };
  }

  private events(): GameEvent[] {
    return this.log.length === this.eventCount ? this.log : this.log.slice(0, this.eventCount);
  }

  whole(table: TableView): WireUpdate {
    // A copy: the message may be encoded after a later step has appended to the shared log.
    return { sequenceID: this.sequenceID, game: this.game, events: this.log.slice(0, this.eventCount), fromEvent: 0, ...table };
  }

  /** The patch from `sent`, if this step was computed after it; else the whole game. */
  after(sent: Version | null, table: TableView): WireUpdate | WirePatch {
    if (sent === null || this.patch === null || !this.patchesFrom(sent)) return this.whole(table);
    return { sequenceID: this.sequenceID, baseSequenceID: sent.sequenceID, patch: this.patch, ...table };
  }

  /**
   * `after`, as the one object every watcher of this viewer gets when it is sent this step the
   * same way (patch or whole) with the same table, read at most SHARED_MESSAGE_MS apart: so that
   * tRPC serialises it once for all of them (serialisedOnce), not once a socket. Ten spectators
   * of a game made ten serialisations of each step's update, the largest part of what a
   * spectator cost the server.
   *
   * `othersWatch`: whether anyone else watches as this viewer (a spectator among others, a second
   * tab). When nobody does (a player's one tab, the usual case), the message is neither compared
   * nor kept: kept, it and its JSON lived on with the step until the next one, long enough under
   * load to be copied by the young generation's collections and promoted, for no reader.
   */
  shared(sent: Version | null, table: TableView, othersWatch: boolean): WireUpdate | WirePatch {
    if (!othersWatch) {
      this.sharedMessage = null;
      return this.after(sent, table);
    }
    const patched = this.patchesFrom(sent);
    const last = this.sharedMessage;
    const age = last ? table.serverTime - last.serverTime : Infinity;
    const key = tableKey(table);
    if (last && last.patched === patched && age >= 0 && age <= SHARED_MESSAGE_MS && last.table === key) return last.message;
    const message = this.after(sent, table);
    this.sharedMessage = { patched, serverTime: table.serverTime, table: key, message };
    return message;
  }

  private patchesFrom(sent: Version | null): boolean {
    return sent !== null && this.patch !== null && this.baseSequenceID === sent.sequenceID;
  }

  /** The data of a /channel game topic message, JSON-encoded once. */
  channelData(): string {
    this.channelJSON ??= JSON.stringify({ sequenceID: this.sequenceID, game: { ...this.game, events: this.events() } });
    return this.channelJSON;
  }
}

/**
 * The latest step of one game for one viewer. Asked for a step, it answers with the latest it
 * has if that is recent enough, else with the one being computed, else it computes the newest
 * after those: one computation at a time, each after the one before, so each step's patch is
 * from the step computed just before it.
 */
export class ViewerVersions {
  latest: Version | null = null;
  /** How many watchers share this; the feed drops it at zero. */
  watchers = 0;
  private pending: Promise<Version | null> | null = null;
  private pendingTarget = -1;

  constructor(
    private readonly load: (minSequenceID: number) => Promise<Game | null>,
    private readonly viewerID: UserID | null,
  ) {}

  /** The latest step at or after `target` (or the latest known, if the game has not got there). */
  at(target: number, loaded: Game | null = null): Promise<Version | null> {
    if (this.latest && this.latest.sequenceID >= target) return Promise.resolve(this.latest);
    if (this.pending && this.pendingTarget >= target) return this.pending;
    // After the computation under way, if any; else on a later microtask, never at once. Computed
    // at once (inside the call that published the step), it saved three promises a viewer, and the
    // movers' answers' median went from 17 to 91 ms under load (50 games of four, alternating
    // runs: bench/RESULTS.md).
    const before = this.pending ?? Promise.resolve(null);
    const next = before.catch(() => null).then(() => this.compute(target, loaded));
    this.pending = next;
    this.pendingTarget = target;
    const settled = () => {
      if (this.pending === next) this.pending = null;
    };
    next.then(settled, settled);
    return next;
  }

  private async compute(target: number, loaded: Game | null): Promise<Version | null> {
    if (this.latest && this.latest.sequenceID >= target) return this.latest;
    const game = loaded && loaded.sequenceID >= target ? loaded : await this.load(target);
    if (!game || (this.latest && game.sequenceID <= this.latest.sequenceID)) return this.latest;
    this.latest = new Version(game, this.viewerID, this.latest);
    return this.latest;
  }
}
