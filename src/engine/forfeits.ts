/**
 * Who forfeited a finished game, as the server recorded it at the game's end: the players whose
 * game counted as a loss whatever their seat scored, and why (they left, or a stand-in bot made
 * most of their decisions). No rule of the engine reads it; a game's record and its replay file
 * carry it beside the game so that every reader shows the result the server recorded. The rule
 * that decides it is the product's (src/shared/forfeit.ts, which the engine does not import).
 */
import type { UserID } from './types.js';

export const FORFEIT_REASONS = ['left', 'stood in'] as const;
export type ForfeitReason = (typeof FORFEIT_REASONS)[number];

export const isForfeitReason = (value: unknown): value is ForfeitReason => FORFEIT_REASONS.some((reason) => reason === value);

/** The players who forfeited a game, each with why, by user id (nobody: an empty object). */
export type Forfeits = Readonly<Record<UserID, ForfeitReason>>;
