/**
 * Seeds. A game's seed is 256 bits, written as 64 hex digits: the server draws it from the OS,
 * so nobody can search for it. The game publishes its commitment, the SHA-256 of the seed's
 * bytes, from the start, and reveals the seed at the end: anyone can then check that the seed
 * matches and that it, with the actions, gives every deal and die of the game.
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
