/**
 * What one simulated game tells the balance report, read from its events and stats: which cards
 * were offered on the trade row and gained by whom, the favor each card produced, and each seat's
 * leader, dominant deity and share of the win.
 */
import { DEITIES, type CardID, type Game, type TriggeredCard } from '../engine/index.js';
import { seatsForGame, type Match } from './match.js';
import { playMatchGame } from './seated-game.js';
import { seatResults } from './tournament-game.js';

/** Where a card's favor came from: its own gain (printed favor and gain effects), triggers, prophecies. */
export const FAVOR_SOURCES = ['gain', 'triggers', 'prophecy'] as const;
export type FavorSource = (typeof FAVOR_SOURCES)[number];

export interface BalanceSeat {
  kind: string;
  leaderID: CardID;
  /** The deity the seat holds most cards of; 'tied' when two or three share the most, 'none' with none. */
  affinity: string;
  winShare: number;
  favor: number;
}

export interface BalanceRecord {
  game: number;
  seats: BalanceSeat[];
  /** Cards dealt onto the trade row this game (each age card at most once). */
  offered: CardID[];
  /** [seat, cardID] for every card gained, in order. */
  gains: [number, CardID][];
  /** [seat, cardID, source, favor] for every non-zero favor a card produced. */
  favor: [number, CardID, FavorSource, number][];
}

export function dominantDeity(counts: Record<string, number>): string {
  const top = Math.max(...DEITIES.map((d) => counts[d] ?? 0));
  if (top === 0) return 'none';
  const leaders = DEITIES.filter((d) => counts[d] === top);
  return leaders.length === 1 ? leaders[0]! : 'tied';
}

export function balanceRecord(game: Game, index: number, kinds: readonly string[]): BalanceRecord {
  const seatOf = new Map(game.players.map((p, seat) => [p.userID, seat]));
  const results = seatResults(game, kinds);
  const seats = game.players.map((p, seat): BalanceSeat => ({
    kind: results[seat]!.kind,
    leaderID: p.cardIDs[0]!,
    affinity: dominantDeity(game.statsByPlayerID![p.userID]!.cardCountByAffinity),
    winShare: results[seat]!.winShare,
    favor: results[seat]!.favor,
  }));
  const offered: CardID[] = [];
  const gains: [number, CardID][] = [];
  const favor: BalanceRecord['favor'] = [];
  const add = (seat: number, cardID: CardID, source: FavorSource, amount: number) => {
    if (amount !== 0) favor.push([seat, cardID, source, amount]);
  };
  const addTriggered = (seat: number, triggered: readonly TriggeredCard[], source: FavorSource) => {
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
        addTriggered(seat, event.payload.triggeredCards, 'triggers');
        break;
      }
      case 'GAIN_TRIBUTES':
      case 'EARN_TOKEN':
        addTriggered(seatOf.get(event.payload.userID)!, event.payload.triggeredCards, 'triggers');
        break;
      case 'END_GAME_EFFECTS':
        addTriggered(seatOf.get(event.payload.userID)!, event.payload.triggeredCards, 'prophecy');
        break;
      default:
        break;
    }
  }
  return { game: index, seats, offered, gains, favor };
}

export async function playBalanceGame(match: Match, index: number): Promise<BalanceRecord> {
  const { game } = await playMatchGame(match, index);
  return balanceRecord(game, index, seatsForGame(match, index).map((spec) => spec.label));
}
