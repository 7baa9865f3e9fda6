/**
 * A value derived from a bus topic, recomputed once per change and shared by every subscriber,
 * however many there are: the lobby list costs one query per lobby change, not one per watcher.
 * Bursts coalesce: changes that arrive while the value is being computed ask for one more
 * computation after it, not one each. A new subscriber's first value is the last one computed
 * when no change has come since, so a hundred subscribing at once cost one computation too.
 */
import type { Bus, Topic } from './bus.js';

export class SharedFeed<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private stopListening: (() => void) | null = null;
  private computing = false;
  private stale = false;
  /** The value as of the last change, kept only while listening (only then would a change be heard). */
  private latestValue: { value: T } | null = null;
  /** A computation for `latest` under way, shared by whoever asks meanwhile. */
  private pending: Promise<T> | null = null;
  /** Counts changes, so a computation that a change overtook is not kept as the latest value. */
  private changes = 0;

  constructor(
    private readonly bus: Bus,
    private readonly topic: Topic,
    private readonly compute: () => Promise<T>,
  ) {}

  /** Calls the listener with each value computed after a change; returns the function that stops. */
  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    this.stopListening ??= this.bus.subscribe(this.topic, () => void this.changed());
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.stopListening?.();
        this.stopListening = null;
        this.latestValue = null;
      }
    };
  }

  /** The value now: the last one computed if no change has come since, else computed (once for all who ask). */
  async latest(): Promise<T> {
    if (this.latestValue && this.stopListening) return this.latestValue.value;
    if (!this.pending) {
      const changes = this.changes;
      this.pending = this.compute()
        .then((value) => {
          this.keep(value, changes);
          return value;
        })
        .finally(() => (this.pending = null));
    }
    return this.pending;
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
        this.stale = false;
        try {
          const changes = this.changes;
          const value = await this.compute();
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
