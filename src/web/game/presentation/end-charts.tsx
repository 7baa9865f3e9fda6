/**
 * The end-of-game pies (favor, and thinking time in whole seconds), drawn with apexcharts. Loaded
 * lazily by EndOfGame so the chart library is not part of the game screen's first load.
 */
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { htmlSafe } from '../../charts/html-safe.js';
import { SITE } from '../../lib/palette.js';
import type { PieData } from './end-stats.js';
import classes from './presentation.module.css';

/** The pies' labels are players' names, which the legend and tooltip would read as HTML: htmlSafe escapes them. */
function options(data: PieData, unit: string): ApexOptions {
  return htmlSafe({
    chart: { type: 'pie', background: 'transparent', animations: { enabled: false }, fontFamily: 'inherit' },
    labels: data.labels,
    colors: data.colors,
    theme: { mode: 'dark' },
    legend: { position: 'bottom', labels: { colors: SITE.parchmentPale } },
    stroke: { colors: [SITE.night] },
    // Values, not the default percentages: favor points and whole seconds.
    dataLabels: { formatter: (_value, opts) => (opts ? `${data.series[opts.seriesIndex] ?? ''}${unit}` : '') },
    tooltip: { y: { formatter: (value: number) => `${value}${unit}` } },
  });
}

function Pie({ title, data, unit }: { title: string; data: PieData; unit: string }) {
  const empty = data.series.every((v) => v === 0);
  return (
    <figure className={classes.pie}>
      <figcaption>{title}</figcaption>
      {empty ? <p className={classes.logEmpty}>Nothing to show.</p> : <Chart type="pie" series={data.series} options={options(data, unit)} width="100%" height={260} />}
    </figure>
  );
}

export default function EndCharts({ favor, time }: { favor: PieData; time: PieData }) {
  return (
    <div className={classes.pies}>
      <Pie title="Favor" data={favor} unit="" />
      <Pie title="Time (seconds)" data={time} unit=" s" />
    </div>
  );
}
