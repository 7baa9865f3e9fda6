/** The router's address, shown for a test to read: where a page sent the person, if anywhere, and the query it keeps. */
import { useLocation } from 'react-router-dom';

export function ShownAddress() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

/** The address `ShownAddress` shows: its path and query. */
export const shownAddress = (): string => document.querySelector('[data-testid="address"]')!.textContent!;

/** The path of the address `ShownAddress` shows. */
export const shownPath = (): string => shownAddress().split('?')[0]!;
