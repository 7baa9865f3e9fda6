/**
 * The shared lobby-list feed: one computation per change for every watcher, and a new
 * subscriber's first value served from it while nothing has changed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { MemoryBus } from '../../src/server/bus/bus.js';
import { SharedFeed, topicChanges } from '../../src/server/bus/shared-feed.js';
import { LOBBY_LIST_TOPIC } from '../../src/server/services/lobbies.js';

function feed() {
  const bus = new MemoryBus();
  let version = 0;
  let computed = 0;
  const shared = new SharedFeed(topicChanges(bus, LOBBY_LIST_TOPIC), async () => {
    computed += 1;
    const now = version;
    // A computation takes a moment, so a change can overtake it.
    await sleep(10);
    return `list ${now}`;
  });
  const change = async () => {
    version += 1;
    await bus.publish(LOBBY_LIST_TOPIC, { lobbyID: 'l_1', sequenceID: version });
  };
  return { shared, change, computed: () => computed };
}

describe('SharedFeed.latest', () => {
  test('a hundred new subscribers at once cost one computation, and the next hundred none while nothing changes', async () => {
    const { shared, computed } = feed();
    const stops = Array.from({ length: 200 }, () => shared.subscribe(() => {}));
    expect(new Set(await Promise.all(Array.from({ length: 100 }, () => shared.latest())))).toEqual(new Set(['list 0']));
    expect(computed()).toBe(1);
    await Promise.all(Array.from({ length: 100 }, () => shared.latest()));
    expect(computed()).toBe(1);
    for (const stop of stops) stop();
  });

  test('after a change, the value computed for the watchers is the one a new subscriber gets', async () => {
    const { shared, change, computed } = feed();
    const seen: string[] = [];
    const stop = shared.subscribe((value) => seen.push(value));
    expect(await shared.latest()).toBe('list 0');
    await change();
    await expect.poll(() => seen).toEqual(['list 1']);
    expect(await shared.latest()).toBe('list 1');
    expect(computed()).toBe(2);
    stop();
  });

  test('a computation that a change overtook is not kept; with nobody listening nothing is kept', async () => {
    const { shared, change, computed } = feed();
    const seen: string[] = [];
    const stop = shared.subscribe((value) => seen.push(value));
    const before = shared.latest();
    await change();
    expect(await before).toBe('list 0');
    // The watchers' computation for the change, done: the value kept is its own.
    await expect.poll(() => seen).toEqual(['list 1']);
    expect(await shared.latest()).toBe('list 1');
    stop();
    const count = computed();
    await shared.latest();
    await shared.latest();
    expect(computed()).toBe(count + 2);
  });
});
