/**
 * What the site says of a game that moves no rating, and why: in the lobby before it starts and
 * in the end-of-game view after (the server decides it with the game's end, services/ratings.ts).
 */
import type { UnratedReason } from '../../server/services/ratings.js';

export const UNRATED_WORDS: Record<UnratedReason, string> = {
  timer: 'Not rated: the turn timer was off, so one player could have kept the others waiting for ever.',
  address: 'Not rated: two of the people here share a network address.',
};
