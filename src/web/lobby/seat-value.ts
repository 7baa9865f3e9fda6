/**
 * The value for the dice a page gives for its person when they sit down (they may type their own
 * after): sent with the seat itself (`lobbies.join`), from the lobby list or the lobby's page, so it
 * is in the game's seed even when the host starts at once. Bundled with the controls every page
 * loads (vite.config.ts): both pages join.
 */

/** A random value for the dice: 16 bytes from the browser's cryptographic generator, as hex. */
export function randomSeedValue(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
