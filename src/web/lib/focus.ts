/**
 * Whether the keyboard's focus is nowhere: on the page's body (where a browser drops it when the
 * focused element goes away or can no longer be focused) or on nothing. The game screen and the
 * dialogs then give it a place, so that the next Tab does not start from the page's top.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}
