/**
 * The realtime bus: `publish(topic, message)` and `subscribe(topic, listener)`. Topics
 * (`TopicMessages` below) are the protocol's (docs/protocol.md): lobby_list, lobby/{id},
 * game/{id}, chat/{room} (/channel's inbox/{userID}/game/{id} is served from game/{id}); and the
 * server's own, which no client can subscribe to: seats/{id}, session/{sessionID}, play_now and
 * rematch/{id}. Messages are small JSON values (a game topic carries only its new sequenceID;
 * each subscriber then computes its own view), so the PostgreSQL bus fits them in a NOTIFY.
 */
import type { ChatMessage } from '../services/chat.js';

/** A game moved on: its new sequenceID (subscribers load the game and compute their own view). */
export interface GameChanged {
  sequenceID: number;
}

/** A lobby changed (or was deleted: sequenceID null). */
export interface LobbyChanged {
  lobbyID: string;
  sequenceID: number | null;
}

/** A session was logged out: the sockets signed in under it close (auth/session-sockets.ts). */
export interface SessionEnded {
  sessionID: string;
}

/** A game's table changed (its clock, a stand-in, who is here): `origin` names the instance that changed it. */
export interface SeatsChanged {
  origin: string;
}

/** Something changed: the subscriber reads what it needs again. */
export type Nudge = Record<string, never>;

/** What each topic carries, so that publishers and subscribers agree without casts. */
export interface TopicMessages {
  lobby_list: LobbyChanged;
  [topic: `lobby/${string}`]: LobbyChanged;
  [topic: `game/${string}`]: GameChanged;
  [topic: `chat/${string}`]: ChatMessage;
  [topic: `seats/${string}`]: SeatsChanged;
  [topic: `session/${string}`]: SessionEnded;
  /** Play now's waits changed (services/quick-play.ts): the counts, or one person's wait (`play_now/{userID}`). */
  play_now: Nudge;
  [topic: `play_now/${string}`]: Nudge;
  /** A finished game's rematch lobby was opened, or someone declined it (services/rematch.ts). */
  [topic: `rematch/${string}`]: Nudge;
}

export type Topic = keyof TopicMessages & string;

/** A game's topic: its watchers hear each new sequenceID. */
export const gameTopic = (gameID: string) => `game/${gameID}` as const;

/** A session's topic: the sockets signed in under it listen for its end. */
export const sessionTopic = (sessionID: string) => `session/${sessionID}` as const;

export type Listener<T = unknown> = (message: T) => void;

/**
 * What a bus that travels through the database (PostgreSQL's NOTIFY) offers a publisher that
 * commits a transaction anyway: the message can go out inside that transaction's statement, so it
 * is sent if and only if the transaction commits, at no round trip of its own. The game log's
 * group commit sends each step's game message so (step-log.ts).
 */
export interface CommitNotices {
  /** The channel to NOTIFY on. */
  readonly channel: string;
  /** The NOTIFY payload of a message, as `publish` would send it. */
  payload<T extends Topic>(topic: T, message: TopicMessages[T]): string;
  /** Once the statement carrying the payload has committed: to this process's subscribers. */
  deliverHere<T extends Topic>(topic: T, message: TopicMessages[T]): void;
}

export interface Bus {
  publish<T extends Topic>(topic: T, message: TopicMessages[T]): Promise<void>;
  /** Present when messages can ride in the publisher's own database commit (PostgreSQL). */
  readonly commitNotices?: CommitNotices;
  /** Returns the function that unsubscribes. */
  subscribe<T extends Topic>(topic: T, listener: Listener<TopicMessages[T]>): () => void;
  close(): Promise<void>;
}

/** Delivers to this process's listeners; shared by both buses. */
export class Listeners {
  private readonly byTopic = new Map<string, Set<Listener>>();

  add(topic: string, listener: Listener): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      // Only this set: a second call must not drop the set of later subscribers to the topic.
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  deliver(topic: string, message: unknown): void {
    const set = this.byTopic.get(topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch {
        // One subscriber's failure must not stop delivery to the others.
      }
    }
  }

  get size(): number {
    return this.byTopic.size;
  }
}

/** The in-process bus: the default, and all a single process needs. */
export class MemoryBus implements Bus {
  private readonly listeners = new Listeners();

  async publish<T extends Topic>(topic: T, message: TopicMessages[T]): Promise<void> {
    // Deliver after the publisher's turn, as a networked bus would.
    queueMicrotask(() => this.listeners.deliver(topic, message));
  }

  subscribe<T extends Topic>(topic: T, listener: Listener<TopicMessages[T]>): () => void {
    return this.listeners.add(topic, listener as Listener);
  }

  async close(): Promise<void> {}
}
