/**
 * The game screen's odds: the bar while the game runs and, after it, the odds over time (what was
 * accumulated while this page watched). Shown to spectators, and to seated players only when the
 * lobby turned on "Show odds to players".
 */
import { lazy, Suspense, useMemo } from 'react';
import { Paper } from '@mantine/core';
import { nameOf, type GameScreenState } from '../game/model.js';
import { OddsBar, type OddsSeat } from './odds-bar.js';
import { useOdds } from './use-odds.js';

const OddsChart = lazy(() => import('./odds-chart.js'));

export function LiveOdds({ state, shown }: { state: GameScreenState; shown: boolean }) {
  const { current, history } = useOdds(state, shown);
  const seats: OddsSeat[] = useMemo(
    () => state.game.players.map((p) => ({ userID: p.userID, color: p.color, name: nameOf(state, p.userID) })),
    [state],
  );
  if (!shown) return null;
  const ended = state.game.gameEndTimestamp !== null;
  return (
    <>
      <OddsBar seats={seats} shares={current?.shares ?? null} pending={current !== null && current.sequenceID !== state.game.sequenceID} />
      {ended && history.length >= 2 ? (
        <Paper p="xs" my={6} withBorder style={{ background: '#1b1530', color: '#f7f0e1' }}>
          <Suspense fallback={null}>
            <OddsChart seats={seats} history={history} />
          </Suspense>
        </Paper>
      ) : null}
    </>
  );
}
