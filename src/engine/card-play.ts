/**
 * How cards play: the one set of definitions behind the card gallery's figures (the server's
 * per-card counters, kept at each game's end) and the balance report of `mythos balance`. Pure:
 * a finished game in, counts out; counts in, estimates with their 95% intervals out.
 *
 * Definitions, for one finished game:
 * - **offered**: the card was dealt onto the trade row at least once (a DEAL_CARD event). A card
 *   stays on the row for several turns, and may come back after a reshuffle of the discards: it
 *   is one offer per game however often it was dealt or however many turns it lay there. Basic
 *   cards (always in the basic pile) and leaders (dealt at the start) are never offered.
 * - **picked**: offered, and gained by some player in that game (a GAIN_CARD event).
 * - **pick rate**: picked games / offered games (Wilson interval; the sample is the offered games).
 * - **gains**: each GAIN_CARD of the card; a leader counts one gain for each seat that started
 *   with it (so the gallery's leader figures are the balance report's leader table).
 * - **win share** of a seat: 1/k if it is one of the game's k winners (a tie shares the win), else
 *   0. The game's own result (`winnerIDs`): a seat a stand-in finished counts as the seat played.
 * - **gainers' win rate**: the summed win shares of the gainers, one per gain / gains (Wilson
 *   interval with fractional successes; the sample is the gains).
 * - **favor per gain**: the favor the card produced for the seat holding it, from every source
 *   (`FAVOR_SOURCES`: its printed favor and gain effects, the triggers of its abilities, its
 *   end-of-game prophecies), per gain. A seat that gained the same (basic) card k times in a game
 *   credits each of those gains with 1/k of that card's favor for it: the card's favor cannot be
 *   told apart per copy. Mean with a t interval (normal beyond 30 degrees of freedom), from the
 *   sums of the values and of their squares.
 * - **enough games**: a figure is shown only when its sample comes from at least `MIN_GAMES`
 *   games (offered games for the pick rate, games in which it was gained for the others).
 */
import type { Game } from './state.js';
import type { CardID, UserID } from './types.js';

/** Where a card's favor came from: its own gain (printed favor and gain effects), triggers, prophecies. */
export const FAVOR_SOURCES = ['gain', 'triggers', 'prophecy'] as const;
export type FavorSource = (typeof FAVOR_SOURCES)[number];

/** Fewer games than this behind a figure: "not enough games". */
export const MIN_GAMES = 5;

/** What one finished game says about its cards, read from its events and result. */
export interface CardPlayRecord {
  /** Every DEAL_CARD onto the trade row, in order (a card dealt twice is listed twice). */
  offered: CardID[];
  /** [seat, cardID] for every card gained, in order. */
  gains: [number, CardID][];
  /** Each seat's leader (the card it started with). */
  leaders: CardID[];
  /** [seat, cardID, source, favor] for every non-zero favor a card produced. */
  favor: [number, CardID, FavorSource, number][];
  /** Each seat's share of the win: 1/k for each of k winners, 0 for the others. */
  winShares: number[];
}

export function cardPlayRecord(game: Pick<Game, 'players' | 'events' | 'winnerIDs'>): CardPlayRecord {
  const seatOf = new Map<UserID, number>(game.players.map((p, seat) => [p.userID, seat]));
  const offered: CardID[] = [];
  const gains: [number, CardID][] = [];
  const favor: CardPlayRecord['favor'] = [];
  const add = (seat: number, cardID: CardID, source: FavorSource, amount: number) => {
    if (amount !== 0) favor.push([seat, cardID, source, amount]);
  };
  const addTriggered = (userID: UserID, triggered: readonly { cardID: CardID; favor: number }[], source: FavorSource) => {
    const seat = seatOf.get(userID)!;
    for (const t of triggered) add(seat, t.cardID, source, t.favor);
  };
  for (const event of game.events) {
    switch (event.type) {
      case 'DEAL_CARD':
        offered.push(event.payload.cardID);
        break;
      case 'GAIN_CARD': {
        const seat = seatOf.get(event.payload.userID)!;
        gains.push([seat, event.payload.cardID]);
        add(seat, event.payload.cardID, 'gain', event.payload.favor);
        addTriggered(event.payload.userID, event.payload.triggeredCards, 'triggers');
        break;
      }
      case 'GAIN_TRIBUTES':
      case 'EARN_TOKEN':
        addTriggered(event.payload.userID, event.payload.triggeredCards, 'triggers');
        break;
      case 'END_GAME_EFFECTS':
        addTriggered(event.payload.userID, event.payload.triggeredCards, 'prophecy');
        break;
      default:
        break;
    }
  }
  const share = game.winnerIDs.length === 0 ? 0 : 1 / game.winnerIDs.length;
  return {
    offered,
    gains,
    leaders: game.players.map((p) => p.cardIDs[0]!),
    favor,
    winShares: game.players.map((p) => (game.winnerIDs.includes(p.userID) ? share : 0)),
  };
}

/** One card's counts: of one game, or summed over games (every field adds up). */
export interface CardPlayCounts {
  /** Games in which it was offered on the trade row. */
  offered: number;
  /** Games in which it was offered and gained. */
  picked: number;
  /** Games in which it was gained (or, for a leader, held from the start). */
  gainedGames: number;
  gains: number;
  /** The summed win shares of its gainers, one per gain. */
  winShare: number;
  /** The summed favor per gain, and the summed squares of the favor per gain. */
  favor: number;
  favorSquares: number;
  /** The favor by source (adds up to `favor`). */
  favorBySource: Record<FavorSource, number>;
}

