/**
 * The lobby list's order on the page: lobbies still open first, then games being played, then
 * finished ones, each newest first as the server sends them. Every game leaves its lobby behind,
 * finished, in the newest 200 the server lists; by creation alone, a table waiting for players
 * sank under a page of results on a busy evening.
 */
import type { Lobby } from '../lib/api-types.js';

const RANK: Record<Lobby['status'], number> = { open: 0, playing: 1, finished: 2 };

export function listOrder<T extends Pick<Lobby, 'status'>>(lobbies: readonly T[]): T[] {
  // Array.prototype.sort is stable: within a status the server's order (newest first) is kept.
  return [...lobbies].sort((a, b) => RANK[a.status] - RANK[b.status]);
}
