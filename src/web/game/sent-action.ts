/**
 * The action sent and not yet shown, laid over the game's view (pending-action.ts) by the
 * component that draws the table: a click draws it and what is under it again, not the page above
 * with its queries and subscription (use-game-state.ts, whose `act` sets it through a `SentCell`).
 * A module of its own, so that tests which stand in for the live state keep the overlay.
 */
import { useLayoutEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import type { GameScreenState } from './model.js';
import { withPendingAction, type PendingAction } from './pending-action.js';

/** The setter of the action sent and not yet shown, given by the component that holds it (none before it is drawn). */
export interface SentCell {
  set: Dispatch<SetStateAction<PendingAction | null>> | null;
}

/**
 * The screen's state: `view` with the action sent and not yet shown laid over it. Called by the
 * component that draws the table, so a click draws it and what is under it again, not the page
 * above with its queries. The setter is handed over as the component is committed, before the
 * browser paints it: a passive effect could run after a first click on its buttons, whose result
 * would then not show until the server answered. The overlay goes in the same transition as the
 * step that holds it (both are set in one).
 */
export function useSentAction(view: GameScreenState, cell: SentCell): GameScreenState {
  const [pending, setPending] = useState<PendingAction | null>(null);
  useLayoutEffect(() => {
    cell.set = setPending;
    return () => {
      if (cell.set === setPending) cell.set = null;
    };
  }, [cell]);
  return useMemo(() => withPendingAction(view, pending), [view, pending]);
}