export function emptyCardPlayCounts(): CardPlayCounts {
  return { offered: 0, picked: 0, gainedGames: 0, gains: 0, winShare: 0, favor: 0, favorSquares: 0, favorBySource: { gain: 0, triggers: 0, prophecy: 0 } };
}

/** `total` plus `more`, in place; returns `total`. */
export function addCardPlayCounts(total: CardPlayCounts, more: CardPlayCounts): CardPlayCounts {
  total.offered += more.offered;
  total.picked += more.picked;
  total.gainedGames += more.gainedGames;
  total.gains += more.gains;
  total.winShare += more.winShare;
  total.favor += more.favor;
  total.favorSquares += more.favorSquares;
  for (const s of FAVOR_SOURCES) total.favorBySource[s] += more.favorBySource[s];
  return total;
}

/** Each card's counts in one game, for the cards the game offered, gained or dealt as leaders. */
export function cardPlayCounts(record: CardPlayRecord): Map<CardID, CardPlayCounts> {
  const counts = new Map<CardID, CardPlayCounts>();
  const of = (id: CardID) => {
    let c = counts.get(id);
    if (!c) counts.set(id, (c = emptyCardPlayCounts()));
    return c;
  };
  const offered = new Set(record.offered);
  for (const id of offered) of(id).offered = 1;
  // How many times each seat holds each card: its gains, and its leader.
  const held = new Map<string, { seat: number; id: CardID; times: number }>();
  const hold = (seat: number, id: CardID) => {
    const key = `${seat}:${id}`;
    const h = held.get(key);
    if (h) h.times++;
    else held.set(key, { seat, id, times: 1 });
  };
  record.leaders.forEach((id, seat) => hold(seat, id));
  for (const [seat, id] of record.gains) hold(seat, id);
  const favorOf = new Map<string, number>();
  for (const [seat, id, source, amount] of record.favor) {
    const key = `${seat}:${id}`;
    if (!held.has(key)) continue;
    favorOf.set(key, (favorOf.get(key) ?? 0) + amount);
    of(id).favorBySource[source] += amount;
  }
  for (const [key, { seat, id, times }] of held) {
    const c = of(id);
    const f = favorOf.get(key) ?? 0;
    c.gains += times;
    c.winShare += times * record.winShares[seat]!;
    c.favor += f;
    c.favorSquares += (f * f) / times;
    c.gainedGames = 1;
  }
  for (const id of offered) if (counts.get(id)!.gainedGames > 0) counts.get(id)!.picked = 1;
  return counts;
}

/** The 97.5% point of the normal distribution: two-sided 95%. */
const Z95 = 1.959963984540054;

/** The 95% Wilson score interval of a proportion `successes / n` (successes may be fractional). */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 0];
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt(Math.max(0, (p * (1 - p)) / n + z2 / (4 * n * n)))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/** Student's t, 97.5% point, for 1 to 30 degrees of freedom; beyond, the normal's. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function t975(degreesOfFreedom: number): number {
  if (degreesOfFreedom < 1) return Infinity;
  return T975[Math.floor(degreesOfFreedom) - 1] ?? Z95;
}

/** A figure with its 95% interval and sample size (`n`: offered games or gains). */
export interface Estimate {
  value: number;
  low: number;
  high: number;
  n: number;
}

/** A rate with its Wilson interval; null when nothing was counted. */
export function rateEstimate(successes: number, n: number): Estimate | null {
  if (n === 0) return null;
  const [low, high] = wilson(successes, n);
  return { value: successes / n, low, high, n };
}

/** A mean from its sum and sum of squares, with its t interval; null when nothing was counted. */
export function meanEstimate(sum: number, squares: number, n: number): Estimate | null {
  if (n === 0) return null;
  const mean = sum / n;
  if (n === 1) return { value: mean, low: -Infinity, high: Infinity, n };
  const variance = Math.max(0, (squares - (sum * sum) / n) / (n - 1));
  const half = t975(n - 1) * Math.sqrt(variance / n);
  return { value: mean, low: mean - half, high: mean + half, n };
}

/** Of the games in which the card was offered, the share in which someone gained it. */
export const pickRate = (c: Pick<CardPlayCounts, 'picked' | 'offered'>): Estimate | null => rateEstimate(c.picked, c.offered);
/** The win rate of the card's gainers, one count per gain. */
export const gainersWinRate = (c: Pick<CardPlayCounts, 'winShare' | 'gains'>): Estimate | null => rateEstimate(c.winShare, c.gains);
/** The favor the card produced per gain. */
export const favorPerGain = (c: Pick<CardPlayCounts, 'favor' | 'favorSquares' | 'gains'>): Estimate | null => meanEstimate(c.favor, c.favorSquares, c.gains);

/** A card's three figures, each null when it stands on fewer than `MIN_GAMES` games. */
export interface CardPlayFigures {
  pickRate: Estimate | null;
  gainersWinRate: Estimate | null;
  favorPerGain: Estimate | null;
}

export function cardPlayFigures(c: Omit<CardPlayCounts, 'favorBySource'>): CardPlayFigures {
  const gained = c.gainedGames >= MIN_GAMES;
  return {
    pickRate: c.offered >= MIN_GAMES ? pickRate(c) : null,
    gainersWinRate: gained ? gainersWinRate(c) : null,
    favorPerGain: gained ? favorPerGain(c) : null,
  };
}
