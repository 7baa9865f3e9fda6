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
  // The values still to show, in order.
  const [ticks, setTicks] = useState<readonly number[]>([]);
  const shownNow = useRef(value);
  useEffect(() => {
    shownNow.current = shown;
  }, [shown]);

  // A new value: the ticks from what is on screen now.
  useEffect(() => {
    if (off) {
      setShown(value);
      setTicks([]);
      return;
    }
    setTicks(tickValues(shownNow.current, value));
  }, [value, off]);

  // The next tick is timed from this effect, which runs once the tick before is on screen: timed
  // from the state update instead, a busy page that commits late shows two ticks closer than 50 ms.
  useEffect(() => {
    if (ticks.length === 0) return;
    const timer = window.setTimeout(() => {
      setShown(ticks[0]!);
      setTicks(ticks.slice(1));
    }, Math.max(TICK_MS, tickMs));
    return () => window.clearTimeout(timer);
  }, [ticks, tickMs]);

  return off ? value : shown;
}
