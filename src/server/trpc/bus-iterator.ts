/**
 * Bus messages on one topic as an async iterable, for tRPC subscriptions. It subscribes at once
 * (before the caller reads the current state, so no update falls in between) and ends with the
 * signal.
 */
import type { Bus } from '../bus/bus.js';

export function onTopic(bus: Bus, topic: string, signal: AbortSignal | undefined): AsyncIterable<unknown> {
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
  // Unsubscribe on abort too: a subscription that fails before it iterates (say, its game is not
  // found) never reaches the `finally` below, and its listener would stay on the bus for good.
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  void aborted.then(unsubscribe);
  return {
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
