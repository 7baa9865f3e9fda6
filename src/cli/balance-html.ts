/**
 * The balance report as one self-contained HTML file: each section of the markdown report with a
 * chart above its table. ApexCharts' browser bundle is inlined, so the file opens from disk with
 * no network. The tables are the markdown report's own tables, so both show the same numbers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AIM_LIMITS, AIM_MIN_BASIC_GAINS, AIM_MIN_PICK } from './balance-aims.js';
import { FAVOR_SOURCES } from './balance-game.js';
import { SECTIONS, ageCards, basicCards, byWinRate, bySeat, balanceMarkdown } from './balance-report.js';
import { gainersWin, groupWin, perGame, pickRate, type BalanceSummary, type GroupTally } from './balance-summary.js';
import { escapeHtml, markdownHtml } from './balance-markdown-html.js';


type ChartSpec =
  | { kind: 'interval'; rows: { name: string; rate: number; low: number; high: number }[] }
  | { kind: 'cards'; points: { affinity: string; name: string; pick: number; win: number }[] }
  | { kind: 'basic'; rows: { name: string; gains: number }[] }
  | { kind: 'favor'; affinities: string[]; series: { name: string; data: number[] }[] };

const pct = (x: number) => Math.round(x * 1000) / 10;

function intervalChart(groups: readonly GroupTally[]): ChartSpec {
  const rows = groups.flatMap((g) => {
    const e = groupWin(g);
    return e === null ? [] : [{ name: g.name, rate: pct(e.rate), low: pct(e.low), high: pct(e.high) }];
  });
  return { kind: 'interval', rows };
}

/** One chart per section heading of the markdown report (Definitions has none). */
export function balanceCharts(s: BalanceSummary): Record<string, ChartSpec> {
  const charts: Record<string, ChartSpec> = {};
  for (const age of [1, 2, 3]) {
    const points = ageCards(s, age).flatMap((c) => {
      const pick = pickRate(c);
      const win = gainersWin(c);
      return pick === null || win === null ? [] : [{ affinity: c.affinity, name: c.name, pick: pct(pick.rate), win: pct(win.rate) }];
    });
    charts[SECTIONS.age(age)] = { kind: 'cards', points };
  }
  charts[SECTIONS.basic] = { kind: 'basic', rows: basicCards(s).map((c) => ({ name: c.name, gains: Math.round(perGame(c.gains, s) * 100) / 100 })) };
  charts[SECTIONS.leaders] = intervalChart([...s.leaders].sort(byWinRate));
  charts[SECTIONS.affinity] = intervalChart([...s.affinities].sort(byWinRate));
  charts[SECTIONS.seats] = intervalChart([...s.seats].sort(bySeat));
  charts[SECTIONS.kinds] = intervalChart([...s.kinds].sort(byWinRate));
  const withFavor = s.favorByAffinity.filter((a) => FAVOR_SOURCES.some((src) => a.favor[src] !== 0));
  charts[SECTIONS.favor] = {
    kind: 'favor',
    affinities: withFavor.map((a) => a.affinity),
    series: FAVOR_SOURCES.map((src) => ({ name: src, data: withFavor.map((a) => Math.round(perGame(a.favor[src], s) * 100) / 100) })),
  };
  return charts;
}

function apexBundle(): string {
  const pkg = createRequire(import.meta.url).resolve('apexcharts/package.json');
  return readFileSync(join(dirname(pkg), 'dist', 'apexcharts.min.js'), 'utf8');
}

