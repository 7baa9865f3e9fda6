/**
 * The game screen's odds: the bar while the game runs (and its final split after) and, once it
 * ended, the odds over the game, worked out from its replay (ended-odds.tsx). Shown to spectators,
 * and to seated players only when the lobby turned on "Show odds to players".
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
  if (!shown) return null;
  const ended = state.game.gameEndTimestamp !== null;
  return (
    <>
      <OddsBar seats={seats} shares={current?.shares ?? null} pending={current !== null && current.sequenceID !== state.game.sequenceID} />
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
