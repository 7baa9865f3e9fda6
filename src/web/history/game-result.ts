/**
 * A finished game's result for one of its players, in the words every list of games uses: the
 * profile's recent games and their charts, and "Your games". The winner "Won" ("Shared win" when
 * equal favor shared it); in a game of two the other "Lost"; in a bigger game everyone else is
 * told their place ("2nd of 3"), for a player who came second of four and gained rating did not
 * lose. A player whose game counted as a loss whatever they scored (they left, or a bot made most
 * of their choices) "Lost", as the ratings have it.
 *
 * One place rule (`placeOf`) serves these lists and the end-of-game view (`viewerPlace`), as the
 * ratings count: equal favor shares a place (1st, 2nd, 2nd, 4th), those who forfeited come after
 * everyone who stayed, and nobody who did not win is placed level with a winner.
 */
import type { Forfeit } from '../../shared/forfeit.js';

/** A seat of a finished game as the server recorded it: its favor, whether it won, and any forfeit. */
export interface FinishedSeat {
  userID: string;
  favor: number;
  won: boolean;
  forfeit: Forfeit | null;
}

export type GameResult = { kind: 'won'; shared: boolean } | { kind: 'lost' } | { kind: 'placed'; place: number; of: number };

/** `userID`'s result among `seats` (every seat of the game), or null if they did not play in it. */
export function resultOf(seats: readonly FinishedSeat[], userID: string): GameResult | null {
  const mine = seats.find((s) => s.userID === userID);
  if (!mine) return null;
  if (mine.won) return { kind: 'won', shared: seats.filter((s) => s.won).length > 1 };
  if (mine.forfeit !== null || seats.length <= 2) return { kind: 'lost' };
  return { kind: 'placed', place: placeOf(seats, mine), of: seats.length };
}

/**
 * The place of `seat`, one who stayed and did not win: one after everyone who stayed with more
 * favor, and never level with a winner (the engine's tie-break may have put a winner first among
 * equal favor).
 */
export function placeOf(seats: readonly Pick<FinishedSeat, 'favor' | 'won' | 'forfeit'>[], seat: Pick<FinishedSeat, 'favor'>): number {
  const ahead = seats.filter((s) => s.forfeit === null && s.favor > seat.favor).length;
  return Math.max(ahead + 1, seats.filter((s) => s.won).length + 1);
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const last = n % 10;
  const teen = Math.floor(n / 10) % 10 === 1;
  return `${n}${teen || last === 0 || last > 3 ? 'th' : ['st', 'nd', 'rd'][last - 1]}`;
}

/** The result as a badge, an axis label and a table cell say it: 'Won', 'Shared win', 'Lost' or '2nd of 3'. */
export function resultWords(result: GameResult): string {
  if (result.kind === 'won') return result.shared ? 'Shared win' : 'Won';
  return result.kind === 'lost' ? 'Lost' : `${ordinal(result.place)} of ${result.of}`;
}
