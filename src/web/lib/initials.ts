/**
 * What an avatar without a picture shows: the first letters of the name's first two words ('Ada
 * Tester' AT, 'Advanced 2' A2), or a one-word name's first two letters ('Annd' AN). (The first
 * two letters of every name showed 'AD' for both of the first.) Letters as a reader sees them
 * (graphemes): a name's first UTF-16 unit cut an emoji in half and drew '�'.
 */

/**
 * A name of printable ASCII only: each character is a grapheme of its own (the marks and joiners
 * that join characters into one are all outside ASCII).
 */
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * Made on first need, not when the page loads: constructing an `Intl.Segmenter` loads the
 * browser's break rules, 30-80 ms of one task in desktop Chromium (four times that on a phone),
 * and it was the largest single cost of every page's first script. Most names are plain ASCII and
 * never need it.
 */
let segmenter: Intl.Segmenter | null | undefined;

function graphemes(text: string): string[] {
  if (PLAIN.test(text)) return text.split('');
  segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const initials = words.length > 1 ? [graphemes(words[0]!)[0], graphemes(words[1]!)[0]] : graphemes(words[0] ?? '').slice(0, 2);
  return initials.join('').toUpperCase();
}

/** The one letter of the account button in the site's header. */
export const firstLetterOf = (name: string): string => (graphemes(name.trim())[0] ?? '').toUpperCase();
