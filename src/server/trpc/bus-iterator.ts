/**
 * Bus messages on one topic as an async iterable, for tRPC subscriptions. It subscribes at once
 * (before the caller reads the current state, so no update falls in between) and ends with the
 * signal.
 */
import type { Bus } from '../bus/bus.js';

export function onTopic(bus: Bus, topic: string, signal: AbortSignal | undefined): AsyncIterable<unknown> {
  const queue: unknown[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(topic, (message) => {
    queue.push(message);
    wake?.();
  });
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
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
