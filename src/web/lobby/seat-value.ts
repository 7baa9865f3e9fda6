/**
 * The value for the dice a page gives for its person when they sit down (they may type their own
 * after): sent with the seat itself (`lobbies.join`) or, where the game starts at once, before the
 * start, so it is in the game's seed whenever the host starts. Bundled with the controls every
 * page loads (vite.config.ts): the lobby list, the lobby's page and the game's end all seat people.
 */
import { firstCommitment } from '../lib/commitment-memory.js';

/** A random value for the dice: 16 bytes from the browser's cryptographic generator, as hex. */
export function randomSeedValue(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A random value for a seat at `lobbyID`, given after `commitment` (the lobby's, as this page was
 * sent it; null: none) is kept as the first seen: a server that showed another later would be warned
 * of, so it cannot have chosen its secret knowing the value.
 */
export function seatValueAfter(lobbyID: string, commitment: string | null): string {
  if (commitment) firstCommitment(`lobby/${lobbyID}`, commitment);
  return randomSeedValue();
}
