/**
 * The odds over a whole finished game, from its replay's moments (src/web/replay/moments.ts): one
 * point per moment, each from the spectator's view of that moment, asked of the page's odds
 * worker on its `later` lane with a few rollouts a step (`CHART_ROLLOUTS`), so a game takes a few seconds.
 * A moment whose spectator view is the previous one's (a hidden bid made, say) takes its point
 * instead of asking again. Kept per game for the page's life (the end-of-game view and the replay
 * share it) and, once whole, on this device (chart-store.ts). Only a chart in sight drives the
 * computation (`drive`); others follow what is worked out (the replay's bar takes its quick point
 * from it). A computation no chart in sight drives pauses, and goes on where it was when one does.
 */
import { useEffect, useState } from 'react';
import type { Game } from '../../engine/state.js';
import { acquireOdds, spectatorView, type OddsHandle } from './odds-client.js';
import { publicKey, seedOfKey } from './spectator-view.js';
import { storedChart, storeChart } from './chart-store.js';
import type { OddsPoint } from './use-odds.js';

export interface OddsTimeline {
  /** The points worked out so far, in step order (all of them once `done === total`). */
  points: OddsPoint[];
  done: number;
  total: number;
}

class TimelineJob {
  private readonly points: OddsPoint[];
  private readonly watchers = new Set<(timeline: OddsTimeline) => void>();
  /** The watchers that want the computation to go on (a chart in sight), among `watchers`. */
  private readonly drivers = new Set<(timeline: OddsTimeline) => void>();
  private handle: OddsHandle | null = null;
  private lastKey: string | null = null;

  constructor(
    private readonly id: string,
    private readonly games: readonly Game[],
  ) {
    // Worked out before on this device (chart-store.ts): nothing to ask the worker.
    this.points = storedChart(id, games.length) ?? [];
  }

  get timeline(): OddsTimeline {
    return { points: this.points.slice(), done: this.points.length, total: this.games.length };
  }

  watch(watcher: (timeline: OddsTimeline) => void, drive: boolean): () => void {
    this.watchers.add(watcher);
    if (drive) this.drivers.add(watcher);
    if (drive && !this.handle && this.points.length < this.games.length) {
      this.handle = acquireOdds();
      void this.run(this.handle);
    }
    return () => {
      this.watchers.delete(watcher);
      this.drivers.delete(watcher);
      if (this.drivers.size === 0 && this.handle) {
        this.handle.release();
        this.handle = null;
      }
    };
  }

  private async run(handle: OddsHandle): Promise<void> {
    while (this.handle === handle && this.points.length < this.games.length) {
      const step = this.points.length;
      const view = spectatorView(this.games[step]!);
      const key = publicKey(view);
      const previous = this.points[step - 1];
      let shares = previous && key === this.lastKey ? previous.shares : null;
      if (!shares) {
        const answer = await handle.ask(view, seedOfKey(key), 'chart', 'later');
        // Released meanwhile: the step is asked again when someone watches.
        if (!answer || this.handle !== handle) return;
        shares = answer.shares;
      }
      this.lastKey = key;
      this.points.push({ step, sequenceID: view.sequenceID, shares });
      const timeline = this.timeline;
      for (const watcher of this.watchers) watcher(timeline);
    }
    if (this.handle === handle) {
      handle.release();
      this.handle = null;
      storeChart(this.id, this.points);
    }
  }
}

const jobs = new Map<string, TimelineJob>();

/**
 * The odds over the game `id` whose moments' games are `games` (null: not known yet, nothing
 * asked). Computed once per page for each game, while some caller `drive`s it (a chart in sight:
 * nobody pays for a chart they never look at); the others see what has been worked out so far.
 */
export function useOddsTimeline(id: string, games: readonly Game[] | null, drive: boolean): OddsTimeline | null {
  const [timeline, setTimeline] = useState<OddsTimeline | null>(null);
  useEffect(() => {
    if (!games) return;
    let job = jobs.get(id);
    if (!job) jobs.set(id, (job = new TimelineJob(id, games)));
    setTimeline(job.timeline);
    return job.watch(setTimeline, drive);
  }, [id, games, drive]);
  return games ? timeline : null;
}
