/**
 * The end-of-game pies, favor and thinking time: their frames and titles drawn with the view, each
 * drawing (end-charts.tsx, apexcharts) in the room kept for it once its chunk has come. Drawn only
 * once the chunk came, the pies pushed the standings' neighbours, the odds over the game and the
 * table down the page by about 300 px (a layout shift of 0.55 on a desktop, 0.80 on a phone).
 */
import { Suspense } from 'react';
import { retryingLazy } from '../../lib/retrying-lazy.js';
import { PIE_HEIGHT, type PieData } from './end-stats.js';
import classes from './presentation.module.css';

const PieChart = retryingLazy(() => import('./end-charts.js'));

/**
 * Under the time pie: players decide at the same time (every bid of a turn at once), so their
 * times together come to more than the game lasted, which read as a sum gone wrong.
 */
const TIME_PIE_NOTE = "Each player's time on their own decisions. Players decide at the same time, so together they can pass the game's length.";

function Pie({ title, data, unit, note }: { title: string; data: PieData; unit: string; note?: string }) {
  const empty = data.series.every((v) => v === 0);
  return (
    <figure className={classes.pie}>
      <figcaption>{title}</figcaption>
      {empty ? (
        <p className={classes.logEmpty}>Nothing to show.</p>
      ) : (
        <Suspense fallback={<div style={{ height: PIE_HEIGHT }} />}>
          <PieChart data={data} unit={unit} />
        </Suspense>
      )}
      {note && !empty ? <p className={classes.pieNote}>{note}</p> : null}
    </figure>
  );
}

export function EndPies({ favor, time }: { favor: PieData; time: PieData }) {
  return (
    <div className={classes.pies}>
      <Pie title="Favor" data={favor} unit="" />
      <Pie title="Time (seconds)" data={time} unit=" s" note={TIME_PIE_NOTE} />
    </div>
  );
}
