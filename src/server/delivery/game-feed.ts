/**
 * Live games to the people watching them, for every transport: tRPC games.onGame and the
 * /channel game and inbox topics. A bus message with a newer sequenceID -> the game at that
 * step -> the watcher's view of it (shared by all who watch as the same viewer) -> deliver.
 * Each transport only says how a step goes on its wire: tRPC as a patch from the last step it
 * sent, /channel as the whole game its protocol promises (docs/protocol.md).
 */
import type { Logger } from 'pino';
import type { Game, UserID } from '../../engine/index.js';
import { gameTopic, type Bus } from '../bus/bus.js';
import type { GameService } from '../services/game-service.js';
import { ViewerVersions, type Version } from './game-versions.js';

/** Called with each newer step, in order, and the step delivered before it (null at first). */
export type Deliver = (version: Version, sent: Version | null) => void;

export class GameFeed {
  private readonly versions = new Map<string, ViewerVersions>();

  constructor(
    readonly bus: Bus,
    private readonly games: Pick<GameService, 'get'>,
    readonly log: Pick<Logger, 'error'>,
  ) {}

  /**
   * Starts watching a game: it listens on the bus at once, so a step published while the caller
   * reads the game (`current`) is not missed. Call `start` to be sent the steps, `close` to stop.
   */
  watch(gameID: string): GameWatch {
    return new GameWatch(this, gameID);
  }

  current(gameID: string): Promise<Game | null> {
    return this.games.get(gameID);
  }

  /** @internal One game's steps for one viewer, shared while anyone watches as that viewer. */
  share(gameID: string, viewerID: UserID | null): { versions: ViewerVersions; release(): void } {
    // A user id never holds a space; the spectator is the empty name.
    const key = `${gameID} ${viewerID ?? ''}`;
    let versions = this.versions.get(key);
    if (!versions) this.versions.set(key, (versions = new ViewerVersions((min) => this.games.get(gameID, min), viewerID)));
    versions.watchers++;
    let released = false;
    return {
      versions,
      release: () => {
        if (released) return;
        released = true;
        if (--versions.watchers === 0 && this.versions.get(key) === versions) this.versions.delete(key);
      },
    };
  }

  /** How many (game, viewer) pairs are watched now. */
  get size(): number {
    return this.versions.size;
  }
}

export class GameWatch {
  /** The newest sequenceID heard of. */
  private heard = -1;
  private sent: Version | null = null;
  private shared: ReturnType<GameFeed['share']> | null = null;
  private deliver: Deliver = () => undefined;
  private running = false;
  private closed = false;
  private readonly stopListening: () => void;

  constructor(
    private readonly feed: GameFeed,
    readonly gameID: string,
  ) {
    this.stopListening = feed.bus.subscribe(gameTopic(gameID), ({ sequenceID }) => {
      this.heard = Math.max(this.heard, sequenceID);
      // A step that fails is logged; the next message on the topic delivers the latest step.
      this.run().catch((error: unknown) => feed.log.error({ err: error, gameID }, 'game delivery failed'));
    });
  }

  /**
   * Delivers `game` (the game as just read) as `viewerID` sees it, then every newer step, in
   * order. Resolves once the first is delivered; rejects if it could not be.
   */
  async start(game: Game, viewerID: UserID | null, deliver: Deliver): Promise<void> {
    if (this.shared || this.closed) return;
    this.shared = this.feed.share(this.gameID, viewerID);
    this.deliver = deliver;
    this.heard = Math.max(this.heard, game.sequenceID);
    await this.run(game);
  }

  /** Whether others watch this game as the same viewer (sharing its steps), beside this watch. */
  get sharedWithOthers(): boolean {
    return (this.shared?.versions.watchers ?? 0) > 1;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopListening();
    this.shared?.release();
  }

  /** Catches up with what was heard, one step at a time; one run at a time. */
  private async run(loaded: Game | null = null): Promise<void> {
    if (!this.shared || this.running) return;
    this.running = true;
    try {
      while (!this.closed && (this.sent === null || this.heard > this.sent.sequenceID)) {
        const target = this.heard;
        const version = await this.shared.versions.at(target, loaded);
        loaded = null;
        if (this.closed || !version || (this.sent && version.sequenceID <= this.sent.sequenceID)) break;
        const sent = this.sent;
        this.sent = version;
        this.deliver(version, sent);
        // A finished game has no next step to patch from this one: its view and whole event log (about
        // 200 KB of heap for an eight-seat game) are not kept for as long as the page stays open, nor
        // its shared versions, which the next watcher of it computes afresh.
        if (version.game.gameEndTimestamp !== null) {
          this.shared.release();
          this.shared = null;
          this.sent = null;
          break;
        }
        // The game is not there yet (another instance's step, not yet readable): wait for the next message.
        if (version.sequenceID < target) break;
      }
    } finally {
      this.running = false;
    }
  }
}
