/** The charts' colours: apexcharts takes colour strings, not CSS variables. */
/** Marks on a chart (apexcharts wants colour strings): a turning point of the odds (gold, also
 * --mythos-chart-mark for the links under the chart) and the step a replay shows (sky blue). */
export const CHART_MARKS = {
  turningPoint: '#f4c95d',
  current: '#8fd3ff',
} as const;

/**
 * The charts' colours (apexcharts takes colour strings, not CSS variables): text and gridlines on
 * the night sky, a radial bar's empty track, the series after gold and parchment (sky, violet,
 * teal, rose, slate: distinct for colour-blind readers too), and the card types on a profile.
 */
export const CHART_COLORS = {
  text: '#d1cbe6',
  grid: 'rgba(209, 203, 230, 0.14)',
  track: 'rgba(209, 203, 230, 0.12)',
  sky: '#5fa8d3',
  violet: '#9f7aea',
  teal: '#38b2ac',
  rose: '#ed8796',
  slate: '#8a94a6',
  building: '#c9a66b',
  unit: '#e07a5f',
  event: '#81b29a',
} as const;
