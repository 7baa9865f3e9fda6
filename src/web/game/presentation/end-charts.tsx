/**
 * An end-of-game pie's drawing (favor, or thinking time in whole seconds), with apexcharts. Loaded
 * lazily by EndOfGame so the chart library is not part of the game screen's first load; the pies'
 * frames and titles are EndOfGame's own (`EndPies`), drawn at once with the room each drawing takes.
 */
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { htmlSafe } from '../../charts/html-safe.js';
import { SITE } from '../../lib/palette.js';
import { PIE_HEIGHT, type PieData } from './end-stats.js';

/** The pies' labels are players' names, which the legend and tooltip would read as HTML: htmlSafe escapes them. */
function options(data: PieData, unit: string): ApexOptions {
  return htmlSafe({
    chart: { type: 'pie', background: 'transparent', animations: { enabled: false }, fontFamily: 'inherit' },
    labels: data.labels,
    colors: data.colors,
    theme: { mode: 'dark' },
    legend: { position: 'bottom', labels: { colors: SITE.parchmentPale } },
    // The night-coloured seams between slices; none for a pie whole to one player (a bot's time is
    // 0 s), where the seam was a line from the centre to the top that read as a sliver of the other.
    stroke: { colors: [SITE.night], width: data.series.filter((value) => value > 0).length > 1 ? 2 : 0 },
    // Values, not the default percentages: favor points and whole seconds.
    dataLabels: { formatter: (_value, opts) => (opts ? `${data.series[opts.seriesIndex] ?? ''}${unit}` : '') },
    tooltip: { y: { formatter: (value: number) => `${value}${unit}` } },
  });
}

/** The pie, `PIE_HEIGHT` tall (an apexcharts pie's box is its height: no room is added under it). */
export default function PieChart({ data, unit }: { data: PieData; unit: string }) {
  return <Chart type="pie" series={data.series} options={options(data, unit)} width="100%" height={PIE_HEIGHT} />;
}
