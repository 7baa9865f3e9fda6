/**
 * `mythos balance --compare before.json after.json`: what moved between two balance runs, card by
 * card and group by group, with 95% intervals. A change counts as real when the two intervals do
 * not overlap (a conservative test: some real changes will not be flagged, few noise ones will).
 */
import { readFileSync } from 'node:fs';
import { aimFigures } from './balance-aims.js';
import { gainersWin, groupWin, isAgeCard, pickRate, SUMMARY_VERSION, type BalanceSummary, type CardTally, type Estimate, type GroupTally } from './balance-summary.js';
import { CliError } from './errors.js';
import { percent } from './stats.js';
import { markdownTable } from './table.js';

export function readSummary(path: string): BalanceSummary {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(`--compare ${path}: cannot read a balance summary (${(error as Error).message})`);
  }
  const s = parsed as Partial<BalanceSummary> | null;
  if (s?.version !== SUMMARY_VERSION || !Array.isArray(s.cards) || !Array.isArray(s.seats)) {
    throw new CliError(`--compare ${path}: not a balance summary of version ${SUMMARY_VERSION} (write one with --out file.json)`);
  }
  return s as BalanceSummary;
}

/** Whether two estimates' intervals are disjoint. */
export const isReal = (a: Estimate | null, b: Estimate | null): boolean => a !== null && b !== null && (a.high < b.low || b.high < a.low);

const shown = (e: Estimate | null) => (e === null ? '-' : `${percent(e.rate)} (${percent(e.low)}-${percent(e.high)})`);
const delta = (a: Estimate | null, b: Estimate | null) => (a === null || b === null ? '-' : `${b.rate >= a.rate ? '+' : ''}${((b.rate - a.rate) * 100).toFixed(1)}`);
const moved = (a: Estimate | null, b: Estimate | null) => (a === null || b === null ? 0 : Math.abs(b.rate - a.rate));

function groupRows(before: readonly GroupTally[], after: readonly GroupTally[]): string[][] {
  const names = [...new Set([...before, ...after].map((g) => g.name))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return names.map((name) => {
    const a = before.find((g) => g.name === name);
    const b = after.find((g) => g.name === name);
    const ea = a ? groupWin(a) : null;
    const eb = b ? groupWin(b) : null;
    return [name, shown(ea), shown(eb), delta(ea, eb), isReal(ea, eb) ? 'real' : ''];
  });
}

interface CardMove {
  name: string;
  affinity: string;
  pick: [Estimate | null, Estimate | null];
  win: [Estimate | null, Estimate | null];
  real: boolean;
  size: number;
}

function cardMoves(before: BalanceSummary, after: BalanceSummary): CardMove[] {
  const old = new Map(before.cards.map((c) => [c.name, c]));
  return after.cards.filter(isAgeCard).map((c: CardTally): CardMove => {
    const o = old.get(c.name);
    const pick: [Estimate | null, Estimate | null] = [o ? pickRate(o) : null, pickRate(c)];
    const win: [Estimate | null, Estimate | null] = [o ? gainersWin(o) : null, gainersWin(c)];
    return { name: c.name, affinity: c.affinity, pick, win, real: isReal(...pick) || isReal(...win), size: Math.max(moved(...pick), moved(...win)) };
  });
}

function aimRows(before: BalanceSummary, after: BalanceSummary): string[][] {
  const [a, b] = [aimFigures(before), aimFigures(after)];
  const count = (x: readonly unknown[]) => String(x.length);
  return [
    ['seat spread', percent(a.seatSpread), percent(b.seatSpread)],
    ['leader spread', percent(a.leaderSpread), percent(b.leaderSpread)],
    ['affinity spread', percent(a.affinitySpread), percent(b.affinitySpread)],
    ['age cards picked < 25%', count(a.rarelyPicked), count(b.rarelyPicked)],
    ["age cards with gainers' win outside even ± 8", count(a.offBand(0.08)), count(b.offBand(0.08))],
    ["age cards with gainers' win outside even ± 10", count(a.offBand(0.1)), count(b.offBand(0.1))],
    ['basic cards gained < 0.25 a game', count(a.rareBasics), count(b.rareBasics)],
  ];
}

function basicRows(before: BalanceSummary, after: BalanceSummary): string[][] {
  // Gains per game with a normal interval of a Poisson count: rough, but enough to see a move.
  const per = (s: BalanceSummary, c: CardTally | undefined) => (c ? { rate: c.gains / s.games, half: (1.96 * Math.sqrt(c.gains)) / s.games } : null);
  const old = new Map(before.cards.map((c) => [c.name, c]));
  return after.cards
    .filter((c) => c.affinity === 'Basic')
    .map((c) => {
      const [a, b] = [per(before, old.get(c.name)), per(after, c)];
      const cell = (x: typeof a) => (x === null ? '-' : `${x.rate.toFixed(2)} ± ${x.half.toFixed(2)}`);
      const real = a !== null && b !== null && Math.abs(b.rate - a.rate) > a.half + b.half;
      return [c.name, cell(a), cell(b), a === null || b === null ? '-' : (b.rate - a.rate).toFixed(2), real ? 'real' : ''];
    });
}

export function compareMarkdown(before: BalanceSummary, after: BalanceSummary, names: [string, string]): string {
  const moves = cardMoves(before, after).sort((x, y) => Number(y.real) - Number(x.real) || y.size - x.size || x.name.localeCompare(y.name));
  const cardRows = moves.map((m) => [m.name, m.affinity, shown(m.pick[0]), shown(m.pick[1]), delta(...m.pick), shown(m.win[0]), shown(m.win[1]), delta(...m.win), m.real ? 'real' : '']);
  const groupHeaders = (label: string) => [label, `before`, `after`, 'change (points)', 'moved'];
  return [
    '# Mythos balance comparison',
    '',
    `Before: ${names[0]}, ${before.games} games. ${before.setupLine}`,
    `After: ${names[1]}, ${after.games} games. ${after.setupLine}`,
    '',
    'Rates with 95% Wilson intervals. **real** marks a change whose two intervals do not overlap;',
    'an unmarked change may still be real but this many games cannot tell it from noise.',
    '',
    '## Aims',
    '',
    markdownTable(['aim', 'before', 'after'], aimRows(before, after), ['left']),
    '## Seats',
    '',
    markdownTable(groupHeaders('seat'), groupRows(before.seats, after.seats)),
    '## Leaders',
    '',
    markdownTable(groupHeaders('leader'), groupRows(before.leaders, after.leaders)),
    '## Affinities',
    '',
    markdownTable(groupHeaders('affinity'), groupRows(before.affinities, after.affinities)),
    `## Age cards (${moves.filter((m) => m.real).length} real moves first, then by size)`,
    '',
    markdownTable(['card', 'affinity', 'pick before', 'pick after', 'change', 'gainers win before', 'gainers win after', 'change', 'moved'], cardRows, ['left', 'left']),
    '## Basic cards (gains per game)',
    '',
    markdownTable(['card', 'before', 'after', 'change', 'moved'], basicRows(before, after)),
  ].join('\n');
}
