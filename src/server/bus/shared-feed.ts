/**
 * A value derived from changes (a bus topic's messages, or another feed's values), recomputed once
 * per change and shared by every subscriber, however many there are: the lobby list costs one
 * query per lobby change, not one per watcher.
 * Bursts coalesce: changes that arrive while the value is being computed ask for one more
 * computation after it, not one each. A new subscriber's first value is the last one computed
 * when no change has come since, so a hundred subscribing at once cost one computation too.
 */
import type { Bus, Topic } from './bus.js';

/** What tells a feed that its value changed: subscribes `changed`, answers the function that stops. */
export type Changes = (changed: () => void) => () => void;

/** The messages of one bus topic, as a feed's changes. */
export const topicChanges =
  (bus: Bus, topic: Topic): Changes =>
  (changed) =>
    bus.subscribe(topic, () => changed());

export class SharedFeed<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private stopListening: (() => void) | null = null;
  private computing = false;
  private stale = false;
  /** The value as of the last change, kept only while listening (only then would a change be heard). */
  private latestValue: { value: T } | null = null;
  /** A computation for `latest` under way, shared by whoever asks meanwhile. */
  private pending: { value: Promise<T>; changes: number } | null = null;
  /** Counts changes, so a computation that a change overtook is not kept as the latest value. */
  private changes = 0;
  /** Changes are heard with no subscriber too (`keepListening`). */
  private listening = false;

  /** When the subscribers were last sent a value computed after a change (epoch ms). */
  private lastSentAt = 0;

  /**
   * `minIntervalMs`: the subscribers are sent a new value at most once in this long, the last
   * change's always (the lobby list: each is a whole list to every watcher).
   */
  constructor(
    private readonly onChanges: Changes,
    private readonly compute: () => Promise<T>,
    private readonly minIntervalMs = 0,
  ) {}

  /** Calls the listener with each value computed after a change; returns the function that stops. */
  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    this.stopListening ??= this.onChanges(() => void this.changed());
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && !this.listening) {
        this.stopListening?.();
        this.stopListening = null;
        this.latestValue = null;
      }
    };
  }

  /**
   * Hears changes from now on, subscribers or not, so that `latest` serves the value computed last
   * until a change comes: for a value that queries read as well as subscribers watch (the lobby
   * list), which would otherwise be computed afresh for every query made while nobody watches.
   * Nothing is computed until asked: with no subscriber a change only marks the value stale.
   */
  keepListening(): void {
    this.listening = true;
    this.stopListening ??= this.onChanges(() => void this.changed());
  }

  /** The value now: the last one computed if no change has come since, else computed (once for all who ask). */
  async latest(): Promise<T> {
    if (this.latestValue && this.stopListening) return this.latestValue.value;
    // A computation that began before the last change heard is not shared: it may miss that change,
    // which a query made after it (a lobby made, then the list read) must see.
    if (!this.pending || this.pending.changes !== this.changes) {
      const changes = this.changes;
      const value = this.compute()
        .then((computed) => {
          this.keep(computed, changes);
          return computed;
        })
        .finally(() => {
          if (this.pending?.value === value) this.pending = null;
        });
      this.pending = { value, changes };
    }
    return this.pending.value;
  }

  private keep(value: T, changesBefore: number): void {
    if (this.stopListening && this.changes === changesBefore) this.latestValue = { value };
  }

  private async changed(): Promise<void> {
    this.changes += 1;
    this.latestValue = null;
    this.stale = true;
    if (this.computing) return;
    this.computing = true;
    try {
      while (this.stale && this.listeners.size > 0) {
        // Changes that come meanwhile only mark the value stale: one value after the wait covers them all.
        const wait = this.lastSentAt + this.minIntervalMs - Date.now();
        if (wait > 0) {
          await new Promise<void>((resolve) => setTimeout(resolve, wait).unref());
          continue;
        }
        this.stale = false;
        this.lastSentAt = Date.now();
        try {
          const changes = this.changes;
          // A query may have computed it since the last change already (`latest`).
          const kept = this.latestValue as { value: T } | null;
          const value = kept ? kept.value : await this.compute();
          this.keep(value, changes);
          for (const listener of [...this.listeners]) listener(value);
        } catch {
          // Nobody to tell: the subscribers keep their last value and the next change recomputes.
        }
      }
    } finally {
      this.computing = false;
    }
  }
}

/**
 * Shared feeds by key (one lobby's, one person's): a key's feed is made for its first subscriber
 * and dropped after its last, so watchers of the same thing share each computation and nothing is
 * kept for things nobody watches.
 */
export class SharedFeeds<T> {
  private readonly feeds = new Map<string, { feed: SharedFeed<T>; subscribers: number }>();

  constructor(private readonly make: (key: string) => SharedFeed<T>) {}

  /** As SharedFeed.subscribe, for the key's feed. */
  subscribe(key: string, listener: (value: T) => void): () => void {
    let entry = this.feeds.get(key);
    if (!entry) {
      entry = { feed: this.make(key), subscribers: 0 };
      this.feeds.set(key, entry);
    }
    const held = entry;
    held.subscribers += 1;
    const stop = held.feed.subscribe(listener);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      stop();
      held.subscribers -= 1;
      if (held.subscribers === 0 && this.feeds.get(key) === held) this.feeds.delete(key);
    };
  }

  /** As SharedFeed.latest, for the key's feed (computed on its own when nobody subscribes to it). */
  latest(key: string): Promise<T> {
    return (this.feeds.get(key)?.feed ?? this.make(key)).latest();
  }
}
