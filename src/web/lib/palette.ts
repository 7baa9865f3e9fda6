/**
 * Mythos's colours, the one home of every colour code needs as a string (styles take the tokens in
 * styles/tokens.css instead). They live in lib/palette/ by who reads them, so a page loads only its
 * own: the theme's scales and the site's colours with the first page, the art's shades with the
 * chunks that draw it, the charts' with the charts.
 */
export { AFFINITY_COLORS, GOD_COLORS, seatColor, type AffinityName } from './palette/affinity.js';
export { SITE, THEME, TEXT_ON } from './palette/site.js';
export { CHART_MARKS, CHART_COLORS } from './palette/charts.js';
export { ART } from './palette/art.js';
