/** A stored game exported as `mythos games export` writes it (the CLI's own function), as file text. */
import { storedReplay } from '../../src/server/services/replay-export.js';
import type { Db } from '../../src/server/db/database.js';
import { loadGame } from '../../src/server/services/game-store.js';

export async function exportedFileText(db: Db, gameID: string): Promise<string> {
  const game = await loadGame(db.kysely, gameID);
  if (!game) throw new Error(`no game ${gameID}`);
  return JSON.stringify(await storedReplay(db.kysely, game));
}
