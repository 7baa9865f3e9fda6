/**
 * useOdds: the live odds of the game on screen, from a Web Worker (odds-worker.ts). After each
 * step the latest view goes to the worker (one at a time: a step that arrives while it works
 * waits, and only the newest waiting one is sent); the worker is ended when the page closes or the
 * bar is no longer wanted. The odds over time are accumulated while watching, one point per step
 * answered, for the end-of-game chart.
 */
import { useEffect, useRef, useState } from 'react';
import type { GameView } from '../../engine/index.js';
import type { GameScreenState } from '../game/model.js';
import type { OddsAnswer, OddsRequest } from './odds-worker.js';

export type OddsShares = Record<string, number>;
export interface OddsPoint {
  sequenceID: number;
  shares: OddsShares;
}

/** Time the worker may spend on one step, and its most rollouts. */
const BUDGET_MS = 1_500;
const MAX_ROLLOUTS = 200;

function viewOf(state: GameScreenState): GameView {
  return { ...state.game, cardsByID: state.cardsByID, tributeCardsByID: state.tributeCardsByID, events: [] };
}

export function useOdds(state: GameScreenState, enabled: boolean): { current: OddsPoint | null; history: OddsPoint[] } {
  const [history, setHistory] = useState<OddsPoint[]>([]);
  const worker = useRef<Worker | null>(null);
  const busy = useRef(false);
  const waiting = useRef<GameView | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const w = new Worker(new URL('./odds-worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    const send = (view: GameView) => {
      busy.current = true;
      // The sampling seed: the step's, so the same step always gets the same odds.
      w.postMessage({ view, seed: view.sequenceID, budgetMs: BUDGET_MS, maxRollouts: MAX_ROLLOUTS } satisfies OddsRequest);
    };
    w.onmessage = (e: MessageEvent<OddsAnswer>) => {
      const { sequenceID, shares } = e.data;
      setHistory((old) => (old.length > 0 && old[old.length - 1]!.sequenceID >= sequenceID ? old : [...old, { sequenceID, shares }]));
      busy.current = false;
      const next = waiting.current;
      waiting.current = null;
      if (next) send(next);
    };
    (w as Worker & { send?: (view: GameView) => void }).send = send;
    return () => {
      w.terminate();
      worker.current = null;
      busy.current = false;
      waiting.current = null;
    };
  }, [enabled]);

  const sequenceID = state.game.sequenceID;
  useEffect(() => {
    const w = worker.current as (Worker & { send?: (view: GameView) => void }) | null;
    if (!enabled || !w?.send) return;
    const view = viewOf(state);
    if (busy.current) waiting.current = view;
    else w.send(view);
    // The odds change only with the step (the state's other changes leave them alone).
  }, [enabled, sequenceID]);

  return { current: history.length > 0 ? history[history.length - 1]! : null, history };
}
