/**
 * A double click's second press selects the word under it or, on a bare stretch of the page, a
 * word somewhere else (the nearest text in the document's order). On the game screen a double click
 * is nearly always a quick player's: Submit pressed twice, the panel shorter under the second
 * press, and a name a screen further down turned blue. A press there selects nothing; one on text
 * of its own (a chat line, a name) or in a field keeps the browser's selection.
 */
import type { MouseEvent } from 'react';

export function keepQuickClicksFromSelecting(event: MouseEvent<HTMLElement>): void {
  const target = event.target;
  if (event.detail < 2 || !(target instanceof HTMLElement) || target.closest('input, textarea, [contenteditable]')) return;
  const ownText = [...target.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
  if (!ownText || target.closest('[data-action-panel]')) event.preventDefault();
}
