/** /game/:gameID: the game screen, for players and spectators (login required). */
import { useParams } from 'react-router-dom';
import { RequireUser } from '../components/guards.js';
import { GameScreen } from '../game/game-screen.js';
import { RatingChangesSource } from '../game/presentation/end-ratings.js';
import { RematchSource } from '../game/presentation/end-rematch.js';
import { Rematch } from '../game/rematch.js';
import { useFetchedGameRatingChanges } from '../ratings/ratings.js';

export function Page() {
  const { gameID = '' } = useParams();
  return (
    <RequireUser>
      {/* The end-of-game view's rating changes come from the server through this page. */}
      <RatingChangesSource.Provider value={useFetchedGameRatingChanges}>
        {/* So is Rematch, for the game's players. */}
        <RematchSource.Provider value={Rematch}>
          <GameScreen key={gameID} gameID={gameID} />
        </RematchSource.Provider>
      </RatingChangesSource.Provider>
    </RequireUser>
  );
}
