/**
 * Deliveries to a listener as an async iterable, for tRPC subscriptions: bus messages on one
 * topic, or anything else one subscribes to with a listener (a shared feed). It subscribes at once
 * (before the caller reads the current state, so no update falls in between) and ends with the
 * signal or with `close()`.
 */
import type { Bus, Topic, TopicMessages } from '../bus/bus.js';

export interface Feed<T = unknown> extends AsyncIterable<T> {
  /** Gives the listener back; a subscription calls it in a `finally` of its own body. */
  close(): void;
}

export function onTopic<T extends Topic>(bus: Bus, topic: T, signal: AbortSignal | undefined): Feed<TopicMessages[T]> {
  return listen<TopicMessages[T]>((listener) => bus.subscribe(topic, listener), signal);
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/** Whatever `subscribe` delivers, as a feed. */
export function listen<T>(subscribe: (listener: (message: T) => void) => () => void, signal: AbortSignal | undefined): Feed<T> {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let subscribed = true;
  const remove = subscribe((message) => {
    queue.push(message);
    wake?.();
  });
  const unsubscribe = () => {
    if (subscribed) remove();
    subscribed = false;
  };
  // Unsubscribe on abort too, and wake the iteration so it ends. A subscription that fails before
  // it iterates (say, its game is not found) never ends an iteration, and not every tRPC version
  // aborts the signal of a failed subscription: so subscriptions also close their feed in a
  // `finally` of their own. (The wait is one promise per message, woken by a message or by the
  // abort: racing it against an abort promise each time left a reaction on that promise per message
  // for as long as the subscription lived.)
  if (signal?.aborted) unsubscribe();
  signal?.addEventListener(
    'abort',
    () => {
      unsubscribe();
      wake?.();
    },
    { once: true },
  );
  const finished = (): Promise<IteratorResult<T>> => {
    unsubscribe();
    return Promise.resolve(DONE);
  };
  // An iterator object rather than an async generator: every layer of generator between a message
  // and its socket costs promise jobs per delivery, which under load the live path paid for every
  // viewer of every step. Its consumers (tRPC's loop, `yield*`) ask for one message at a time.
  const iterator: AsyncIterator<T> = {
    next(): Promise<IteratorResult<T>> {
      if (signal?.aborted || !subscribed) return finished();
      if (queue.length > 0) return Promise.resolve({ done: false, value: queue.shift() as T });
      // Woken by a message or the abort, it answers with what woke it: one promise per message
      // rather than a second chained on it and a third for the answer.
      return new Promise<IteratorResult<T>>((resolve) => {
        wake = () => {
          wake = null;
          if (signal?.aborted || !subscribed) {
            unsubscribe();
            resolve(DONE);
          } else resolve({ done: false, value: queue.shift() as T });
        };
      });
    },
    return: finished,
  };
  return {
    close: unsubscribe,
    [Symbol.asyncIterator]: () => iterator,
  };
}
