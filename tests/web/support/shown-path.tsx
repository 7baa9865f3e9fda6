/** The router's path, shown for a test to read: where a page sent the person, if anywhere. */
import { useLocation } from 'react-router-dom';

export function ShownPath() {
  return <p data-testid="shown-path">{useLocation().pathname}</p>;
}

/** The path `ShownPath` shows. */
export const shownPath = () => document.querySelector('[data-testid="shown-path"]')!.textContent;
