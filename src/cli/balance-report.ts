/**
 * The balance report as markdown: the summary's cards, leaders, affinities, seats and bot kinds as
 * tables. Every rate is defined in the report itself.
 */
import { favorPerGain } from '../engine/card-play.js';
import { aimsMarkdown } from './balance-aims.js';
import { FAVOR_SOURCES } from './balance-game.js';
import { gainersWin, groupWin, isAgeCard, perGame, pickRate, totalFavor, type BalanceSummary, type CardTally, type Estimate, type GroupTally } from './balance-summary.js';
import { percent, ratio } from './stats.js';
import { markdownTable } from './table.js';

const fixed = (x: number, digits = 2) => x.toFixed(digits);
/** A rate, or '-' when nothing was counted. */
const rate = (e: Estimate | null) => (e === null ? '-' : percent(e.rate));
const interval = (e: Estimate | null) => (e === null ? '-' : `${percent(e.low)}-${percent(e.high)}`);

/** The section headings, in report order; the HTML report uses the same ones. */
export const SECTIONS = {
  age: (age: number) => `Age ${age} cards (by pick rate)`,
  basic: 'Basic cards (by gains)',
  leaders: 'Leaders (by win rate)',
  affinity: 'Affinity (by win rate)',
  seats: 'Seat advantage (by seat)',
  kinds: 'Bot kinds (by win rate)',
  favor: 'Favor sources by card affinity',
  aims: 'Aims',
} as const;

export const byWinRate = (a: GroupTally, b: GroupTally): number => ratio(b.winShare, b.players) - ratio(a.winShare, a.players) || a.name.localeCompare(b.name);
export const bySeat = (a: GroupTally, b: GroupTally): number => a.name.localeCompare(b.name, 'en', { numeric: true });
/** Cards never offered sort last. */
const pickOrder = (c: CardTally) => pickRate(c)?.rate ?? -1;
export const byPickRate = (a: CardTally, b: CardTally): number => pickOrder(b) - pickOrder(a) || b.offered - a.offered || a.name.localeCompare(b.name);
export const byGains = (a: CardTally, b: CardTally): number => b.gains - a.gains || a.name.localeCompare(b.name);

export const ageCards = (s: BalanceSummary, age: number): CardTally[] => s.cards.filter((c) => c.age === age && isAgeCard(c)).sort(byPickRate);
export const basicCards = (s: BalanceSummary): CardTally[] => s.cards.filter((c) => c.affinity === 'Basic').sort(byGains);

function groupTable(label: string, groups: readonly GroupTally[], totalPlayers: number): string {
  const rows = groups.map((g) => [g.name, String(g.players), percent(ratio(g.players, totalPlayers)), rate(groupWin(g)), interval(groupWin(g)), fixed(ratio(g.favor, g.players), 1)]);
  return markdownTable([label, 'players', 'share of players', 'win rate', '95% CI', 'mean favor'], rows);
}

function favorCells(t: CardTally): string[] {
  const per = (x: number) => (t.gains === 0 ? '-' : fixed(x / t.gains));
  // The gallery's favor per gain (engine/card-play.ts); the sources split it.
  const mean = favorPerGain({ favor: totalFavor(t.favor), favorSquares: t.favorSquares, gains: t.gains });
  return [mean === null ? '-' : fixed(mean.value), ...FAVOR_SOURCES.map((s) => per(t.favor[s]))];
}

function ageCardTable(cards: readonly CardTally[], games: number): string {
  const rows = cards.map((t) => [t.name, t.affinity, t.type, String(t.cost), percent(ratio(t.offered, games)), rate(pickRate(t)), rate(gainersWin(t)), ...favorCells(t)]);
  return markdownTable(['card', 'affinity', 'type', 'cost', 'offered in', 'pick rate', 'gainers win', 'favor/gain', 'on gain', 'triggers', 'prophecy'], rows, ['left', 'left', 'left']);
}

