/**
 * A card set's key in the database (`card_sets.hash`): the SHA-256 of its JSON, in hex. Games of
 * one release with the same modules share a set, so the set is stored once under its key and each
 * game points at it. A migration keys the sets stored before by it too: change it only with a
 * migration that keys them again.
 */
import { createHash } from 'node:crypto';

export const cardSetKey = (json: string): string => createHash('sha256').update(json).digest('hex');
