/**
 * Bus messages on one topic as an async iterable, for tRPC subscriptions. It subscribes at once
 * (before the caller reads the current state, so no update falls in between) and ends with the
 * signal or with `close()`.
 */
import type { Bus } from '../bus/bus.js';

export interface TopicFeed extends AsyncIterable<unknown> {
  /** Gives the bus listener back; a subscription calls it in a `finally` of its own body. */
  close(): void;
}

export function onTopic(bus: Bus, topic: string, signal: AbortSignal | undefined): TopicFeed {
  const queue: unknown[] = [];
  let wake: (() => void) | null = null;
  let subscribed = true;
  const remove = bus.subscribe(topic, (message) => {
    queue.push(message);
    wake?.();
  });
  const unsubscribe = () => {
    if (subscribed) remove();
    subscribed = false;
  };
  // Unsubscribe on abort too. A subscription that fails before it iterates (say, its game is not
  // found) never reaches the `finally` below, and not every tRPC version aborts the signal of a
  // failed subscription: so subscriptions also close their feed in a `finally` of their own.
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  void aborted.then(unsubscribe);
  return {
    close: unsubscribe,
    async *[Symbol.asyncIterator]() {
      try {
        while (!signal?.aborted) {
          if (queue.length === 0) {
            await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
            wake = null;
            continue;
          }
          yield queue.shift();
        }
      } finally {
        unsubscribe();
      }
    },
  };
}
