/**
 * The balance report: many simulated games summed up per card, per leader, per dominant deity, per
 * seat and per bot kind, as markdown. Every rate is defined in the report itself.
 */
import type { Card, CardID } from '../engine/index.js';
import type { BalanceRecord, FavorSource } from './balance-game.js';
import { percent, ratio, wilson } from './stats.js';
import { markdownTable } from './table.js';

interface CardTally {
  offered: number;
  gainedGames: number;
  gains: number;
  winShare: number;
  favor: Record<FavorSource, number>;
}

interface GroupTally {
  players: number;
  winShare: number;
  favor: number;
}

export interface BalanceInput {
  title: string;
  setupLine: string;
  records: readonly BalanceRecord[];
  cardsByID: Record<CardID, Card>;
}

const emptyCard = (): CardTally => ({ offered: 0, gainedGames: 0, gains: 0, winShare: 0, favor: { gain: 0, triggers: 0, prophecy: 0 } });

function tallyGroups<K extends string | number>(records: readonly BalanceRecord[], keyOf: (seat: BalanceRecord['seats'][number], index: number) => K): Map<K, GroupTally> {
  const groups = new Map<K, GroupTally>();
  for (const r of records) {
    r.seats.forEach((s, i) => {
      const k = keyOf(s, i);
      const g = groups.get(k) ?? { players: 0, winShare: 0, favor: 0 };
      g.players++;
      g.winShare += s.winShare;
      g.favor += s.favor;
      groups.set(k, g);
    });
  }
  return groups;
}

function tallyCards(records: readonly BalanceRecord[]): Map<CardID, CardTally> {
  const cards = new Map<CardID, CardTally>();
  const get = (id: CardID) => {
    let t = cards.get(id);
    if (!t) cards.set(id, (t = emptyCard()));
    return t;
  };
  for (const r of records) {
    for (const id of new Set(r.offered)) get(id).offered++;
    const gainedHere = new Set<CardID>();
    for (const [seat, id] of r.gains) {
      const t = get(id);
      t.gains++;
      t.winShare += r.seats[seat]!.winShare;
      gainedHere.add(id);
    }
    for (const id of gainedHere) get(id).gainedGames++;
    for (const [, id, source, favor] of r.favor) get(id).favor[source] += favor;
  }
  return cards;
}

const fixed = (x: number, digits = 2) => x.toFixed(digits);
/** A rate, or '-' when nothing was counted. */
const rate = (a: number, b: number) => (b === 0 ? '-' : percent(a / b));
const ci = (wins: number, n: number) => {
  const [lo, hi] = wilson(wins, n);
  return `${percent(lo)}-${percent(hi)}`;
};

function groupTable(label: string, groups: Map<string, GroupTally>, order: (a: [string, GroupTally], b: [string, GroupTally]) => number, totalPlayers: number): string {
  const rows = [...groups.entries()].sort(order).map(([name, g]) => [
    name,
    String(g.players),
    percent(ratio(g.players, totalPlayers)),
    percent(ratio(g.winShare, g.players)),
    ci(g.winShare, g.players),
    fixed(ratio(g.favor, g.players), 1),
  ]);
  return markdownTable([label, 'players', 'share of players', 'win rate', '95% CI', 'mean favor'], rows);
}

const byWinRate = (a: [string, GroupTally], b: [string, GroupTally]) =>
  ratio(b[1].winShare, b[1].players) - ratio(a[1].winShare, a[1].players) || a[0].localeCompare(b[0]);

function favorCells(t: CardTally): string[] {
  const per = (x: number) => (t.gains === 0 ? '-' : fixed(x / t.gains));
  return [per(t.favor.gain + t.favor.triggers + t.favor.prophecy), per(t.favor.gain), per(t.favor.triggers), per(t.favor.prophecy)];
}

/** Cards never offered sort last. */
const pickRate = (t: CardTally) => (t.offered === 0 ? -1 : t.gainedGames / t.offered);

