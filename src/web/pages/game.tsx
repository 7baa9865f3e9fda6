/** /game/:gameID: the game screen, for players and spectators (login required: the route's guard). */
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { GameScreen } from '../game/game-screen.js';
import { NamesRatingsSource, RatingChangesSource, UnratedReasonSource } from '../game/presentation/end-rating-source.js';
import { RematchSource } from '../game/presentation/end-rematch.js';
import { VerifySource } from '../game/presentation/end-verify.js';
import { useFetchedGameRatingChanges, useFetchedUnratedReason, useShownRatings } from '../ratings/ratings.js';

// Loaded when a game ends, so the game screen's own code stays small (the end-of-game view that
// shows them is in a Suspense of its own).
const GameVerify = lazy(() => import('../replay/game-verify.js'));
const Rematch = lazy(() => import('../game/rematch.js').then((m) => ({ default: m.Rematch })));

export function Page() {
  const { gameID = '' } = useParams();
  // What the end-of-game view shows from the server comes through this page: the rating changes
  // (or why there are none) and the bots' fixed ratings, Rematch for the game's players, and the
  // dice checked in this browser.
  return (
    <RatingChangesSource.Provider value={useFetchedGameRatingChanges}>
      <UnratedReasonSource.Provider value={useFetchedUnratedReason}>
        <NamesRatingsSource.Provider value={useShownRatings}>
          <RematchSource.Provider value={Rematch}>
            <VerifySource.Provider value={GameVerify}>
              <GameScreen key={gameID} gameID={gameID} />
            </VerifySource.Provider>
          </RematchSource.Provider>
        </NamesRatingsSource.Provider>
      </UnratedReasonSource.Provider>
    </RatingChangesSource.Provider>
  );
}
