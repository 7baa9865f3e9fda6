/**
 * The hand-over of the card gallery's search box, drawn by the page's HTML before any script has
 * run (page-frames.ts), to the page's own (pages/all-cards.tsx): what a visitor typed there before
 * the scripts ran, and the caret if it was there, are kept.
 */
import { FRAME_SEARCH_ATTRIBUTE, GALLERY_SEARCH_MAX_LENGTH } from './gallery-words.js';

/** What the visitor did with the HTML's search box before the page replaced it. */
export interface FrameSearch {
  text: string;
  /** The box had the focus when it was replaced (the caret and selection with it). */
  focused: boolean;
  selection: { start: number; end: number } | null;
}

interface Watched {
  input: HTMLInputElement;
  focused: boolean;
}

/**
 * The HTML's search box, watched from the moment this module runs (before React's first render
 * replaces it): its text stays readable once it is out of the document, its focus is recorded as
 * it changes. Leaving the document is not a blur to keep: some browsers fire one as they remove a
 * focused element, and it has left the document by the time the check runs.
 */
function watch(): Watched | null {
  if (typeof document === 'undefined') return null;
  const input = document.querySelector<HTMLInputElement>(`input[${FRAME_SEARCH_ATTRIBUTE}]`);
  if (!input) return null;
  const watched = { input, focused: document.activeElement === input };
  input.addEventListener('focus', () => (watched.focused = true));
  input.addEventListener('blur', () => queueMicrotask(() => input.isConnected && (watched.focused = false)));
  return watched;
}

let watched = watch();

/**
 * Once, after the page has drawn its own box: what was typed into the HTML's (empty text and no
 * focus when nothing was), or null when the page had no such box (a navigation from another page,
 * a second call).
 */
export function takeFrameSearch(): FrameSearch | null {
  if (!watched) return null;
  const { input, focused } = watched;
  watched = null;
  const selection = focused && input.selectionStart !== null && input.selectionEnd !== null ? { start: input.selectionStart, end: input.selectionEnd } : null;
  return { text: input.value.slice(0, GALLERY_SEARCH_MAX_LENGTH), focused, selection };
}
