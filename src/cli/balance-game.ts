/**
 * What one simulated game tells the balance report, read from its events and stats: which cards
 * were offered on the trade row and gained by whom, the favor each card produced, and each seat's
 * leader, dominant deity and share of the win.
 */
import { DEITIES, type CardID, type Game } from '../engine/index.js';
import { cardPlayRecord, FAVOR_SOURCES, type CardPlayRecord, type FavorSource } from '../engine/card-play.js';
import { seatsForGame, type Match } from './match.js';
import { playMatchGame } from './seated-game.js';
import { seatResults } from './tournament-game.js';

/** Where a card's favor came from: the definitions shared with the card gallery (engine/card-play.ts). */
export { FAVOR_SOURCES, type FavorSource };

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
  /** Every DEAL_CARD onto the trade row this game, in order. */
  offered: CardPlayRecord['offered'];
  /** [seat, cardID] for every card gained, in order. */
  gains: CardPlayRecord['gains'];
  /** [seat, cardID, source, favor] for every non-zero favor a card produced. */
  favor: CardPlayRecord['favor'];
}

export function dominantDeity(counts: Record<string, number>): string {
  const top = Math.max(...DEITIES.map((d) => counts[d] ?? 0));
  if (top === 0) return 'none';
  const leaders = DEITIES.filter((d) => counts[d] === top);
  return leaders.length === 1 ? leaders[0]! : 'tied';
}

export function balanceRecord(game: Game, index: number, kinds: readonly string[]): BalanceRecord {
  const results = seatResults(game, kinds);
  const seats = game.players.map((p, seat): BalanceSeat => ({
    kind: results[seat]!.kind,
    leaderID: p.cardIDs[0]!,
    affinity: dominantDeity(game.statsByPlayerID![p.userID]!.cardCountByAffinity),
    winShare: results[seat]!.winShare,
    favor: results[seat]!.favor,
  }));
  const { offered, gains, favor } = cardPlayRecord(game);
  return { game: index, seats, offered, gains, favor };
}

export async function playBalanceGame(match: Match, index: number): Promise<BalanceRecord> {
  const { game } = await playMatchGame(match, index);
  return balanceRecord(game, index, seatsForGame(match, index).map((spec) => spec.label));
}
