/**
 * The odds over a finished game, worked out in this browser from its replay's moments
 * (odds-timeline.ts) once it is in sight: a progress line while the steps are computed, then the
 * chart with its turning points linked to the replay. The end-of-game view and the replay screen both show it.
 */
import { Suspense, useState } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Progress, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import type { Game } from '../../engine/state.js';
import { CHART_STARTING, type OddsSeat } from './odds-bar.js';
import { useOddsTimeline } from './odds-timeline.js';

const OddsChart = retryingLazy(() => import('./odds-chart.js'));

export function GameOddsChart({
  id,
  games,
  seats,
  linkTo,
  current = null,
  height,
}: {
  /** The game's id: the computation is kept per game for the page's life. */
  id: string;
  /** The game at each of the replay's moments, in order (null: not loaded yet). */
  games: readonly Game[] | null;
  seats: readonly OddsSeat[];
  linkTo: (step: number) => string;
  current?: number | null;
  height?: number;
}) {
  // Worked out once the chart has come into sight (below the replay's table on a desktop, in a
  // tab on a phone): a few seconds of the device's CPU, not spent for a chart nobody scrolls to.
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const timeline = useOddsTimeline(id, games, seen);
  if (!timeline || timeline.done < timeline.total) {
    const done = timeline?.done ?? 0;
    const total = timeline?.total ?? 0;
    // A count of positions (the replay's steps 0 to N are N + 1 of them): "step 0 of 68" beside the
    // replay's "Step 0 of 67" read as two different games. Before the chart has been in sight the
    // work waits for it, and says so: "0 of 62 steps" there for a minute read as stuck.
    // The count is shown, and is the progress bar's value, but not read out at each step: in the
    // live region, a screen reader said '51 of 66 steps', '52 of 66 steps', … over the end's news.
    const working = total > 0 && seen;
    let label = 'Working out the chances over the game';
    if (total === 0) label = CHART_STARTING;
    else if (!seen) label = `The chances over the game (${total} steps) are worked out once this chart is in view`;
    return (
      <div data-testid="odds-chart-progress" role="status" ref={ref}>
        <Text size="xs" mb={4}>
          {label}
          {working ? <span aria-hidden="true">: {done} of {total} steps</span> : null}
        </Text>
        {/* Kept in its place while waiting, so the lines below do not move when the work starts. */}
        <Progress value={total === 0 ? 0 : (100 * done) / total} color="gold" size="sm" aria-label={label} style={seen ? undefined : { visibility: 'hidden' }} />
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <OddsChart seats={seats} history={timeline.points} linkTo={linkTo} current={current} height={height} />
    </Suspense>
  );
}
