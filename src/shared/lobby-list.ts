/**
 * The lobby list as its watchers are sent it (`lobbies.onList`): the whole list first, then at
 * each change only the lobbies that changed, with the list's order when lobbies came, went or
 * moved. Sent whole each time, the list (up to 200 lobbies, 388 KB of JSON when all are full) went
 * to every watcher and was deflated for each socket on its own, so a toggle in one lobby cost the
 * server the whole list's deflate once per watcher.
 *
 * In src/shared, with no imports, so the server and the site (and the tests) read one rule.
 */

/** A lobby as far as the list's changes read it. */
interface Listed {
  id: string;
}

export type LobbyListMessage<L extends Listed> =
  /** The list as it is now: the first message of every subscription. */
  | { whole: L[] }
  /**
   * What changed since the message before: the lobbies that are new or differ, and, when the
   * list's lobbies or their order changed, every lobby's id in the new order (a lobby not in it
   * has gone).
   */
  | { changed: L[]; order?: string[] };

/** The list after a message, from the list before it (none before the first, which is whole). */
export function applyLobbyListMessage<L extends Listed>(list: readonly L[] | null, message: LobbyListMessage<L>): L[] {
  if ('whole' in message) return message.whole;
  if (!list) throw new Error('The lobby list changed before it was sent whole.');
  const changed = new Map(message.changed.map((lobby) => [lobby.id, lobby]));
  if (!message.order) return list.map((lobby) => changed.get(lobby.id) ?? lobby);
  const before = new Map(list.map((lobby) => [lobby.id, lobby]));
  return message.order.flatMap((id) => {
    const lobby = changed.get(id) ?? before.get(id);
    return lobby ? [lobby] : [];
  });
}
