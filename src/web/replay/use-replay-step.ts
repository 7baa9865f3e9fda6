/**
 * The step a replay shows, and the one way to move it. The step is the page's own state, written
 * into the address (`?step=N`, replacing the entry, so Back leaves the replay instead of stepping
 * back through it) and read back from it when something else changes it (a turning point's link,
 * an address typed or pasted). A move is worked out from the step as it is when the move is made,
 * not as the screen last drew it: keys pressed faster than the screen draws a step (a held arrow
 * key, on a slow phone) each count, where reading the step from the address lost every press that
 * came before the screen caught up.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A step to go to, or how to get there from the step the replay is at. */
export type StepMove = number | ((current: number) => number);

export function useReplayStep(last: number): [step: number, go: (move: StepMove) => void] {
  const [params, setParams] = useSearchParams();
  const clamp = useCallback((step: number) => Math.min(Math.max(Math.round(step), 0), last), [last]);
  const asked = Number.parseInt(params.get('step') ?? '0', 10);
  const inAddress = clamp(Number.isFinite(asked) ? asked : 0);
  const [step, setStep] = useState(inAddress);
  /** The step the address holds, or will once our last write lands. */
  const target = useRef(inAddress);
  /** Our writes not seen in the address yet: a quick run of moves can land after the next one is made. */
  const ours = useRef<number[]>([]);

  useEffect(() => {
    const landed = ours.current.indexOf(inAddress);
    if (landed >= 0) {
      ours.current.splice(0, landed + 1);
      return;
    }
    // Changed by something else: show what it asks for.
    ours.current = [];
    target.current = inAddress;
    setStep(inAddress);
  }, [inAddress]);

  useEffect(() => {
    if (step === target.current) return;
    target.current = step;
    ours.current.push(step);
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('step', String(step));
        return out;
      },
      { replace: true },
    );
  }, [step, setParams]);

  const go = useCallback((move: StepMove) => setStep((current) => clamp(typeof move === 'function' ? move(current) : move)), [clamp]);
  return [clamp(step), go];
}
