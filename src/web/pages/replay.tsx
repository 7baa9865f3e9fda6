/** /game/:gameID/replay: a finished game's replay, rebuilt and checked in the browser (login required). */
import { useParams } from 'react-router-dom';
import { ReplayScreen } from '../replay/replay-screen.js';

export function Page() {
  const { gameID = '' } = useParams();
  return <ReplayScreen key={gameID} gameID={gameID} />;
}
