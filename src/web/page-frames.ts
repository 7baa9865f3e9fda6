/**
 * What a page's HTML draws of the page itself before any script has run, under the site's header
 * and banner (index.html's frame): plain HTML that the build writes beside the page's files and
 * the server puts in the page's shell (src/server/web-client.ts). React then draws the same
 * elements with the same rules (styles/boot-shell.css), in the same places, so nothing moves
 * when the live page takes over.
 *
 * Only pages whose top is known without any data have one. The card gallery's heading and search
 * box came about 0.6 s after the frame on Lighthouse's phone, the time its scripts took to arrive
 * and run; drawn by the HTML they come with the frame, and what a visitor types into the box
 * before the scripts run is kept (cards/frame-search.ts).
 */
import { GALLERY_LOADING, GALLERY_SEARCH_LABEL, GALLERY_SEARCH_MAX_LENGTH, GALLERY_SEARCH_PLACEHOLDER, GALLERY_TITLE, FRAME_SEARCH_ATTRIBUTE } from './cards/gallery-words.js';
import { escapeHtml } from '../shared/page-frame.js';

/** The card gallery's top: its title, the search box, and "Loading..." where the cards will be. */
const galleryFrame = [
  '<main class="boot-main">',
  '<div class="boot-gallery">',
  `<h1 class="boot-gallery-title">${escapeHtml(GALLERY_TITLE)}</h1>`,
  `<input type="search" class="boot-gallery-search" ${FRAME_SEARCH_ATTRIBUTE} placeholder="${escapeHtml(GALLERY_SEARCH_PLACEHOLDER)}" aria-label="${escapeHtml(GALLERY_SEARCH_LABEL)}" maxlength="${GALLERY_SEARCH_MAX_LENGTH}">`,
  `<p class="boot-gallery-loading">${escapeHtml(GALLERY_LOADING)}</p>`,
  '</div>',
  '</main>',
].join('');

/** Each page's frame, by its module under pages/ (the route table's `page`). */
export const PAGE_FRAMES: Readonly<Record<string, string>> = { 'all-cards': galleryFrame };
