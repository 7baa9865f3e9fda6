/**
 * The balance summary: many simulated games summed up per card, per leader, per dominant deity, per
 * seat and per bot kind. It holds counts, not rates, so that the markdown and HTML reports, the
 * JSON file and `--compare` all derive the same rates and intervals from one place.
 */
import { AFFINITIES, type Card, type CardID } from '../engine/index.js';
import { addCardPlayCounts, cardPlayCounts, emptyCardPlayCounts, gainersWinRate, pickRate as cardPickRate, rateEstimate, type CardPlayCounts, type Estimate as CardEstimate } from '../engine/card-play.js';
import { FAVOR_SOURCES, type BalanceRecord, type FavorSource } from './balance-game.js';
import { ratio } from './stats.js';

export const SUMMARY_VERSION = 1;

export interface CardTally {
  id: CardID;
  name: string;
  affinity: Card['affinity'];
  type: Card['type'];
  age: number | null;
  cost: number;
  /** Games in which the card was dealt onto the trade row. */
  offered: number;
  /** Games in which it was offered and someone gained it. */
  picked: number;
  /** Games in which someone gained it (a leader: started with it). */
  gainedGames: number;
  /** Its gains (a leader: the seats that started with it). */
  gains: number;
  /** The summed win shares of its gainers, one per gain. */
  winShare: number;
  favor: Record<FavorSource, number>;
  /** The summed squares of its favor per gain (engine/card-play.ts). */
  favorSquares: number;
}

export interface GroupTally {
  name: string;
  players: number;
  winShare: number;
  favor: number;
}

export interface LeaderTally extends GroupTally {
  /** Favor produced by the leader card itself. */
  leaderFavor: number;
}

/** Favor produced by the cards of one affinity, by source, summed over all games. */
export interface AffinityFavor {
  affinity: Card['affinity'];
  favor: Record<FavorSource, number>;
}

export interface BalanceSummary {
  version: typeof SUMMARY_VERSION;
  title: string;
  setupLine: string;
  games: number;
  seatCount: number;
  /** Games that ended in a tie. */
  ties: number;
  cards: CardTally[];
  leaders: LeaderTally[];
  affinities: GroupTally[];
  seats: GroupTally[];
  kinds: GroupTally[];
  favorByAffinity: AffinityFavor[];
}

export interface SummaryInput {
  title: string;
  setupLine: string;
  records: readonly BalanceRecord[];
  cardsByID: Record<CardID, Card>;
}

const noFavor = (): Record<FavorSource, number> => ({ gain: 0, triggers: 0, prophecy: 0 });

function tallyGroups(records: readonly BalanceRecord[], keyOf: (seat: BalanceRecord['seats'][number], index: number) => string): GroupTally[] {
  const groups = new Map<string, GroupTally>();
  for (const r of records) {
    r.seats.forEach((s, i) => {
      const name = keyOf(s, i);
      const g = groups.get(name) ?? { name, players: 0, winShare: 0, favor: 0 };
      g.players++;
      g.winShare += s.winShare;
      g.favor += s.favor;
      groups.set(name, g);
    });
  }
  return [...groups.values()];
}

function tallyCards(records: readonly BalanceRecord[], cardsByID: Record<CardID, Card>): CardTally[] {
  // The gallery's definitions and sums (engine/card-play.ts), from the same events.
  const totals = new Map<CardID, CardPlayCounts>();
  for (const r of records) {
    const counts = cardPlayCounts({ offered: r.offered, gains: r.gains, favor: r.favor, leaders: r.seats.map((s) => s.leaderID), winShares: r.seats.map((s) => s.winShare) });
    for (const [id, c] of counts) {
      const total = totals.get(id);
      if (total) addCardPlayCounts(total, c);
      else totals.set(id, c);
    }
  }
  return Object.values(cardsByID).map(({ id, name, affinity, type, age, cost }) => {
    const { offered, picked, gainedGames, gains, winShare, favorBySource, favorSquares } = totals.get(id) ?? emptyCardPlayCounts();
    return { id, name, affinity, type, age, cost, offered, picked, gainedGames, gains, winShare, favor: favorBySource, favorSquares };
  });
}

export function balanceSummary({ title, setupLine, records, cardsByID }: SummaryInput): BalanceSummary {
  const cards = tallyCards(records, cardsByID);
  const byID = new Map(cards.map((c) => [c.id, c]));
  const leaders = tallyGroups(records, (s) => String(s.leaderID)).map((g): LeaderTally => {
    const card = byID.get(Number(g.name));
    const favor = card ? FAVOR_SOURCES.reduce((n, s) => n + card.favor[s], 0) : 0;
    return { ...g, name: card?.name ?? `card ${g.name}`, leaderFavor: favor };
  });
  const favorByAffinity = AFFINITIES.map((affinity): AffinityFavor => {
    const favor = noFavor();
    for (const c of cards) if (c.affinity === affinity) for (const s of FAVOR_SOURCES) favor[s] += c.favor[s];
    return { affinity, favor };
  });
  return {
    version: SUMMARY_VERSION,
    title,
    setupLine,
    games: records.length,
    seatCount: records[0]?.seats.length ?? 0,
    ties: records.filter((r) => r.seats.some((s) => s.winShare > 0 && s.winShare < 1)).length,
    cards,
    leaders,
    affinities: tallyGroups(records, (s) => s.affinity),
    seats: tallyGroups(records, (_, i) => `seat ${i + 1}`),
    kinds: tallyGroups(records, (s) => s.kind),
    favorByAffinity,
  };
}

/** A rate with its 95% Wilson interval; null when nothing was counted. */
export interface Estimate {
  rate: number;
  low: number;
  high: number;
  n: number;
}

const asRate = (e: CardEstimate | null): Estimate | null => (e === null ? null : { rate: e.value, low: e.low, high: e.high, n: e.n });

export function estimate(successes: number, n: number): Estimate | null {
  return asRate(rateEstimate(successes, n));
}

/** Of the games in which the card was offered, the share in which someone gained it (engine/card-play.ts). */
export const pickRate = (c: CardTally): Estimate | null => asRate(cardPickRate(c));
/** The win rate of the card's gainers, one count per gain (engine/card-play.ts). */
export const gainersWin = (c: CardTally): Estimate | null => asRate(gainersWinRate(c));
export const groupWin = (g: GroupTally): Estimate | null => estimate(g.winShare, g.players);
export const totalFavor = (f: Record<FavorSource, number>): number => FAVOR_SOURCES.reduce((n, s) => n + f[s], 0);
/** An age card is one dealt onto the trade row: not a leader, not a basic card. */
export const isAgeCard = (c: Pick<CardTally, 'affinity' | 'age'>): boolean => c.age !== null && c.affinity !== 'Basic' && c.affinity !== 'Leader';
export const perGame = (x: number, s: Pick<BalanceSummary, 'games'>): number => ratio(x, s.games);
