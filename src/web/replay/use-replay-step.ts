/**
 * The step a replay shows, and the one way to move it. The step lives in the address (`?step=N`,
 * replacing the entry, so Back leaves the replay instead of stepping back through it), so a
 * turning point's link, an address typed or pasted and a move are all one thing: the router's
 * location. A move writes the address and the screen draws once, from it. (A copy of the step in
 * the page's state drew the whole screen twice a step, once for the state and again for the
 * router's new location: 40% of a step's script on the replay page.)
 *
 * A move is worked out from the step last asked for, not from the one the screen last drew: keys
 * pressed faster than the screen draws a step (a held arrow key, on a slow phone) each count.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A step to go to, or how to get there from the step the replay is at. */
export type StepMove = number | ((current: number) => number);

export function useReplayStep(last: number): [step: number, go: (move: StepMove) => void] {
  const [params, setParams] = useSearchParams();
  const clamp = useCallback((step: number) => Math.min(Math.max(Math.round(step), 0), last), [last]);
  const asked = Number.parseInt(params.get('step') ?? '0', 10);
  const step = clamp(Number.isFinite(asked) ? asked : 0);
  /** The step last asked for: the address's, or ahead of it while our writes land. */
  const target = useRef(step);
  /** Our writes not seen in the address yet: a quick run of moves can land after the next one is made. */
  const ours = useRef<number[]>([]);

  useEffect(() => {
    const landed = ours.current.indexOf(step);
    if (landed >= 0) {
      ours.current.splice(0, landed + 1);
      return;
    }
    // Changed by something else (a link, Back, a typed address): moves go on from there.
    ours.current = [];
    target.current = step;
  }, [step]);

  const go = useCallback(
    (move: StepMove) => {
      const next = clamp(typeof move === 'function' ? move(target.current) : move);
      if (next === target.current) return;
      target.current = next;
      ours.current.push(next);
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.set('step', String(next));
          return out;
        },
        { replace: true },
      );
    },
    [clamp, setParams],
  );
  return [step, go];
}