/** JSON safe inside a script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** Draws every `.chart` element from its spec; runs in the browser. */
const DRAW = String.raw`
const COLORS = { Derion: '#c9a227', Tyros: '#c0392b', Zeona: '#2e86de', None: '#7f8c8d', Basic: '#6d4c41', Leader: '#8e44ad' };
const even = 100 / Math.max(1, META.seatCount);
function band(from, to, label) {
  return { x: from, x2: to, fillColor: '#2ecc71', opacity: 0.15, label: { text: label } };
}
function options(spec) {
  switch (spec.kind) {
    case 'interval':
      return {
        chart: { type: 'rangeBar', height: 60 + 34 * spec.rows.length, animations: { enabled: false } },
        plotOptions: { bar: { horizontal: true, barHeight: '45%' } },
        series: [{ name: '95% interval', data: spec.rows.map((r) => ({ x: r.name, y: [r.low, r.high] })) }],
        dataLabels: { enabled: true, formatter: (_, o) => spec.rows[o.dataPointIndex].rate.toFixed(1) + '%' },
        xaxis: { min: 0, max: Math.max(50, ...spec.rows.map((r) => r.high + 5)), title: { text: 'win rate, % (bar: 95% interval)' } },
        annotations: { xaxis: [band(even - 1, even + 1, 'even share ±1')] },
        tooltip: { custom: ({ dataPointIndex: i }) => { const r = spec.rows[i]; return '<div class="tip">' + r.name + ': ' + r.rate + '% (' + r.low + '–' + r.high + '%)</div>'; } },
      };
    case 'cards': {
      const affinities = [...new Set(spec.points.map((p) => p.affinity))];
      return {
        chart: { type: 'scatter', height: 420, animations: { enabled: false }, zoom: { enabled: true, type: 'xy' } },
        series: affinities.map((a) => ({ name: a, data: spec.points.filter((p) => p.affinity === a).map((p) => ({ x: p.pick, y: p.win, name: p.name })) })),
        colors: affinities.map((a) => COLORS[a] || '#333'),
        xaxis: { type: 'numeric', min: 0, max: 100, tickAmount: 10, title: { text: 'pick rate, %' } },
        yaxis: { min: 0, max: Math.max(60, ...spec.points.map((p) => Math.ceil(p.win / 10) * 10)), title: { text: "gainers' win rate, %" } },
        annotations: {
          xaxis: [{ x: META.minPick, x2: 100, fillColor: '#2ecc71', opacity: 0.08, label: { text: 'pick ≥ ' + META.minPick + '%' } }],
          yaxis: [{ y: even - META.cardBand, y2: even + META.cardBand, fillColor: '#2ecc71', opacity: 0.15, label: { text: 'target ' + (even - META.cardBand) + '–' + (even + META.cardBand) + '%' } }],
        },
        tooltip: { custom: ({ seriesIndex: s, dataPointIndex: i, w }) => { const p = w.config.series[s].data[i]; return '<div class="tip">' + p.name + ' (' + w.config.series[s].name + '): picked ' + p.x + '%, gainers win ' + p.y + '%</div>'; } },
      };
    }
    case 'basic':
      return {
        chart: { type: 'bar', height: 60 + 26 * spec.rows.length, animations: { enabled: false } },
        plotOptions: { bar: { horizontal: true } },
        series: [{ name: 'gains per game', data: spec.rows.map((r) => r.gains) }],
        xaxis: { categories: spec.rows.map((r) => r.name), title: { text: 'gains per game' } },
        annotations: { xaxis: [{ x: META.minBasic, borderColor: '#c0392b', label: { text: 'aim ≥ ' + META.minBasic } }] },
      };
    case 'favor':
      return {
        chart: { type: 'bar', stacked: true, height: 320, animations: { enabled: false } },
        series: spec.series,
        xaxis: { categories: spec.affinities, title: { text: 'card affinity' } },
        yaxis: { title: { text: 'favor per game' } },
        dataLabels: { enabled: false },
      };
  }
}
for (const el of document.querySelectorAll('.chart')) {
  new ApexCharts(el, options(CHARTS[el.dataset.section])).render();
}
`;

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}th,td{border:1px solid #ddd;padding:2px 6px}td.num{text-align:right}
th{background:#f4f4f4}.chart{margin:1em 0}.tip{padding:4px 8px}section{margin-bottom:2.5em}`;

export function balanceHtml(s: BalanceSummary): string {
  const charts = balanceCharts(s);
  const sections = markdownHtml(balanceMarkdown(s), (heading) => (heading in charts ? `<div class="chart" data-section="${escapeHtml(heading)}"></div>` : ''));
  const meta = { seatCount: s.seatCount, cardBand: AIM_LIMITS.strict.cardBand * 100, minPick: AIM_MIN_PICK * 100, minBasic: AIM_MIN_BASIC_GAINS };
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(s.title)}</title>`,
    `<style>${STYLE}</style>`,
    `<script>${apexBundle()}</script>`,
    '</head><body>',
    sections,
    `<script>const META = ${scriptJson(meta)};\nconst CHARTS = ${scriptJson(charts)};\n${DRAW}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
