/**
 * The end-of-game view's odds over the game: worked out from the finished game's replay (the
 * record the fair-dice line fetches too), so a page opened after the game ended shows the same
 * chart as one that watched it, with turning points linked to the replay. Loaded lazily with the
 * end, so the game screen's own code stays small.
 */
import { useMemo } from 'react';
import { useReplay } from '../replay/use-replay.js';
import { GameOddsChart } from './game-odds-chart.js';
import type { OddsSeat } from './odds-bar.js';

export default function EndedOdds({ gameID, seats }: { gameID: string; seats: readonly OddsSeat[] }) {
  const { replay, error } = useReplay(gameID);
  const games = useMemo(() => replay?.moments.map((m) => m.game) ?? null, [replay]);
  if (error) return <p role="status">The odds over the game cannot be shown: {error}</p>;
  return <GameOddsChart id={gameID} games={games} seats={seats} linkTo={(step) => `/game/${gameID}/replay?step=${step}`} />;
}
