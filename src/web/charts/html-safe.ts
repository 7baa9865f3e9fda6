/**
 * apexcharts writes its legend entries and tooltips as HTML (innerHTML), not as text: a player
 * named `<img src=x>` would become an image in the end-of-game legend, and a longer name a script.
 * Every chart's options pass through `htmlSafe`, which makes each piece of text that lands in that
 * HTML (legend entries, tooltip titles, series names and values) escaped, whether a chart formats
 * it itself or leaves it to the library. Labels drawn in the SVG (data labels, axis labels, donut
 * totals) are text nodes there and stay as they are.
 */
import type { ApexOptions } from 'apexcharts';
import escapeHTML from 'escape-html';

/** One series' tooltip settings (`tooltip.y` is one for all, or one per series). */
type TooltipY = Exclude<NonNullable<NonNullable<ApexOptions['tooltip']>['y']>, unknown[]>;

type Formatter<A extends unknown[]> = ((value: never, ...rest: A) => unknown) | undefined;

/** A formatter whose output is escaped; without one, the value itself as text, escaped. */
function escaping<A extends unknown[]>(own: Formatter<A>, fallback: (value: unknown) => string) {
  return (value: unknown, ...rest: A): string => {
    const out = own ? (own as (value: unknown, ...rest: A) => unknown)(value, ...rest) : fallback(value);
    return escapeHTML(Array.isArray(out) ? out.join(' ') : String(out ?? ''));
  };
}

const asText = (value: unknown) => (Array.isArray(value) ? value.join(' ') : String(value ?? ''));
/** apexcharts' own series-name title: the name and a colon, or nothing. */
const seriesTitle = (name: unknown) => (name ? `${asText(name)}: ` : '');

function safeY(y: TooltipY): TooltipY {
  return {
    ...y,
    // Without a formatter the library shows the value as it formats numbers: only ours need escaping.
    ...(y.formatter ? { formatter: escaping(y.formatter, asText) } : {}),
    title: { ...y.title, formatter: escaping(y.title?.formatter, seriesTitle) },
  };
}

export function htmlSafe(options: ApexOptions): ApexOptions {
  const { legend = {}, tooltip = {} } = options;
  const y = tooltip.y ?? {};
  return {
    ...options,
    legend: {
      ...legend,
      formatter: escaping(legend.formatter, asText),
      ...(legend.tooltipHoverFormatter ? { tooltipHoverFormatter: escaping(legend.tooltipHoverFormatter, asText) } : {}),
    },
    tooltip: {
      ...tooltip,
      x: { ...tooltip.x, formatter: escaping(tooltip.x?.formatter, asText) },
      y: Array.isArray(y) ? y.map(safeY) : safeY(y),
    },
  };
}
