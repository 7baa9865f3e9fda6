/**
 * Seeds. A game's seed is 256 bits, written as 64 hex digits. A game started from a lobby mixes
 * two parts (`mixedSeed`): the server's secret, 32 bytes from the OS whose commitment (SHA-256)
 * the lobby shows before anyone adds to it, and a value from each person at the table, given
 * after they saw that commitment. The server cannot choose the seed (it does not know the values
 * when it commits) and the players cannot (they do not know the secret). The game publishes the
 * commitments and values from the start and reveals the secret and the seed at the end: anyone
 * can then check that they match and that the seed, with the actions, gives every deal and die.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** 64 lowercase hex digits: 32 bytes. */
export type Seed = string;

export function isSeed(value: unknown): value is Seed {
  if (typeof value !== 'string' || value.length !== 64) return false;
  // /^[0-9a-f]{64}$/ as a loop: every new game checks its seed.
  for (let i = 0; i < 64; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * The seed of a tournament or test game given as an integer: a hash, so `--seed 1` is
 * reproducible. Only for games whose seed may be public; the server never uses it.
 */
export function seedFromNumber(n: number): Seed {
  return bytesToHex(sha256(utf8ToBytes(`mythos seed ${n}`)));
}

/** The commitment a game publishes: the SHA-256 of its seed's 32 bytes, in hex. */
export function commitmentOf(seed: Seed): string {
  return bytesToHex(sha256(hexToBytes(seed)));
}

/**
 * A seed for one purpose derived from a secret seed (HMAC-SHA-256 keyed by it): bots draw from
 * seeds derived this way, so their choices follow from the game's secret, not from anything a
 * player can see, and knowing one derived seed tells nothing of the others or of the game's.
 */
export function deriveSeed(seed: Seed, ...purpose: (string | number)[]): Seed {
  return bytesToHex(hmac(sha256, hexToBytes(seed), utf8ToBytes(purpose.join('/'))));
}

/** A person's value for the seed: at most this many characters. */
export const MAX_SEED_VALUE_LENGTH = 64;

/**
 * Why a person's value for the seed is refused, or null if it is fine: 1 to 64 characters of
 * printable ASCII (letters, digits, spaces, punctuation), so that anyone can type it again
 * byte for byte to check a game, with no question of Unicode forms or invisible characters.
 */
export function seedValueProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'A value for the dice must be text.';
  if (value.length === 0) return 'Enter a value for the dice: 1 to 64 letters, digits or punctuation.';
  if (value.length > MAX_SEED_VALUE_LENGTH) return `A value for the dice has at most ${MAX_SEED_VALUE_LENGTH} characters.`;
  for (const c of value) {
    const code = c.codePointAt(0)!;
    if (code < 0x20 || code > 0x7e) {
      const shown = code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${c}"`;
      return `A value for the dice may use only plain ASCII letters, digits, spaces and punctuation: ${shown} is not one.`;
    }
  }
  return null;
}

/**
 * Why a value a person gives now is refused: as `seedValueProblem`, and not spaces alone, which a
 * lobby shows as nothing (as if no value were given). Games already played keep the rule above:
 * their values, spaces alone included, still check.
 */
export function newSeedValueProblem(value: unknown): string | null {
  const problem = seedValueProblem(value);
  if (problem !== null) return problem;
  return (value as string).trim() === '' ? 'Enter a value for the dice: 1 to 64 letters, digits or punctuation.' : null;
}

/** One seat's part of a mixed seed: its person's value, '' if they gave none (a bot's seat always). */
export interface SeedContribution {
  userID: string;
  value: string;
}

/** What a mixed seed is made of: the server's secret and every seat's value, in seat order. */
export interface SeedMix {
  serverSecret: Seed;
  contributions: readonly SeedContribution[];
}

/** The fixed label a mixed seed's hash starts with, so its bytes can never be another hash's. */
export const SEED_MIX_TAG = 'mythos seed mix v1';

/**
 * The seed of a game from the server's secret and the seats' values (the published function):
 *
 *   SHA-256( "mythos seed mix v1" || 0x00 || secret (32 bytes) || count (4 bytes, big-endian)
 *            || for each seat in order: length (4 bytes, big-endian) || value (ASCII bytes) )
 *
 * Each value is prefixed by its length, so no two lists of values give the same bytes; a seat
 * that gave nothing adds a length of 0.
 */
export function mixedSeed(mix: SeedMix): Seed {
  const tag = utf8ToBytes(SEED_MIX_TAG);
  const secret = hexToBytes(mix.serverSecret);
  const values = mix.contributions.map((c) => utf8ToBytes(c.value));
  const bytes = new Uint8Array(tag.length + 1 + secret.length + 4 + values.reduce((n, v) => n + 4 + v.length, 0));
  const view = new DataView(bytes.buffer);
  bytes.set(tag, 0);
  let at = tag.length + 1; // the 0x00 after the tag
  bytes.set(secret, at);
  at += secret.length;
  view.setUint32(at, values.length);
  at += 4;
  for (const value of values) {
    view.setUint32(at, value.length);
    bytes.set(value, at + 4);
    at += 4 + value.length;
  }
  return bytesToHex(sha256(bytes));
}
