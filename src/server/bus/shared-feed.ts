/**
 * A value derived from a bus topic, recomputed once per change and shared by every subscriber,
 * however many there are: the lobby list costs one query per lobby change, not one per watcher.
 * Bursts coalesce: changes that arrive while the value is being computed ask for one more
 * computation after it, not one each.
 */
import type { Bus, Topic } from './bus.js';

export class SharedFeed<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private stopListening: (() => void) | null = null;
  private computing = false;
  private stale = false;

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
      }
    };
  }

  private async changed(): Promise<void> {
    this.stale = true;
    if (this.computing) return;
    this.computing = true;
    try {
      while (this.stale && this.listeners.size > 0) {
        this.stale = false;
        try {
          const value = await this.compute();
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
