/** /game/:gameID: the game screen, for players and spectators (login required: the route's guard). */
import { useMemo, useState } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { useParams } from 'react-router-dom';
import { GameScreen } from '../game/game-screen.js';
import { usePresentationPlaying } from '../game/presentation/use-event-animations.js';
import { ForfeitsSource, NamesRatingsSource, RatingChangesSource, UnratedReasonSource } from '../game/presentation/end-rating-source.js';
import { RematchSource } from '../game/presentation/end-rematch.js';
import { VerifySource } from '../game/presentation/end-verify.js';
import { useFetchedForfeits, useFetchedGameRatingChanges, useFetchedUnratedReason, useShownRatings, type ShownRating } from '../ratings/ratings.js';
import { trpc } from '../lib/trpc.js';

// Loaded when a game ends, so the game screen's own code stays small (the end-of-game view that
// shows them is in a Suspense of its own).
const GameVerify = retryingLazy(() => import('../replay/game-verify.js'));
const Rematch = retryingLazy(() => import('../game/rematch.js').then((m) => ({ default: m.Rematch })));

type Ratings = Readonly<Record<string, ShownRating>>;

const sameRatings = (a: Ratings, b: Ratings): boolean => {
  const ids = Object.keys(a);
  return ids.length === Object.keys(b).length && ids.every((id) => b[id]?.rating === a[id]!.rating && b[id]?.provisional === a[id]!.provisional);
};

/**
 * The ratings beside the names as they stood before what the screen still plays out: the game's
 * end moves them on the server, and the page reads them again, while its last clash may still be
 * rolling; a player's "1500?" turned "1410?" before the dice said who won. A changed rating shows
 * once nothing plays (with the end view); a name with no rating on screen yet shows its own at once.
 *
 * Once the game has ended, a person it rated shows the rating it left them with (`ratings.ofGame`,
 * fetched by the end view: this only reads it), as the end view and the replay's last step do: a
 * game opened again after more games showed today's rating beside the name, "1450?", under an end
 * view that said "Your rating: 1500? → 1473?".
 */
function useRatingsOnScreen(userIDs: readonly string[]): Ratings {
  const { gameID = '' } = useParams();
  const current = useShownRatings(userIDs);
  // Never fetched here: asked for while the game runs, its empty answer would be kept (staleTime
  // Infinity) and the end view would wait on it for nothing.
  const changes = trpc.ratings.ofGame.useQuery({ gameID }, { enabled: false, staleTime: Infinity }).data;
  const today = useMemo(() => {
    const left = Object.entries(changes ?? {});
    return left.length === 0 ? current : { ...current, ...Object.fromEntries(left.map(([id, c]) => [id, { rating: c.after, provisional: c.provisional }])) };
  }, [current, changes]);
  const playing = usePresentationPlaying();
  const [held, setHeld] = useState(today);
  const same = sameRatings(held, today);
  if (!playing && !same) setHeld(today);
  return playing && !same ? { ...today, ...held } : today;
}

export function Page() {
  const { gameID = '' } = useParams();
  // What the end-of-game view shows from the server comes through this page: the rating changes
  // (or why there are none), who forfeited, and the bots' fixed ratings, Rematch for the game's
  // players, and the dice checked in this browser.
  return (
    <RatingChangesSource.Provider value={useFetchedGameRatingChanges}>
      <ForfeitsSource.Provider value={useFetchedForfeits}>
        <UnratedReasonSource.Provider value={useFetchedUnratedReason}>
          <NamesRatingsSource.Provider value={useRatingsOnScreen}>
            <RematchSource.Provider value={Rematch}>
              <VerifySource.Provider value={GameVerify}>
                <GameScreen key={gameID} gameID={gameID} />
              </VerifySource.Provider>
            </RematchSource.Provider>
          </NamesRatingsSource.Provider>
        </UnratedReasonSource.Provider>
      </ForfeitsSource.Provider>
    </RatingChangesSource.Provider>
  );
}
