/**
 * The per-key serial queue games and lobbies share: work under one key runs one at a time in
 * order, other keys do not wait, a failure does not stop the queue, and a key is forgotten once
 * nothing is queued under it (a long-running server meets millions of keys).
 */
import { describe, expect, test } from 'vitest';
import { SerialQueue } from '../../src/server/services/serial-queue.js';

/** A promise and the functions that settle it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialQueue', () => {
  test('runs the work of one key one at a time, in order, and answers what each work answers', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const first = deferred();
    const a = queue.run('game/1', async () => {
      log.push('a starts');
      await first.promise;
      log.push('a ends');
      return 'a';
    });
    const b = queue.run('game/1', async () => {
      log.push('b runs');
      return 'b';
    });
    await tick();
    expect(log).toEqual(['a starts']);
    first.resolve();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b runs']);
  });

  test('another key does not wait', async () => {
    const queue = new SerialQueue();
    const blocked = deferred();
    const slow = queue.run('game/1', () => blocked.promise);
    expect(await queue.run('game/2', async () => 'not waiting')).toBe('not waiting');
    blocked.resolve();
    await slow;
  });

  test('a failure is its caller\'s alone: the next work of the key still runs', async () => {
    const queue = new SerialQueue();
    const failing = queue.run('lobby/1', async () => {
      throw new Error('boom');
    });
    const next = queue.run('lobby/1', async () => 'after');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('after');
  });

  test('forgets a key once nothing is queued under it, after success and after failure', async () => {
    const queue = new SerialQueue();
    const gate = deferred();
    const runs = Array.from({ length: 100 }, (_, i) => queue.run(`game/${i % 10}`, () => gate.promise));
    const failure = queue.run('lobby/x', () => Promise.reject(new Error('refused')));
    expect(queue.busyKeys).toBe(11);
    gate.resolve();
    await Promise.all(runs);
    await failure.catch(() => undefined);
    await tick();
    expect(queue.busyKeys).toBe(0);
  });

  test('idle() settles once all the work queued so far has, failures included', async () => {
    const queue = new SerialQueue();
    const gate = deferred();
    let done = false;
    void queue.run('a', async () => {
      await gate.promise;
      done = true;
    });
    void queue.run('b', () => Promise.reject(new Error('ignored'))).catch(() => undefined);
    const idle = queue.idle();
    gate.resolve();
    await idle;
    expect(done).toBe(true);
  });
});
