/** The profile's recent games, read for the list and the charts. */
import type { inferRouterOutputs } from '@trpc/server';
import type { PlayerGameStats } from '../../engine/state.js';
import type { AppRouter } from '../../server/trpc/router.js';
import { resultOf, type GameResult } from '../history/game-result.js';
import { parseGameStats, type SeatGameStats } from './stats.js';

export type Profile = inferRouterOutputs<AppRouter>['users']['profile'];

export interface RecentSeat {
  userID: string;
  botType: string | null;
  stats: SeatGameStats | null;
}

export interface RecentGame {
  id: string;
  start: number;
  end: number | null;
  seats: RecentSeat[];
  /** The profile owner's stats in this game (null while it is played). */
  mine: PlayerGameStats | null;
  /**
   * The winner's favor (null while it is played): the most a seat the server recorded as winning
   * scored. Not simply the most anyone scored: a seat whose player left, or let a stand-in bot make
   * most of their choices, may have scored more and lost all the same (src/shared/forfeit.ts). The
   * most anyone scored when no seat won (every seat forfeited).
   */
  winnerFavor: number | null;
  /** How the profile owner finished: won, lost or their place (null while it is played). */
  result: GameResult | null;
}

export function recentGamesOf(profile: Profile): RecentGame[] {
  return profile.recentGames.map((game) => {
    const seats = game.players.map((p) => ({ userID: p.userID, botType: p.botType, stats: parseGameStats(p.gameStatsJSON) }));
    const finished = game.endTimestamp !== null && seats.some((s) => s.stats);
    const mine = seats.find((s) => s.userID === profile.user.id)?.stats ?? null;
    return {
      id: game.id,
      start: game.startTimestamp,
      end: game.endTimestamp,
      seats,
      mine: finished ? mine : null,
      winnerFavor: finished ? winnerFavorOf(seats) : null,
      result:
        finished && mine
          ? resultOf(
              seats.map((s) => ({ userID: s.userID, favor: s.stats?.score ?? 0, won: s.stats?.won === true, forfeit: s.stats?.forfeit ?? null })),
              profile.user.id,
            )
          : null,
    };
  });
}

function winnerFavorOf(seats: readonly RecentSeat[]): number {
  const scores = (of: readonly RecentSeat[]) => of.map((s) => s.stats?.score ?? 0);
  const winners = seats.filter((s) => s.stats?.won === true);
  return Math.max(...scores(winners.length > 0 ? winners : seats));
}

/** A finished recent game: its end, the owner's stats and result, and the winner's favor all known. */
export type FinishedGame = RecentGame & { end: number; mine: PlayerGameStats; winnerFavor: number; result: GameResult };

/**
 * The finished ones in the order they ended, oldest first: the order of a chart over time, and
 * the rating history's, so that "Game 3" of one chart is the same game as in the other when both
 * hold it (two games played at once end in another order than they started).
 */
export const finishedOldestFirst = (games: RecentGame[]): FinishedGame[] =>
  games.filter((g): g is FinishedGame => g.end !== null && g.mine !== null && g.winnerFavor !== null && g.result !== null).sort((a, b) => a.end - b.end);

const SHORT_FIELDS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
const SHORT = new Intl.DateTimeFormat(undefined, SHORT_FIELDS);

const TIME_PARTS: ReadonlySet<Intl.DateTimeFormatPartTypes> = new Set(['hour', 'minute', 'dayPeriod']);

/**
 * A short label for when a game started or ended ("24 Nov, 05:16"), in the viewer's language
 * unless `locale` names one. It may wrap only between the date and the time: in a phone's narrow
 * table column "Dec 2, 07:54 PM" broke at every space, over three lines.
 */
export const shortTime = (timestamp: number, locale?: string): string => {
  const parts = (locale === undefined ? SHORT : new Intl.DateTimeFormat(locale, SHORT_FIELDS)).formatToParts(new Date(timestamp));
  const isTime = (i: number) => TIME_PARTS.has(parts[i]!.type);
  return parts
    .map((part, i) => {
      if (part.type !== 'literal') return part.value;
      const between = i > 0 && i < parts.length - 1 && isTime(i - 1) !== isTime(i + 1);
      return between ? part.value : part.value.replace(/\s/g, '\u00a0');
    })
    .join('');
};