function ageCardTable(cards: readonly Card[], tallies: Map<CardID, CardTally>, games: number): string {
  const rows = cards
    .map((card) => ({ card, t: tallies.get(card.id) ?? emptyCard() }))
    .sort((a, b) => pickRate(b.t) - pickRate(a.t) || b.t.offered - a.t.offered || a.card.name.localeCompare(b.card.name))
    .map(({ card, t }) => [
      card.name,
      card.affinity,
      card.type,
      String(card.cost),
      percent(ratio(t.offered, games)),
      rate(t.gainedGames, t.offered),
      rate(t.winShare, t.gains),
      ...favorCells(t),
    ]);
  return markdownTable(['card', 'affinity', 'type', 'cost', 'offered in', 'pick rate', 'gainers win', 'favor/gain', 'on gain', 'triggers', 'prophecy'], rows, ['left', 'left', 'left']);
}

function basicCardTable(cards: readonly Card[], tallies: Map<CardID, CardTally>, games: number): string {
  const rows = cards
    .map((card) => ({ card, t: tallies.get(card.id) ?? emptyCard() }))
    .sort((a, b) => b.t.gains - a.t.gains || a.card.name.localeCompare(b.card.name))
    .map(({ card, t }) => [
      card.name,
      card.age === null ? 'any' : String(card.age),
      String(card.cost),
      String(t.gains),
      fixed(ratio(t.gains, games)),
      rate(t.winShare, t.gains),
      ...favorCells(t),
    ]);
  return markdownTable(['card', 'age', 'cost', 'gains', 'gains/game', 'gainers win', 'favor/gain', 'on gain', 'triggers', 'prophecy'], rows, ['left']);
}

export function balanceMarkdown({ title, setupLine, records, cardsByID }: BalanceInput): string {
  const games = records.length;
  const seatCount = records[0]?.seats.length ?? 0;
  const players = games * seatCount;
  const tallies = tallyCards(records);
  const allCards = Object.values(cardsByID);
  const leaders = tallyGroups(records, (s) => cardsByID[s.leaderID]?.name ?? `card ${s.leaderID}`);
  const out: string[] = [];
  out.push(`# ${title}`, '', setupLine, '');
  const ties = records.filter((r) => r.seats.some((s) => s.winShare > 0 && s.winShare < 1)).length;
  out.push(
    `${games} games of ${seatCount} players; ${percent(ratio(ties, games))} of them ended in a tie. An even share of the wins is`,
    `${percent(1 / Math.max(1, seatCount))} per player. A tie counts as a shared win (each of k tied winners gets 1/k). 95% CIs`,
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
    '',
  );
  for (const age of [1, 2, 3]) {
    const cards = allCards.filter((c) => c.age === age && c.affinity !== 'Basic' && c.affinity !== 'Leader');
    out.push(`## Age ${age} cards (by pick rate)`, '', ageCardTable(cards, tallies, games));
  }
  out.push('## Basic cards (by gains)', '', basicCardTable(allCards.filter((c) => c.affinity === 'Basic'), tallies, games));

  const leaderCards = new Map(allCards.filter((c) => c.affinity === 'Leader').map((c) => [c.name, c]));
  const leaderRows = [...leaders.entries()].sort(byWinRate).map(([name, g]) => {
    const t = tallies.get(leaderCards.get(name)?.id ?? -1) ?? emptyCard();
    const leaderFavor = t.favor.gain + t.favor.triggers + t.favor.prophecy;
    return [name, String(g.players), percent(ratio(g.winShare, g.players)), ci(g.winShare, g.players), fixed(ratio(g.favor, g.players), 1), fixed(ratio(leaderFavor, g.players))];
  });
  out.push('## Leaders (by win rate)', '', markdownTable(['leader', 'players', 'win rate', '95% CI', 'mean favor', 'favor from the leader card'], leaderRows));

  out.push('## Affinity (by win rate)', '', groupTable('affinity', tallyGroups(records, (s) => s.affinity), byWinRate, players));

  const seats = tallyGroups(records, (_, i) => `seat ${i + 1}`);
  out.push('## Seat advantage (by seat)', '', groupTable('seat', seats, (a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }), players));

  out.push('## Bot kinds (by win rate)', '', groupTable('bot', tallyGroups(records, (s) => s.kind), byWinRate, players));
  return out.join('\n');
}
