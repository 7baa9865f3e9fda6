/**
 * A counter that ticks towards its new value (favor, gold ...), one step at least 50 ms apart,
 * instead of jumping. With animations disabled it jumps.
 */
import { useEffect, useRef, useState } from 'react';
import { useDisableAnimations } from './prefs.js';
import { TICK_MS, tickValues } from './ticking.js';

export function useTickingNumber(value: number, { disabled = false, tickMs = TICK_MS }: { disabled?: boolean; tickMs?: number } = {}): number {
  const off = useDisableAnimations() || disabled;
  const [shown, setShown] = useState(value);
  const current = useRef(value);

  useEffect(() => {
    if (off) {
      current.current = value;
      setShown(value);
      return;
    }
    const values = tickValues(current.current, value);
    if (values.length === 0) return;
    // One timeout per step, each set when the step before is shown: an interval late for one step
    // (a busy page) fires the next on its old schedule, sooner than 50 ms after.
    let i = 0;
    let timer = 0;
    const step = () => {
      current.current = values[i]!;
      setShown(values[i]!);
      i++;
      if (i < values.length) timer = window.setTimeout(step, Math.max(TICK_MS, tickMs));
    };
    timer = window.setTimeout(step, Math.max(TICK_MS, tickMs));
    return () => window.clearTimeout(timer);
  }, [value, off, tickMs]);

  return off ? value : shown;
}
