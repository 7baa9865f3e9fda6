import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router-dom';
import { focusPageStartIfLost } from '../lib/focus.js';

/**
 * A page reached by a link opens at its top, as a page loaded afresh does: "Watch the replay",
 * pressed at the foot of a game's end view, opened the replay 1,200 px down, its controls out of
 * sight. Back and forward (POP) keep the position the browser gives back, and a link to a place in
 * a page (#) goes there. A keyboard's focus lost on the way starts at the page's top too
 * (lib/focus.ts), whichever way the page was reached.
 */
export function useTopOfNewPage(pathname: string): void {
  const navigation = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigation !== 'POP' && window.location.hash === '') window.scrollTo(0, 0);
    focusPageStartIfLost();
  }, [pathname, navigation]);
}
