/**
 * What the server and the build write into a page's HTML. The marker is where index.html's frame
 * takes a page's own (src/web/page-frames.ts): a comment the build keeps and the server replaces,
 * in each page's HTML, with the frame the build wrote for that page.
 */
export const PAGE_FRAME_MARKER = '<!-- page-frame -->';

/** Text as it may stand in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
