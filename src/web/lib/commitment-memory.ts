/**
 * The first commitment this browser saw for each lobby and game, kept in localStorage under
 * `mythosSeenCommitments` as `{key: commitment}` (the newest 300 kept). A commitment only
 * protects a player if it cannot change: a server that showed one commitment and later another
 * could have chosen its secret after seeing the players' values. So the client keeps the first
 * it saw and the screen warns when a later one differs (CommitmentWarning).
 *
 * Keys: `lobby/{lobbyID}` (the server secret's commitment the lobby shows), `game/{gameID}/server`
 * (the same in the game; a game started from a lobby this browser had open starts with the
 * lobby's) and `game/{gameID}/seed` (the seed's commitment).
 */
import { readKept, writeKept } from './kept-record.js';

export const SEEN_COMMITMENTS_KEY = 'mythosSeenCommitments';
const KEPT = 300;

const read = () => readKept<string>(SEEN_COMMITMENTS_KEY);

// Storage full or refused (a private window): the warning then covers this page's life only.
const write = (seen: Record<string, string>) => writeKept(SEEN_COMMITMENTS_KEY, seen, KEPT);

/** Held for this page's life too, in case the browser refuses storage. */
const inMemory = new Map<string, string>();

/**
 * The first commitment seen under `key`: `shown` if none was seen before (it is kept), else the
 * one kept, which the caller compares with `shown`.
 */
export function firstCommitment(key: string, shown: string): string {
  const seen = read();
  const first = seen[key] ?? inMemory.get(key);
  if (first !== undefined) return first;
  inMemory.set(key, shown);
  write({ ...seen, [key]: shown });
  return shown;
}
