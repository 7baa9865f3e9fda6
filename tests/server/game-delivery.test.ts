/**
 * The delivery module (src/server/delivery) on its own, with the in-process bus and a store of
 * game steps: watchers of the same viewer share each step's view; each watcher is sent every
 * newer step in order; a watcher that does not hold a patch's base is sent the whole view; a
 * burst is caught up with the newest step; and nothing is kept once nobody watches.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { gameTopic, MemoryBus } from '../../src/server/bus/bus.js';
import { GameFeed, type GameWatch } from '../../src/server/delivery/game-feed.js';
import type { Version } from '../../src/server/delivery/game-versions.js';
import { NO_TABLE, type WireDelivery } from '../../src/server/services/game-views.js';
import { act, bidOn, startGame } from '../support/scenario.js';

/** Steps of one game: ann bids and unbids in turn (cat never bids), each step a new sequenceID. */
function gameSteps(count: number): Game[] {
  let game = startGame({ players: 3 });
  const steps = [game];
  while (steps.length < count) {
    const userID = steps.length % 4 < 2 ? 'ann' : 'bob';
    const bid = game.players.find((p) => p.userID === userID)!.bid;
    game = act(game, userID, bid === null ? bidOn(0) : { type: 'UNBID' });
    steps.push(game);
  }
  return steps;
}

function setUp(count = 8) {
  const steps = gameSteps(count);
  const gameID = steps[0]!.id;
  let now = 0;
  const bus = new MemoryBus();
  const errors: unknown[] = [];
  const loads: number[] = [];
  const games = {
    async get(_id: string, min = -1) {
      loads.push(min);
      return steps[now]!.sequenceID >= min ? steps[now]! : null;
    },
  };
  const feed = new GameFeed(bus, games, { error: (e: unknown) => void errors.push(e) });
  /** Moves the game to step `i` and publishes it, as the game service does after a commit. */
  const publish = async (i: number) => {
    now = i;
    await bus.publish(gameTopic(gameID), { sequenceID: steps[i]!.sequenceID });
  };
  return { steps, gameID, bus, feed, publish, errors, loads, at: (i: number) => steps[i]! };
}

interface Watcher {
  watch: GameWatch;
  got: { version: Version; sent: Version | null; wire: WireDelivery }[];
}

async function watcher(feed: GameFeed, game: Game, viewerID: string | null): Promise<Watcher> {
  const watch = feed.watch(game.id);
  const got: Watcher['got'] = [];
  await watch.start(game, viewerID, (version, sent) => got.push({ version, sent, wire: version.after(sent, NO_TABLE) }));
  return { watch, got };
}

describe('the game feed', () => {
  it('sends every watcher each newer step in order: whole first, then patches; one view per viewer and step', async () => {
    const { feed, publish, at, steps } = setUp();
    const spectators = [await watcher(feed, at(0), null), await watcher(feed, at(0), null)];
    const ann = await watcher(feed, at(0), 'ann');
    // One step at a time, each delivered to every watcher before the next is published.
    for (let i = 1; i < 4; i++) {
      await publish(i);
      await expect.poll(() => [...spectators, ann].every((w) => w.got.length === i + 1)).toBe(true);
    }
    for (const w of [...spectators, ann]) {
      expect(w.got.map((g) => g.version.sequenceID)).toEqual(steps.slice(0, 4).map((s) => s.sequenceID));
      expect(w.got.map((g) => ('patch' in g.wire ? 'patch' : 'whole'))).toEqual(['whole', 'patch', 'patch', 'patch']);
    }
    // The spectators share each step's view (and so its patch and encoding); ann has her own.
    spectators[0]!.got.forEach((g, i) => expect(g.version).toBe(spectators[1]!.got[i]!.version));
    expect(ann.got[1]!.version).not.toBe(spectators[0]!.got[1]!.version);
    expect(feed.size).toBe(2);
    for (const w of [...spectators, ann]) w.watch.close();
    expect(feed.size).toBe(0);
  });

  it('a watcher that does not hold the base of the shared patch is sent the whole view', async () => {
    const { feed, publish, at } = setUp();
    const early = await watcher(feed, at(0), 'bob');
    // The game moves to step 2 with no message heard for step 1 (another instance's step, say).
    await publish(0);
    // A moment for the feed to take in that message before the next watcher starts (early, which
    // holds step 0 already, is sent nothing for it: nothing to wait for from outside).
    await sleep(5);
    const late = await watcher(feed, at(2), 'bob'); // computes step 2 after step 0: its patch's base is 0
    await publish(3);
    await expect.poll(() => late.got.length === 2 && early.got.length === 2).toBe(true);
    expect(late.got.map((g) => [g.version.sequenceID, 'patch' in g.wire])).toEqual([
      [at(2).sequenceID, false],
      [at(3).sequenceID, true],
    ]);
    // early held step 0, was sent step 3 (base 2): whole, since it never had step 2.
    expect(early.got.map((g) => [g.version.sequenceID, 'patch' in g.wire])).toEqual([
      [at(0).sequenceID, false],
      [at(3).sequenceID, false],
    ]);
    expect(early.got[1]!.wire).toMatchObject({ sequenceID: at(3).sequenceID, fromEvent: 0 });
    early.watch.close();
    late.watch.close();
  });

  it('a burst heard while a step is computed is caught up with the newest step, never out of order', async () => {
    const { feed, publish, at } = setUp();
    const ann = await watcher(feed, at(0), 'ann');
    void publish(1);
    void publish(2);
    void publish(3);
    await publish(4);
    await expect.poll(() => ann.got.at(-1)?.version.sequenceID).toBe(at(4).sequenceID);
    const seen = ann.got.map((g) => g.version.sequenceID);
    expect(seen[0]).toBe(at(0).sequenceID);
    expect(seen.at(-1)).toBe(at(4).sequenceID);
    expect(seen.every((id, i) => i === 0 || id > seen[i - 1]!)).toBe(true);
    // Every patch it was sent is on the step it was sent before.
    for (const g of ann.got.slice(1)) if ('patch' in g.wire) expect(g.wire.baseSequenceID).toBe(g.sent!.sequenceID);
    ann.watch.close();
  });

  it('a watcher listens before it reads: a step published before start is delivered after the first', async () => {
    const { feed, publish, at } = setUp();
    const watch = feed.watch(at(0).id);
    await publish(1);
    // The message is heard before the watcher starts (the point of the test): a moment for it.
    await sleep(5);
    const got: number[] = [];
    await watch.start(at(0), 'ann', (version) => got.push(version.sequenceID));
    await expect.poll(() => got.length).toBeGreaterThan(0);
    expect(got).toEqual([at(1).sequenceID]);
    watch.close();
  });
});
