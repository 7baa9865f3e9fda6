/**
 * Where index.html's frame takes a page's own (src/web/page-frames.ts): a comment the build keeps
 * and the server replaces, in each page's HTML, with the frame the build wrote for that page.
 */
export const PAGE_FRAME_MARKER = '<!-- page-frame -->';
