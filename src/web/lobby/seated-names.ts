/**
 * The lobby list's line of who sits at a lobby's table, in seat order ('Ann, Easy Bot 1'). A
 * person who left the game is still named, marked "(left)": their seat is played to the end by a
 * bot, and a watcher choosing a game should not expect them to be there.
 */
export function seatedNames(players: readonly { name: string; left?: boolean }[]): string {
  return seatedParts(players)
    .map((p) => p.name + p.note)
    .join(', ');
}

/** The same line's parts, each name apart from its note, for a page that isolates each name (`UserText`). */
export function seatedParts(players: readonly { name: string; left?: boolean }[]): { name: string; note: string }[] {
  return players.map((p) => ({ name: p.name, note: p.left ? ' (left)' : '' }));
}
