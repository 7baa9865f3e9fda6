/**
 * When a finished game is not its player's own result: a stand-in bot made more than half of the
 * seat's decisions (a game finished by bots once nobody had it open, or a seat its player let the
 * stand-in play). Such a player, like one who left, lost the game whatever the seat scored: last
 * in the rating and not a win in their totals (src/server/services/game-store.ts), and the
 * end-of-game view says so instead of their place.
 *
 * In src/shared, with no imports, so the server rates by the rule the web client shows.
 */
export function mostlyStoodIn(decisions: number, stoodIn: number): boolean {
  return 2 * stoodIn > decisions;
}

/** An entry of a game's record, as far as the rule reads it (src/engine/replay.ts has the whole type). */
interface LoggedAction {
  kind: string;
  userID?: string;
  standIn?: string | null;
}

/** Why a finished game counted as a loss for a player whatever their seat scored. */
export type Forfeit = 'left' | 'stood in';

/**
 * The players of a finished game's record whose game counted as a loss, and why: a stand-in took
 * a decision of theirs because they had left, or made most of their decisions. (The server knows
 * every player who left from the table, even one who left with no decision of theirs to come.)
 */
export function forfeitsIn(log: readonly LoggedAction[]): Map<string, Forfeit> {
  const counts = new Map<string, { decisions: number; stoodIn: number; left: boolean }>();
  for (const entry of log) {
    if (entry.kind !== 'action' || entry.userID === undefined) continue;
    const count = counts.get(entry.userID) ?? { decisions: 0, stoodIn: 0, left: false };
    count.decisions++;
    if (entry.standIn) count.stoodIn++;
    if (entry.standIn === 'left') count.left = true;
    counts.set(entry.userID, count);
  }
  const forfeits = new Map<string, Forfeit>();
  for (const [userID, c] of counts) {
    if (c.left) forfeits.set(userID, 'left');
    else if (mostlyStoodIn(c.decisions, c.stoodIn)) forfeits.set(userID, 'stood in');
  }
  return forfeits;
}

/** An action of a replay file (src/engine/replay-file.ts), as far as the rule reads it: each one a decision. */
interface FileAction {
  userID: string;
  standIn?: string | null;
}

/**
 * The players of a replay file's game whose game counted as a loss, and why: the same rule read
 * from its actions, each of which carries a stand-in's reason beside it (`standIn`) where the
 * record's log has its entries. A file of bots (a tournament's) has none.
 */
export function forfeitsInFile(actions: readonly FileAction[]): Map<string, Forfeit> {
  return forfeitsIn(actions.map((a) => ({ kind: 'action', userID: a.userID, standIn: a.standIn ?? null })));
}

/**
 * Who won once the forfeits count: the engine's winners (the most favor), unless one of them
 * forfeited, who cannot have won a game that counted as their loss; then those with the most favor
 * among the rest (equal favor shares the win), and nobody if every seat forfeited. The server
 * records it in each seat's stats and the end-of-game view shows it, so a seat a bot played to the
 * top after its player left is not crowned.
 */
/** A game as far as the rule reads it: each seat's favor, and the engine's winners. */
interface Standings {
  players: readonly { userID: string; counters: { favor: number } }[];
  winnerIDs: readonly string[];
}

export function winnersAfterForfeits(game: Standings, forfeited: { has(userID: string): boolean }): string[] {
  if (!game.winnerIDs.some((id) => forfeited.has(id))) return [...game.winnerIDs];
  const standing = game.players.filter((p) => !forfeited.has(p.userID));
  if (standing.length === 0) return [];
  const top = Math.max(...standing.map((p) => p.counters.favor));
  return standing.filter((p) => p.counters.favor === top).map((p) => p.userID);
}