function basicCardTable(cards: readonly CardTally[], games: number): string {
  const rows = cards.map((t) => [t.name, t.age === null ? 'any' : String(t.age), String(t.cost), String(t.gains), fixed(ratio(t.gains, games)), rate(gainersWin(t)), ...favorCells(t)]);
  return markdownTable(['card', 'age', 'cost', 'gains', 'gains/game', 'gainers win', 'favor/gain', 'on gain', 'triggers', 'prophecy'], rows, ['left']);
}

function favorTable(s: BalanceSummary): string {
  const rows = s.favorByAffinity.map((a) => [a.affinity, fixed(perGame(totalFavor(a.favor), s)), ...FAVOR_SOURCES.map((src) => fixed(perGame(a.favor[src], s)))]);
  return markdownTable(['card affinity', 'favor/game', 'on gain', 'triggers', 'prophecy'], rows);
}

export function balanceMarkdown(s: BalanceSummary): string {
  const players = s.games * s.seatCount;
  const out: string[] = [];
  out.push(`# ${s.title}`, '', s.setupLine, '');
  out.push(
    `${s.games} games of ${s.seatCount} players; ${percent(ratio(s.ties, s.games))} of them ended in a tie. An even share of the wins is`,
    `${percent(1 / Math.max(1, s.seatCount))} per player. A tie counts as a shared win (each of k tied winners gets 1/k). 95% CIs`,
    'are Wilson score intervals. Without the randomLeader option each seat always gets the same leader,',
    'so the leader and seat tables then measure the same thing.',
    '',
    '## Definitions',
    '',
    '- **offered in**: the share of games in which the card was dealt onto the trade row at least once.',
    '- **pick rate**: of the games in which the card was offered, the share in which some player gained it.',
    '- **gainers win**: the win rate of the players who gained the card (their win shares / gains).',
    '- **favor/gain**: the favor the card produced per gain, summed from the events: **on gain** is its',
    '  printed favor plus its gain-on-acquire effects (GAIN_CARD), **triggers** what its draft/acquire',
    '  abilities gave later (GAIN_CARD, GAIN_TRIBUTES and EARN_TOKEN triggers), **prophecy** its',
    '  end-of-game effects (END_GAME_EFFECTS).',
    '- **affinity**: the deity a player held the most cards of at the end (tied: two or three equal).',
    '- These are the card gallery\'s definitions too (src/engine/card-play.ts), so a designer\'s numbers and',
    '  the site\'s mean the same thing.',
    '',
    `## ${SECTIONS.aims}`,
    '',
    'The aims of docs/balance.md, measured on this run (strict aims are for four basic_bot seats).',
    '',
    aimsMarkdown(s),
  );
  for (const age of [1, 2, 3]) out.push(`## ${SECTIONS.age(age)}`, '', ageCardTable(ageCards(s, age), s.games));
  out.push(`## ${SECTIONS.basic}`, '', basicCardTable(basicCards(s), s.games));

  const leaderRows = [...s.leaders].sort(byWinRate).map((g) => [g.name, String(g.players), rate(groupWin(g)), interval(groupWin(g)), fixed(ratio(g.favor, g.players), 1), fixed(ratio(g.leaderFavor, g.players))]);
  out.push(`## ${SECTIONS.leaders}`, '', markdownTable(['leader', 'players', 'win rate', '95% CI', 'mean favor', 'favor from the leader card'], leaderRows));
  out.push(`## ${SECTIONS.affinity}`, '', groupTable('affinity', [...s.affinities].sort(byWinRate), players));
  out.push(`## ${SECTIONS.seats}`, '', groupTable('seat', [...s.seats].sort(bySeat), players));
  out.push(`## ${SECTIONS.kinds}`, '', groupTable('bot', [...s.kinds].sort(byWinRate), players));
  out.push(`## ${SECTIONS.favor}`, '', 'Favor per game produced by the cards of each affinity, by source (see favor/gain above).', '', favorTable(s));
  return out.join('\n');
}
