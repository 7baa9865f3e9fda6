/**
 * The longest name a person may take, in characters: a name is shown in every lobby list, seat,
 * log line and chart, and must fit there. The server refuses a longer one (services/names.ts);
 * the web client's name fields stop at it.
 */
export const MAX_NAME_LENGTH = 12;

/** What the server says of a name with nothing visible in it, and the sign-in page before it asks. */
export const NAME_NEEDS_A_CHARACTER = 'A name needs at least one visible character.';

/**
 * `text` cut to MAX_NAME_LENGTH characters as the server counts them (code points). A field's
 * `maxLength` counts UTF-16 units, two for an emoji: twelve emoji stopped at six, and a cut
 * between an emoji's two halves sent half a character.
 */
export const upToNameLength = (text: string): string => Array.from(text).slice(0, MAX_NAME_LENGTH).join('');
