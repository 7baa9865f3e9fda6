/**
 * A counter that ticks towards its new value (favor, gold ...), one step at least 50 ms apart,
 * instead of jumping. With animations disabled it jumps, and under `CountersJump` too.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDisableAnimations } from './prefs.js';
import { TICK_MS, tickValues } from './ticking.js';

/**
 * True where the values shown come from a jump rather than a step of play (a replay moved more
 * than one step at once): the counters show them at once. Ticking up from a step far back, a
 * player's favor still read 14 almost a second after the replay had jumped to where it was 34.
 */
export const CountersJump = createContext(false);

export function useTickingNumber(value: number, { disabled = false, tickMs = TICK_MS }: { disabled?: boolean; tickMs?: number } = {}): number {
  const jump = useContext(CountersJump);
  const off = useDisableAnimations() || jump || disabled;
  const [shown, setShown] = useState(value);
  // The values still to show, in order.
  const [ticks, setTicks] = useState<readonly number[]>([]);
  const shownNow = useRef(value);
  useEffect(() => {
    shownNow.current = shown;
  }, [shown]);
  // The value as of the latest commit. A tick belongs to the ticks towards one value (the last of
  // them): once the value has changed, a tick still planned for the old one is dropped. On a busy
  // page its timer can fire between the commit of the new value and the effect that plans the new
  // ticks, and it showed the old value's next step for good (a clash's counter stuck one ahead
  // while the dice rolled, when the screen held the game from before the clash).
  const target = useRef(value);
  useLayoutEffect(() => {
    target.current = value;
  }, [value]);

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
      if (ticks.at(-1) !== target.current) return;
      setShown(ticks[0]!);
      setTicks(ticks.slice(1));
    }, Math.max(TICK_MS, tickMs));
    return () => window.clearTimeout(timer);
  }, [ticks, tickMs]);

  return off ? value : shown;
}
