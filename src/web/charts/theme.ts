/**
 * Apexcharts dressed for the night sky: transparent backgrounds, parchment text, faint gridlines,
 * gold first. Every chart starts from `chartOptions` and adds only what is its own.
 */
import type { ApexOptions } from 'apexcharts';
import { CHART_COLORS, SITE } from '../lib/palette.js';
import { htmlSafe } from './html-safe.js';

export const CHART_TEXT = CHART_COLORS.text;
export const CHART_GRID = CHART_COLORS.grid;
export const CHART_FONT = "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Series colours after gold: parchment, sky, violet, teal, rose (distinct for colour-blind readers too). */
export const SERIES_COLORS = [SITE.gold, SITE.parchmentPale, CHART_COLORS.sky, CHART_COLORS.violet, CHART_COLORS.teal, CHART_COLORS.rose] as const;

/** True when the reader asked for less motion: the system setting or Mythos's 'Disable Animations'. */
export function prefersLessMotion(): boolean {
  if (typeof window === 'undefined') return true;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return true;
  try {
    const prefs = JSON.parse(window.localStorage.getItem('userPrefs') ?? '{}') as { disableAnimations?: unknown };
    return prefs.disableAnimations === true;
  } catch {
    return false;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? merge(current, value) : value;
  }
  return out;
}

/** The site's chart look, deep-merged with one chart's own options, its HTML text escaped. */
export function chartOptions(description: string, own: ApexOptions): ApexOptions {
  const base: ApexOptions = {
    chart: {
      background: 'transparent',
      foreColor: CHART_TEXT,
      fontFamily: CHART_FONT,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: !prefersLessMotion() },
      // The figure around each chart carries its summary and a table; the drawing itself is hidden
      // from assistive technology, so it takes no focus either.
      accessibility: { enabled: false, description, keyboard: { enabled: false } },
      // No room added under the drawing: apexcharts gives an axis chart's box 15 px more than its
      // height once drawn, which moved everything under it (a table's "Show the numbers" too, as
      // it was clicked) after the place kept for the chart (ChartFigure) had been laid out.
      parentHeightOffset: 0,
    },
    theme: { mode: 'dark' },
    colors: [...SERIES_COLORS],
    grid: { borderColor: CHART_GRID, strokeDashArray: 3 },
    dataLabels: { enabled: false },
    legend: { labels: { colors: CHART_TEXT }, fontSize: '13px', position: 'bottom' },
    tooltip: { theme: 'dark' },
    stroke: { colors: undefined },
  };
  return htmlSafe(merge(base as Record<string, unknown>, own as Record<string, unknown>) as ApexOptions);
}
