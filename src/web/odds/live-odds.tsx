/**
 * The game screen's odds: the bar while the game runs (and its final split after) and, once it
 * ended, the odds over the game, worked out from its replay (ended-odds.tsx). The bar (`shown`) is
 * for spectators, and for seated players only when the lobby turned on "Show odds to players"; the
 * chart after the game is for everyone, seated or not (the game is over, nothing left to give away).
 */
import { lazy, Suspense, useMemo } from 'react';
import { Paper } from '@mantine/core';
import { nameOf, type GameScreenState } from '../game/model.js';
import { OddsBar, type OddsSeat } from './odds-bar.js';
import { useOdds } from './use-odds.js';

const EndedOdds = lazy(() => import('./ended-odds.js'));

export function LiveOdds({ gameID, state, shown }: { gameID: string; state: GameScreenState; shown: boolean }) {
  const source = useMemo(() => (shown ? { ...state.game, cardsByID: state.cardsByID, tributeCardsByID: state.tributeCardsByID, events: [] } : null), [shown, state.game, state.cardsByID, state.tributeCardsByID]);
  const current = useOdds(gameID, source);
  const seats: OddsSeat[] = useMemo(
    () => state.game.players.map((p) => ({ userID: p.userID, color: p.color, name: nameOf(state, p.userID) })),
    [state],
  );
  const ended = state.game.gameEndTimestamp !== null;
  if (!shown && !ended) return null;
  return (
    <>
      {shown ? <OddsBar seats={seats} shares={current?.shares ?? null} pending={current !== null && current.sequenceID !== state.game.sequenceID} /> : null}
      {ended ? (
        <Paper p="xs" my={6} withBorder style={{ background: '#1b1530', color: '#f7f0e1' }}>
          <Suspense fallback={null}>
            <EndedOdds gameID={gameID} seats={seats} />
          </Suspense>
        </Paper>
      ) : null}
    </>
  );
}
