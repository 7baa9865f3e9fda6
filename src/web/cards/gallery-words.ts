/**
 * The card gallery's top, which two things draw: the page's HTML before any script has run
 * (page-frames.ts) and the page itself (pages/all-cards.tsx). One set of words for both.
 */
export const GALLERY_TITLE = 'Cards';
export const GALLERY_SEARCH_PLACEHOLDER = 'Find a card: a name, affinity, type or ability';
export const GALLERY_SEARCH_LABEL = 'Find a card';
export const GALLERY_SEARCH_MAX_LENGTH = 80;
export const GALLERY_LOADING = 'Loading...';

/** Marks the HTML's search box, for the page to find. */
export const FRAME_SEARCH_ATTRIBUTE = 'data-frame-search';
