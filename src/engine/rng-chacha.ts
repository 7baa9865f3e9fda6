/**
 * The game's generator: the ChaCha20 keystream (RFC 8439, from @noble/ciphers) under a 256-bit
 * key, read as 32-bit words. Nobody who sees the outputs can work back to the key or forward to
 * the next outputs, unlike xoroshiro128+. The position is (block, word), so the state stored in
 * a game is small: the key, the block counter and the next word in the block.
 */
import { chacha20 } from '@noble/ciphers/chacha.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export interface ChaChaState {
  kind: 'chacha20';
  /** The 256-bit key, 64 hex digits. */
  key: string;
  /** The 64-byte keystream block the next word comes from. */
  block: number;
  /** The next word of that block, 0 to 15. */
  word: number;
}

const WORDS_PER_BLOCK = 16;
/** Each key draws one stream, so a fixed nonce is safe. */
const NONCE = new Uint8Array(12);
const ZEROS = new Uint8Array(4 * WORDS_PER_BLOCK * 16);

export class ChaChaRng implements RandomGenerator {
  private words: Uint32Array | null = null;

  private constructor(
    private readonly key: string,
    private block: number,
    private word: number,
  ) {}

  static fromState(state: ChaChaState): ChaChaRng {
    return new ChaChaRng(state.key, state.block, state.word);
  }

  /** The next word as a signed 32-bit integer, as pure-rand's distributions expect. */
  next(): number {
    if (this.word === WORDS_PER_BLOCK) {
      this.block++;
      this.word = 0;
      this.words = null;
    }
    this.words ??= blockWords(this.key, this.block);
    return this.words[this.word++]! | 0;
  }

  clone(): ChaChaRng {
    const copy = new ChaChaRng(this.key, this.block, this.word);
    copy.words = this.words;
    return copy;
  }

  getState(): readonly number[] {
    return [this.block, this.word];
  }

  state(): ChaChaState {
    return { kind: 'chacha20', key: this.key, block: this.block, word: this.word };
  }
}

/**
 * The keystream blocks last computed, a run of CHUNK_BLOCKS aligned on a multiple of it. Each
 * step builds its generator afresh from the stored state, and usually goes on where the step
 * before it left: remembering the run saves most of the work, and computing blocks a run at a
 * time pays @noble/ciphers' per-call checks and copies once per run instead of once per block.
 * It is a pure function's memo, so it changes no result.
 */
let last: { key: string; first: number; words: Uint32Array } | null = null;
const CHUNK_BLOCKS = 16;
/** The last block @noble/ciphers computes (its 32-bit counter stops short of 2^32 - 1): a run never goes past it. */
const MAX_BLOCK = 2 ** 32 - 2;

/** One keystream block as little-endian words (the same on every platform). */
function blockWords(key: string, block: number): Uint32Array {
  let run = last;
  if (!run || run.key !== key || block < run.first || block >= run.first + run.words.length / WORDS_PER_BLOCK) {
    const first = block - (block % CHUNK_BLOCKS);
    const count = Math.min(CHUNK_BLOCKS, MAX_BLOCK - first + 1);
    const length = 4 * WORDS_PER_BLOCK * count;
    const bytes = chacha20(hexToBytes(key), NONCE, length === ZEROS.length ? ZEROS : new Uint8Array(length), new Uint8Array(length), first);
    const words = new Uint32Array(WORDS_PER_BLOCK * count);
    for (let i = 0; i < words.length; i++) {
      const at = 4 * i;
      words[i] = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
    }
    run = last = { key, first, words };
  }
  const at = (block - run.first) * WORDS_PER_BLOCK;
  return run.words.subarray(at, at + WORDS_PER_BLOCK);
}
