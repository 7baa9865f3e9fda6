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

/** The players of a finished game's record most of whose decisions a stand-in made. */
export function mostlyStoodInSeats(log: readonly LoggedAction[]): Set<string> {
  const counts = new Map<string, { decisions: number; stoodIn: number }>();
  for (const entry of log) {
    if (entry.kind !== 'action' || entry.userID === undefined) continue;
    const count = counts.get(entry.userID) ?? { decisions: 0, stoodIn: 0 };
    count.decisions++;
    if (entry.standIn) count.stoodIn++;
    counts.set(entry.userID, count);
  }
  return new Set([...counts].filter(([, c]) => mostlyStoodIn(c.decisions, c.stoodIn)).map(([userID]) => userID));
}
