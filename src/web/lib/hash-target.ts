/**
 * The element an address's hash names (`#leaders`, or `#fair%20dice` percent-encoded), or null.
 * A hash is whatever a link holds: one that is not percent-encoding (`#%`) made decodeURIComponent
 * throw, and the card gallery and the rules page, which look for the hash's section once they are
 * drawn, gave way to "Unexpected Application Error! URI malformed" for anyone who followed the
 * link (tests/web/components/security-review-26.test.tsx). Such a hash names the id as written.
 */
export function hashTarget(hash: string): HTMLElement | null {
  const written = hash.startsWith('#') ? hash.slice(1) : hash;
  let id = written;
  try {
    id = decodeURIComponent(written);
  } catch {
    // Not percent-encoding: the id as written.
  }
  return id === '' ? null : document.getElementById(id);
}
