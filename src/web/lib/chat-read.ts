/**
 * How far each chat room has been read in this browser, kept in localStorage under `mythosChatRead`
 * as `{"{userID} {room}": createdAt}` (the newest message read in that room, the newest 300 rooms
 * kept). A player who comes back to a lobby or game then sees what was said while they were away
 * counted as unread, not only what comes while the page is open. Storage refused (a private
 * window), the page itself remembers what was read while it is open (chat-room.tsx).
 */
export const CHAT_READ_KEY = 'mythosChatRead';
const KEPT = 300;

function read(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CHAT_READ_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The key of what `userID` read in `room`. */
export const chatReadKey = (userID: string, room: string): string => `${userID} ${room}`;

/** The time of the newest message read under `key` (chatReadKey) in this browser; 0 when none was. */
export const readUpTo = (key: string): number => Number(read()[key]) || 0;

/** What `key` (chatReadKey) names was read up to the message sent at `createdAt`. */
export function markRead(key: string, createdAt: number): void {
  const { [key]: _, ...others } = read();
  const entries = [...Object.entries(others), [key, createdAt] as const];
  try {
    window.localStorage.setItem(CHAT_READ_KEY, JSON.stringify(Object.fromEntries(entries.slice(-KEPT))));
  } catch {
    // Storage full or refused: read for this page's life only.
  }
}
