/**
 * The balance aims of docs/balance.md measured on one summary: how far seats, leaders and
 * affinities are apart, and which cards are picked too rarely or win too much or too little.
 */
import { DEITIES } from '../engine/index.js';
import { gainersWin, groupWin, isAgeCard, perGame, pickRate, type BalanceSummary, type GroupTally } from './balance-summary.js';
import { percent } from './stats.js';
import { markdownTable } from './table.js';

export const AIM_MIN_PICK = 0.25;
export const AIM_MIN_BASIC_GAINS = 0.25;
/** Strict aims (four basic_bot seats) and loose ones (modules, other player counts, options). */
export const AIM_LIMITS = { strict: { spread: 0.02, cardBand: 0.08, affinitySpread: 0.03 }, loose: { spread: 0.04, cardBand: 0.1, affinitySpread: 0.03 } } as const;

export interface AimFigures {
  even: number;
  seatSpread: number;
  leaderSpread: number;
  affinitySpread: number;
  rarelyPicked: string[];
  /** Age cards whose gainers' win rate is more than `band` from an even share, with their rate. */
  offBand: (band: number) => [string, number][];
  rareBasics: string[];
}

function spread(groups: readonly GroupTally[]): number {
  const rates = groups.map((g) => groupWin(g)?.rate ?? 0);
  return rates.length === 0 ? 0 : Math.max(...rates) - Math.min(...rates);
}

export function aimFigures(s: BalanceSummary): AimFigures {
  const even = 1 / Math.max(1, s.seatCount);
  const ageCards = s.cards.filter((c) => isAgeCard(c) && c.offered > 0);
  return {
    even,
    seatSpread: spread(s.seats),
    leaderSpread: spread(s.leaders),
    affinitySpread: spread(s.affinities.filter((g) => (DEITIES as readonly string[]).includes(g.name))),
    rarelyPicked: ageCards.filter((c) => (pickRate(c)?.rate ?? 0) < AIM_MIN_PICK).map((c) => c.name),
    offBand: (band) =>
      ageCards.flatMap((c): [string, number][] => {
        const win = gainersWin(c);
        return win !== null && Math.abs(win.rate - even) > band ? [[c.name, win.rate]] : [];
      }),
    rareBasics: s.cards.filter((c) => c.affinity === 'Basic' && perGame(c.gains, s) < AIM_MIN_BASIC_GAINS).map((c) => c.name),
  };
}

const list = (names: readonly string[]) => (names.length === 0 ? 'none' : `${names.length}: ${names.join(', ')}`);

export function aimsMarkdown(s: BalanceSummary): string {
  const f = aimFigures(s);
  const strict = AIM_LIMITS.strict;
  const rows = [
    ['seat spread (max - min win rate)', percent(f.seatSpread), `< ${percent(strict.spread, 0)} (loose < ${percent(AIM_LIMITS.loose.spread, 0)})`],
    ['leader spread', percent(f.leaderSpread), `< ${percent(strict.spread, 0)}`],
    ['affinity spread (Derion, Tyros, Zeona)', percent(f.affinitySpread), `≤ ${percent(strict.affinitySpread, 0)}`],
    ['age cards picked in < 25% of the games offered', list(f.rarelyPicked), 'none'],
    [`age cards with gainers' win rate outside ${percent(f.even, 0)} ± 8`, list(f.offBand(strict.cardBand).map(([n, r]) => `${n} ${percent(r)}`)), 'none'],
    [`... outside ${percent(f.even, 0)} ± 10`, list(f.offBand(AIM_LIMITS.loose.cardBand).map(([n, r]) => `${n} ${percent(r)}`)), 'none (loose)'],
    ['basic cards gained < 0.25 times a game', list(f.rareBasics), 'none'],
  ];
  return markdownTable(['aim', 'measured', 'target'], rows, ['left', 'left', 'left']);
}
