/**
 * What an avatar without a picture shows: the first letters of the name's first two words ('Ada
 * Tester' AT, 'Advanced 2' A2), or a one-word name's first two letters ('Annd' AN). (The first
 * two letters of every name showed 'AD' for both of the first.) Letters as a reader sees them
 * (graphemes): a name's first UTF-16 unit cut an emoji in half and drew '�'.
 */
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
const graphemes = (text: string): string[] => (segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text));

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const initials = words.length > 1 ? [graphemes(words[0]!)[0], graphemes(words[1]!)[0]] : graphemes(words[0] ?? '').slice(0, 2);
  return initials.join('').toUpperCase();
}

/** The one letter of the account button in the site's header. */
export const firstLetterOf = (name: string): string => (graphemes(name.trim())[0] ?? '').toUpperCase();
