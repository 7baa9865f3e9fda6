/**
 * Ratings beside names: one `ratings.ofUsers` query for every name on a page (a lobby, the lobby
 * list, a game's table), never one per name, and the small tag that shows a rating as the
 * leaderboard does ("1512", "1500?" while provisional).
 */
import { useEffect, useMemo } from 'react';
import { Text } from '@mantine/core';
import { forfeitsIn, type Forfeit } from '../../shared/forfeit.js';
import type { EndRatingChange, UnratedReason } from '../game/presentation/end-rating-source.js';
import { trpc } from '../lib/trpc.js';
import classes from './ratings.module.css';
import { useIDBatches } from '../lib/id-batches.js';

export interface ShownRating {
  rating: number;
  provisional: boolean;
}

/** A rating as shown: the number, with "?" while it is provisional. (Here, not beside the rating
 * chart, so a page that shows ratings does not load the chart's module.) */
export const shownRating = (r: ShownRating) => `${r.rating}${r.provisional ? '?' : ''}`;

/** A rating in a sentence, where the "?" read as a question: "rated 1500?." became "rated 1500 (provisional)." */
export const ratingInWords = (r: ShownRating) => `${r.rating}${r.provisional ? ' (provisional)' : ''}`;

/** The ratings of these users, by id (absent until loaded, and for ids the server does not know). */
export function useShownRatings(ids: readonly string[]): Record<string, ShownRating> {
  const batches = useIDBatches(ids);
  const results = trpc.useQueries((t) => batches.map((userIDs) => t.ratings.ofUsers({ userIDs }, { staleTime: 30_000 })));
  return useMemo(() => Object.assign({}, ...results.map((r) => r.data ?? {})) as Record<string, ShownRating>, [results]);
}

/**
 * A rating beside a name, said in words to screen readers ("rated 1500, provisional"). Gold on
 * the night's dark surfaces; on parchment (lobby pages) pass `c="dimmed"`, which parchment makes brown.
 */
export function RatingTag({ rating, size = 'xs', c = 'gold.2' }: { rating: ShownRating | undefined; size?: 'xs' | 'sm'; c?: string }) {
  if (!rating) return null;
  return (
    <Text
      span
      size={size}
      c={c}
      fw={600}
      className={`mythos-rating ${classes.rating}`}
      data-rating={rating.rating}
      data-provisional={rating.provisional ? 'true' : undefined}
      title={rating.provisional ? `Rating ${rating.rating}, provisional: too few games to say much yet` : `Rating ${rating.rating}`}
    >
      <span aria-hidden>{shownRating(rating)}</span>
      <span className="mythos-visually-hidden">{`, rated ${rating.rating}${rating.provisional ? ', provisional' : ''}`}</span>
    </Text>
  );
}

/** A rating change as shown: "+12", "−8" (a true minus sign), "±0". */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return '\u00b10';
}

/** The colour of a change: green up, red down, grey none. */
export const changeColor = (change: number): string => (change > 0 ? 'teal.4' : change < 0 ? 'red.4' : 'dimmed');

const noChanges = {};

/**
 * Why a finished game of people moved no rating (`ratings.whyUnrated`; nothing while it runs), or
 * undefined while the answer is on its way (a refused ask is taken as no reason: the end view
 * that waits for it must not wait for ever).
 */
export function useFetchedUnratedReason(gameID: string, ended: boolean): UnratedReason | null | undefined {
  const query = trpc.ratings.whyUnrated.useQuery({ gameID }, { enabled: ended, staleTime: Infinity });
  if (ended && query.isPending) return undefined;
  return query.data?.reason ?? null;
}

/**
 * How a finished game moved each person's rating, by user id (`ratings.ofGame`; nothing while it
 * runs, and nothing for a game not rated).
 */
export function useFetchedGameRatingChanges(gameID: string, ended: boolean): Record<string, EndRatingChange> | null {
  const query = trpc.ratings.ofGame.useQuery({ gameID }, { enabled: ended, staleTime: Infinity });
  // The game moved these ratings: the ones beside the names (read while it ran) are read again.
  const utils = trpc.useUtils();
  const moved = query.data !== undefined && Object.keys(query.data).length > 0;
  useEffect(() => {
    if (moved) void utils.ratings.ofUsers.invalidate();
  }, [moved, utils]);
  if (query.isLoading) return null;
  return query.data ?? noChanges;
}

const noForfeits: ReadonlyMap<string, Forfeit> = new Map();

/**
 * Who lost a finished game whatever their seat scored, and why: the person left, or a stand-in bot
 * made most of their decisions (src/shared/forfeit.ts), rated or not. That is read from the game's
 * record, the one the end-of-game view's dice check fetches (one request for both), which says it
 * as the server recorded it (a player who left after their last decision among them); null while
 * it is fetched, none while the game runs or when the record cannot be had.
 */
export function useFetchedForfeits(gameID: string, ended: boolean): ReadonlyMap<string, Forfeit> | null {
  const record = trpc.replays.get.useQuery({ gameID }, { enabled: ended, staleTime: Infinity, gcTime: 5 * 60_000, retry: false });
  const { data } = record;
  return useMemo(() => (record.isLoading ? null : data ? forfeitsIn(data) : noForfeits), [record.isLoading, data]);
}
