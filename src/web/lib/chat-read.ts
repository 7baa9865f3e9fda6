/**
 * How far each chat room has been read in this browser, kept in localStorage under `mythosChatRead`
 * as `{"{userID} {room}": createdAt}` (the newest message read in that room, the newest 300 rooms
 * kept). A player who comes back to a lobby or game then sees what was said while they were away
 * counted as unread, not only what comes while the page is open. Storage refused (a private
 * window), the page itself remembers what was read while it is open (chat-room.tsx).
 */
import { readKept, writeKept } from './kept-record.js';

export const CHAT_READ_KEY = 'mythosChatRead';
const KEPT = 300;

const read = () => readKept<number>(CHAT_READ_KEY);

/** The key of what `userID` read in `room`. */
export const chatReadKey = (userID: string, room: string): string => `${userID} ${room}`;

/** The time of the newest message read under `key` (chatReadKey) in this browser; 0 when none was. */
export const readUpTo = (key: string): number => Number(read()[key]) || 0;

/** How far `userID` read each of `rooms` in this browser (0: never), in their order, with one read of the store. */
export function readUpToEach(userID: string, rooms: readonly string[]): number[] {
  const kept = read();
  return rooms.map((room) => Number(kept[chatReadKey(userID, room)]) || 0);
}

/** What `key` (chatReadKey) names was read up to the message sent at `createdAt`. */
export function markRead(key: string, createdAt: number): void {
  // Moved to the end, as the newest; storage full or refused: read for this page's life only.
  const { [key]: _, ...others } = read();
  writeKept(CHAT_READ_KEY, { ...others, [key]: createdAt }, KEPT);
}
