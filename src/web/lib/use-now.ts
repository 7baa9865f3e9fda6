import { useEffect, useState } from 'react';

/**
 * This device's time, again every `everyMs` while `ticking`, and at once when it starts (a clock
 * shown again after a pause reads the time, not the moment it stopped). The game's clocks, its
 * running time and Play now's countdown each tick by it.
 */
export function useNow(ticking: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}
