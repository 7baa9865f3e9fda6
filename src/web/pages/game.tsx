/** /game/:gameID: the game screen, for players and spectators (login required). */
import { useParams } from 'react-router-dom';
import { RequireUser } from '../components/guards.js';
import { GameScreen } from '../game/game-screen.js';

export function Page() {
  const { gameID = '' } = useParams();
  return (
    <RequireUser>
      <GameScreen key={gameID} gameID={gameID} />
    </RequireUser>
  );
}
