/** What a rematch's lobby tells its people of the finished game's people who declined to play again. */
import type { Lobby } from '../lib/api-types.js';
import { listInWords } from '../lib/words.js';

/** 'Bob declined the rematch.', 'Bob, Cat and Dan declined...'; 'Everyone declined...' once all of several did; null if nobody did. */
export function rematchDeclinedText(rematch: Lobby['rematch']): string | null {
  const names = rematch?.declined.map((d) => d.name) ?? [];
  if (names.length === 0) return null;
  if (rematch?.everyoneDeclined && names.length > 1) return 'Everyone declined the rematch.';
  return `${listInWords(names)} declined the rematch.`;
}
