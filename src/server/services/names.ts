/**
 * Player names as people type them, made safe to show anywhere: other players' screens, the
 * admin's terminal (`mythos users list`), logs. A name is NFC-normalised and loses every control,
 * format and invisible character, so it cannot colour a terminal (ESC), reverse the text around it
 * (U+202E), hide a NUL, or look empty (zero-width and blank letters); what is left must show.
 */
import { MAX_NAME_LENGTH, NAME_NEEDS_A_CHARACTER } from '../../shared/names.js';
import { ServiceError } from './errors.js';

export { MAX_NAME_LENGTH };

/** A name (or a rename) refused: a bad request, with the reason for people. */
export class UserError extends ServiceError {
  override name = 'UserError';
  constructor(message: string) {
    super('BAD_REQUEST', message);
  }
}

/**
 * Characters that draw nothing: controls (Cc), formatting such as bidi overrides and zero-width
 * joiners (Cf), unassigned, private-use and lone surrogate code points, line and paragraph
 * separators, Unicode's default-ignorable characters (Hangul fillers, variation selectors,
 * the combining grapheme joiner ...) and the braille blank.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Spaces of every kind (ideographic, no-break, tab ...) become one plain space. */
export const SPACES = /[\p{Zs}\t\n\r]+/gu;
/** Something that shows: a letter, digit, symbol or punctuation (a lone combining mark does not). */
export const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

/**
 * Marks that stack on one letter (nonspacing and enclosing), at most this many in a row. Writing
 * needs few: Vietnamese puts two on a letter, Thai and pointed Hebrew up to three, the scripts that
 * stack most (Tibetan, Sanskrit in Devanagari) rarely four.
 * Dozens ("Zalgo" text: a twelve-character name can be one letter and eleven marks) draw far above
 * and below the line, over the rows around it on every screen that shows the text.
 */
export const MAX_STACKED_MARKS = 4;
export const STACKED_MARKS = new RegExp(`[\\p{Mn}\\p{Me}]{${MAX_STACKED_MARKS + 1},}`, 'u');

/** The name as stored and shown, or a UserError saying why it is refused. */
export function cleanName(raw: unknown): string {
  const typed = typeof raw === 'string' ? raw.trim() : '';
  if (typed.length === 0) throw new UserError('Enter a name.');
  const name = typed.normalize('NFC').replace(SPACES, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  if (!VISIBLE.test(name)) throw new UserError(NAME_NEEDS_A_CHARACTER);
  if (STACKED_MARKS.test(name)) throw new UserError(`A name has at most ${MAX_STACKED_MARKS} accents or marks on one letter.`);
  if ([...name].length > MAX_NAME_LENGTH) throw new UserError(`A name has at most ${MAX_NAME_LENGTH} characters.`);
  return name;
}

/** A name from an OAuth provider: cleaned the same way, cut to length, or the fallback if nothing shows. */
export function providerName(raw: string, fallback: string): string {
  try {
    return cleanName([...raw.normalize('NFC').replace(INVISIBLE, '').trim()].slice(0, MAX_NAME_LENGTH).join(''));
  } catch {
    return fallback;
  }
}
