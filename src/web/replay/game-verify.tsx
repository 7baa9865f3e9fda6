/**
 * The end-of-game view's fair-dice check: fetches the finished game's record, rebuilds it here
 * and shows the verify line (loaded lazily, so the game screen's own code stays small).
 */
import { useReplay } from './use-replay.js';
import { VerifyLine } from './verify-line.js';

export default function GameVerify({ gameID }: { gameID: string }) {
  const { replay, error } = useReplay(gameID);
  if (error) return <p role="status">The dice could not be checked: {error}</p>;
  if (!replay) return <p role="status">Checking the dice in this browser...</p>;
  return <VerifyLine verification={replay.verification} />;
}
