/**
 * Where the keyboard's focus is when nobody put it anywhere. A browser drops it on the page's
 * body when the focused element goes away (a button that opened the next page, a control a step
 * took away); the next Tab then starts from wherever that element stood, not from the page's top.
 */

/** The place at the top of every page (skip-links.tsx) that a new page puts a lost focus on, before its skip links. */
export const PAGE_START_ID = 'page-start';

/**
 * Whether the keyboard's focus is nowhere: on the page's body or on nothing, or at the page's start
 * where a new page put it. The game screen and the dialogs then give it a place.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.id === PAGE_START_ID;
}

/**
 * A page reached by a link or a button starts the keyboard at its top, as a page loaded afresh
 * does, when the focus was lost on the way (the button that led there went with the page before):
 * after Start Game, the next Tab went to the game's "Mute sounds", past the skip links that lead
 * to the player's move. A focus that stayed (the header's links) is left where it is.
 */
export function focusPageStartIfLost(): void {
  if (focusIsLost()) document.getElementById(PAGE_START_ID)?.focus({ preventScroll: true });
}
