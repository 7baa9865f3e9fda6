/**
 * useOdds: a bar's odds for the view on screen (the live game's latest step, or the replay's shown
 * step), from the page's odds worker (odds-client.ts). Each new step asks once, as a spectator
 * sees it; a step that arrives while the worker is busy replaces any step still waiting. Answers
 * are kept per step for the page's life, so stepping back and forth on a replay asks nothing twice.
 */
import { useEffect, useRef, useState } from 'react';
import type { Game } from '../../engine/state.js';
import type { GameView } from '../../engine/view.js';
import { acquireOdds, spectatorView, type OddsHandle, type OddsShares } from './odds-client.js';
import { samplingSeed } from './spectator-view.js';

export type { OddsShares } from './odds-client.js';

/** The odds at one step: the replay's step index (`step`, null on the live game) and the game's sequenceID. */
export interface OddsPoint {
  step: number | null;
  sequenceID: number;
  shares: OddsShares;
  /** The sampling seed of the step's view (`samplingSeed`), when a bar asked for it (a chart's points do without). */
  seed?: number;
}

/**
 * `source`: the game (or a view of it) whose odds to show, or null when the bar is not shown (no
 * worker then). `key`: what identifies the game, so answers of another game are never reused.
 */
export function useOdds(key: string, source: Game | GameView | null): OddsPoint | null {
  const handle = useRef<OddsHandle | null>(null);
  const answers = useRef(new Map<number, OddsPoint>());
  const [, setAnswered] = useState(0);
  const enabled = source !== null;

  useEffect(() => {
    if (!enabled) return;
    const h = acquireOdds();
    handle.current = h;
    return () => {
      h.release();
      handle.current = null;
    };
  }, [enabled]);

  useEffect(() => {
    answers.current = new Map();
  }, [key]);

  const sequenceID = source?.sequenceID ?? -1;
  useEffect(() => {
    const h = handle.current;
    if (!source || !h || answers.current.has(sequenceID)) return;
    // Kept even when the screen moved on meanwhile: it is that step's answer all the same.
    const map = answers.current;
    const view = spectatorView(source);
    // A step that shows a spectator nothing new (a hidden bid) has the answer of the one before it
    // that showed the same: the worker would draw the same samples for nothing.
    const seed = samplingSeed(view);
    const same = [...map.values()].find((point) => point.seed === seed);
    if (same) {
      map.set(sequenceID, { ...same, sequenceID });
      setAnswered((n) => n + 1);
      return;
    }
    void h.ask(view, seed, 'bar', 'now').then((answer) => {
      if (!answer) return;
      map.set(answer.sequenceID, { step: null, sequenceID: answer.sequenceID, shares: answer.shares, seed });
      setAnswered((n) => n + 1);
    });
    // The odds change only with the step (the state's other changes leave them alone).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key, sequenceID]);

  if (!source) return null;
  return answers.current.get(sequenceID) ?? latestBefore(answers.current, sequenceID);
}

/** The newest answer before `sequenceID` (what the bar shows, marked updating, until the step's own comes). */
function latestBefore(answers: Map<number, OddsPoint>, sequenceID: number): OddsPoint | null {
  let best: OddsPoint | null = null;
  for (const point of answers.values()) if (point.sequenceID < sequenceID && (!best || point.sequenceID > best.sequenceID)) best = point;
  return best;
}
