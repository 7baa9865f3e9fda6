/**
 * The game screen's odds: the bar while the game runs (and its final split after) and, once it
 * ended, the odds over the game, worked out from its replay (ended-odds.tsx). The bar (`shown`) is
 * for spectators, and for seated players only when the lobby turned on "Show odds to players"; the
 * chart after the game is for everyone, seated or not (the game is over, nothing left to give away).
 * Each is a part that may fail alone (`PartBoundary`): the game screen stays whatever they do.
 */
import { Suspense, useMemo } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Paper, Text } from '@mantine/core';
import { nameOf, type GameScreenState } from '../game/model.js';
import { CHART_STARTING, HiddenFavorOdds, OddsBar, type OddsSeat } from './odds-bar.js';
import classes from './odds.module.css';
import { PartBoundary } from '../components/part-boundary.js';

const EndedOdds = retryingLazy(() => import('./ended-odds.js'));
// The bar's source (the odds worker's client and the engine's spectator view), only when it is shown.
const LiveOddsBar = retryingLazy(() => import('./live-odds-bar.js'));

/** `ended`: the game is over on screen (by default, once its state says so). */
export function LiveOdds({ gameID, state, shown, ended = state.game.gameEndTimestamp !== null }: { gameID: string; state: GameScreenState; shown: boolean; ended?: boolean }) {
  const seats: OddsSeat[] = useMemo(
    () => state.game.players.map((p) => ({ userID: p.userID, color: p.color, name: nameOf(state, p.userID) })),
    [state],
  );
  if (!shown && !ended) return null;
  if (state.game.options.hideFavor) return <HiddenFavorOdds />;
  return (
    <>
      {/* Until its chunk arrives, the bar as it is before the worker's first answer: the same height. */}
      {shown ? (
        <PartBoundary what="The odds">
          <Suspense fallback={<OddsBar seats={seats} shares={null} />}>
            <LiveOddsBar gameID={gameID} state={state} seats={seats} />
          </Suspense>
        </PartBoundary>
      ) : null}
      {ended ? (
        <Paper p="xs" my={6} withBorder className={classes.panel}>
          {/* Until its chunk and the game's replay arrive, what the chart will say meanwhile, not an empty box. */}
          <PartBoundary what="The odds over the game">
            <Suspense fallback={<Text size="xs">{CHART_STARTING}</Text>}>
              <EndedOdds gameID={gameID} seats={seats} />
            </Suspense>
          </PartBoundary>
        </Paper>
      ) : null}
    </>
  );
}
