/**
 * The odds over a finished game: one line per player (apexcharts, loaded lazily) over the replay's
 * steps, with the turning points marked (the steps where the leader's chance moved most), each
 * linked to the replay at that step.
 */
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { Link } from '../components/link.js';
import { htmlSafe } from '../charts/html-safe.js';
import { CHART_MARKS, SITE } from '../lib/palette.js';
import type { OddsSeat } from './odds-bar.js';
import { labelledTurns, moveLabel, turningPoints } from './turning-points.js';
import type { OddsPoint } from './use-odds.js';
import classes from './odds.module.css';

/** How far a turning point moved the leader's chance, in percentage points: "points" alone read as favor. */
const points = (move: number) => {
  const n = Math.round(move * 100);
  return `win chance ${n > 0 ? '+' : n < 0 ? '\u2212' : '\u00b1'}${Math.abs(n)} points`;
};

/**
 * `linkTo`: the replay's address at a step. `current`: the step the replay shows (marked), if any.
 */
export default function OddsChart({ seats, history, linkTo, current = null, height = 240 }: { seats: readonly OddsSeat[]; history: readonly OddsPoint[]; linkTo: (step: number) => string; current?: number | null; height?: number }) {
  const turns = turningPoints(history);
  const labelled = labelledTurns(turns, history.length);
  const options: ApexOptions = htmlSafe({
    chart: { type: 'line', background: 'transparent', animations: { enabled: false }, toolbar: { show: false }, fontFamily: 'inherit', zoom: { enabled: false } },
    colors: seats.map((s) => s.color),
    theme: { mode: 'dark' },
    stroke: { width: 2, curve: 'stepline' },
    xaxis: { type: 'numeric', title: { text: 'step' }, tickAmount: 6, labels: { formatter: (v: string) => String(Math.round(Number(v))) } },
    yaxis: { min: 0, max: 100, tickAmount: 4, labels: { formatter: (v: number) => `${Math.round(v)}%` } },
    legend: { position: 'bottom', labels: { colors: SITE.parchmentPale } },
    tooltip: { y: { formatter: (v: number) => `${v.toFixed(0)}%` } },
    annotations: {
      xaxis: [
        // On the replay (a narrow column, with the step shown marked too) the lines alone: their
        // labels overlapped; the list under the chart gives the moves. At the end of a game, a
        // line beside a larger one's keeps its line alone (`labelledTurns`).
        ...turns.map((t) => ({
          x: t.step,
          borderColor: CHART_MARKS.turningPoint,
          label:
            current === null && labelled.has(t.step) ? { text: moveLabel(t.move), style: { background: CHART_MARKS.turningPoint, color: SITE.night } } : { text: '' },
        })),
        ...(current === null ? [] : [{ x: current, borderColor: CHART_MARKS.current, strokeDashArray: 0 }]),
      ],
    },
  });
  const series = seats.map((s) => ({ name: s.name, data: history.map((p, i) => ({ x: p.step ?? i, y: Math.round((p.shares[s.userID] ?? 0) * 1000) / 10 })) }));
  return (
    <figure data-testid="odds-chart" data-turning-points={turns.map((t) => t.step).join(',')} className={classes.chart}>
      <figcaption className={classes.chartTitle}>Chances to win over the game</figcaption>
      <Chart type="line" series={series} options={options} width="100%" height={height} />
      {turns.length > 0 ? (
        <p className={classes.turningPoints} data-testid="turning-points">
          Turning points (the leader&apos;s chance moved most{current === null ? '' : '; gold lines, the step shown in blue'}):{' '}
          {turns.map((t, i) => (
            <span key={t.step}>
              {i > 0 ? ', ' : ''}
              <Link to={linkTo(t.step)} data-turning-step={t.step}>
                step {t.step}
              </Link>{' '}
              ({points(t.move)})
            </span>
          ))}
        </p>
      ) : null}
    </figure>
  );
}
