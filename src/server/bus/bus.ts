/**
 * The realtime bus: `publish(topic, message)` and `subscribe(topic, listener)`. Topics are the
 * spec's: lobby_list, lobby/{id}, game/{id}, inbox/{userID}/game/{id}, chat/{room}. Messages
 * are small JSON values (a game topic carries only its new sequenceID; each subscriber then
 * computes its own view), so the PostgreSQL bus fits them in a NOTIFY.
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

/** What each topic carries, so that publishers and subscribers agree without casts. */
export interface TopicMessages {
  lobby_list: LobbyChanged;
  [topic: `lobby/${string}`]: LobbyChanged;
  [topic: `game/${string}`]: GameChanged;
  [topic: `chat/${string}`]: ChatMessage;
}

export type Topic = keyof TopicMessages & string;

export type Listener<T = unknown> = (message: T) => void;

export interface Bus {
  publish<T extends Topic>(topic: T, message: TopicMessages[T]): Promise<void>;
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
