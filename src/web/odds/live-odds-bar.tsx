/**
 * The live odds bar with its source: the page's odds worker (odds-client.ts, with the engine's
 * spectator view). A chunk of its own, loaded only when the bar is shown (live-odds.tsx): a seated
 * player without "Show odds to players" never needs it.
 */
import { useMemo } from 'react';
import type { GameScreenState } from '../game/model.js';
import { OddsBar, type OddsSeat } from './odds-bar.js';
import { useOdds } from './use-odds.js';

export default function LiveOddsBar({ gameID, state, seats }: { gameID: string; state: GameScreenState; seats: OddsSeat[] }) {
  const source = useMemo(() => ({ ...state.game, cardsByID: state.cardsByID, tributeCardsByID: state.tributeCardsByID, events: [] }), [state.game, state.cardsByID, state.tributeCardsByID]);
  const current = useOdds(gameID, source);
  return <OddsBar seats={seats} shares={current?.shares ?? null} pending={current !== null && current.sequenceID !== state.game.sequenceID} ended={state.game.gameEndTimestamp !== null} />;
}
