/**
 * The ratings beside the names in a replay, as they were at the step shown rather than today's
 * (a player who had played since showed, from the game's first step, a rating the game never
 * saw). A person's is the one the game started from until its end, then the one it left them
 * with (`ratings.ofGame`); a bot's is fixed; a person in a game that moved no rating shows none.
 */
import { useCallback, useMemo } from 'react';
import type { NameRating } from '../game/presentation/end-rating-source.js';
import { trpc } from '../lib/trpc.js';
import { useShownRatings } from '../ratings/ratings.js';

interface Seat {
  userID: string;
  botType: string | null;
}

/**
 * The source for NamesRatingsSource: it calls no hook, so a new one each step is safe where the
 * context otherwise wants one for as long as it is mounted.
 */
export function useRatingsThen(gameID: string, seats: readonly Seat[], ended: boolean): () => Readonly<Record<string, NameRating>> {
  const botIDs = useMemo(() => seats.filter((s) => s.botType !== null).map((s) => s.userID), [seats]);
  const bots = useShownRatings(botIDs);
  const changes = trpc.ratings.ofGame.useQuery({ gameID }, { staleTime: Infinity, retry: false });
  const then = useMemo(() => {
    const out: Record<string, NameRating> = {};
    for (const id of botIDs) if (bots[id]) out[id] = bots[id];
    for (const [userID, c] of Object.entries(changes.data ?? {})) {
      out[userID] = ended ? { rating: c.after, provisional: c.provisional } : { rating: c.before, provisional: c.provisionalBefore };
    }
    return out;
  }, [botIDs, bots, changes.data, ended]);
  return useCallback(() => then, [then]);
}
