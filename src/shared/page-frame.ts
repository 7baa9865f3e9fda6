/**
 * What the server and the build write into a page's HTML. Between the two markers (comments the
 * build keeps) stands what index.html's frame shows of any page before its scripts run (a
 * "Loading..." that waits a second before it shows); the server replaces all of it, markers
 * included, with a page's own frame where the build wrote one (src/web/page-frames.ts).
 */
export const PAGE_FRAME_START = '<!-- page-frame -->';
export const PAGE_FRAME_END = '<!-- /page-frame -->';

/** `html` with what stands between the markers (and they) replaced by `frame`; unchanged without them. */
export function withPageFrame(html: string, frame: string): string {
  const start = html.indexOf(PAGE_FRAME_START);
  const end = html.indexOf(PAGE_FRAME_END, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + frame + html.slice(end + PAGE_FRAME_END.length);
}

/** Text as it may stand in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
