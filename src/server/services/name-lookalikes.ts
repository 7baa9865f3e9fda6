/**
 * Names that people could take for one another. Two players at one table must not look alike,
 * and no person may look like a bot: otherwise "Ann" with a Cyrillic "А", or "ANN", or a person
 * called "Easy Bot 1", could pass for someone else in the player list, the chat and the log.
 *
 * Two names look alike when a key of one equals a key of the other. A name's key is its
 * compatibility form (NFKC: fullwidth "Ｅａｓｙ", circled "①" and superscript "¹" become "Easy", "1"
 * and "1"), then the Unicode confusables skeleton (UTS #39: NFD, every character mapped to its
 * prototype from Unicode's confusables data, NFD again), taken once more after lower-casing; and
 * of that only the letters, their marks and the digits: spaces and punctuation do not tell names
 * apart ("Easy Bot1", "Easy-Bot 1", "Easy_Bot_1").
 *
 * Each name has two keys: that of the name as written, and that of the name lower-cased. The
 * first keeps what the skeleton joins before case is gone: "I" and "l" are one prototype, so
 * "AnnIa" meets "Annla". The second makes case never tell names apart: capital "I" keys as "l"
 * but small "i" as "i", so "ANNIA" and "Annia" meet only lower-cased. One key could not do both
 * without making "i" and "l" one letter everywhere ("Annia" and "Annla" alike), hence two.
 */
import unhomoglyph from 'unhomoglyph';
import { BOTS } from '../../bots/index.js';
import { MAX_NAME_LENGTH } from './names.js';

const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/** Letters, their marks and digits only; a name of nothing else (say, "?!") keeps all it has. */
const lettersAndDigits = (key: string) => key.replace(/[^\p{L}\p{M}\p{N}]/gu, '') || key;

/** What two names that look alike have in common, of the name as written; not for showing to anyone. */
const nameKey = (name: string) => lettersAndDigits(skeleton(skeleton(name.normalize('NFKC')).toLowerCase()));

/**
 * A name's keys: as written, and lower-cased (see above). Two names look alike when they share one;
 * for comparing one name with many, take each name's keys once.
 */
export const nameKeys = (name: string) => [nameKey(name), nameKey(name.toLowerCase())];

/** The first of `others` that looks like `name`, or null. */
export function lookalikeOf(name: string, others: readonly string[]): string | null {
  const keys = nameKeys(name);
  return others.find((other) => nameKeys(other).some((key) => keys.includes(key))) ?? null;
}

/**
 * A bot's seat is named after its kind, whole, and a number ("Easy Bot 1", "Advanced Bot 2",
 * "Expert Bot 10"). MAX_NAME_LENGTH is a person's limit, for what they type; a bot's name is the
 * server's, and cut to fit it one read as something else ("Advanced 2" for an Advanced Bot). A
 * kind whose label ends in a digit numbers its seats with "#" ("Advanced Bot 2 #1"): "Advanced
 * Bot 2 1" read as a typo, and two numbers side by side as one.
 */
export const botName = (label: string, number: number): string => (/\d$/.test(label) ? `${label} #${number}` : `${label} ${number}`);

/** The digits, as keys (0 and 1 look like o and l). */
const DIGIT_KEYS = [...'0123456789'].map(nameKey);

const isNumberKey = (key: string) => {
  let rest = key;
  while (rest.length > 0) {
    const digit = DIGIT_KEYS.find((d) => rest.startsWith(d));
    if (!digit) return false;
    rest = rest.slice(digit.length);
  }
  return true;
};

/**
 * Each kind's label and the starts of it that seats were named with before they had the whole
 * label: its leading words ("Advanced 2" of an Advanced Bot), and a cut to a fixed length
 * ("Expert Bo 1"). Older seats keep those names, so a person may not take them either.
 */
const BOT_NAME_KEYS = Object.values(BOTS).map(({ label }) => {
  const words = label.split(' ');
  const starts = words.map((_, i) => words.slice(0, i + 1).join(' '));
  return { label: nameKey(label), starts: [...starts, label.slice(0, MAX_NAME_LENGTH - 3).trimEnd()].map(nameKey) };
});

/** Whether a name looks like a bot's: a kind of bot ("Easy Bot"), or a bot's seat ("Easy Bot 1", "Advanced 2"). */
export function looksLikeBot(name: string): boolean {
  return nameKeys(name).some((key) => {
    const numbered = (start: string) => key.startsWith(start) && key.length > start.length && isNumberKey(key.slice(start.length));
    return BOT_NAME_KEYS.some(({ label, starts }) => key === label || starts.some(numbered));
  });
}
