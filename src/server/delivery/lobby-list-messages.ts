/**
 * The messages of `lobbies.onList` (src/shared/lobby-list.ts): the whole list once, then what
 * changed. Every watcher sent the same list before is sent the same message object, made once, so
 * `serialisedOnce` writes its JSON once for all of them; only a watcher whose first list was read
 * between two changes has a message made for it alone.
 */
import type { LobbyListMessage } from '../../shared/lobby-list.js';
import type { LobbyView } from '../services/lobbies.js';

type Message = LobbyListMessage<LobbyView>;

const wholes = new WeakMap<readonly LobbyView[], Message>();
/** The changes from a list to the list that followed it, for everyone who was sent the first. */
const changesFrom = new WeakMap<readonly LobbyView[], { to: readonly LobbyView[]; message: Message | null }>();
/** Each lobby's JSON, the text two lists' lobbies are compared by (each list is read afresh, so its objects are new). */
const lobbyTexts = new WeakMap<LobbyView, string>();

function textOf(lobby: LobbyView): string {
  let text = lobbyTexts.get(lobby);
  if (text === undefined) {
    text = JSON.stringify(lobby);
    lobbyTexts.set(lobby, text);
  }
  return text;
}

/** The first message: the list as it is. */
export function wholeList(list: LobbyView[]): Message {
  let message = wholes.get(list);
  if (!message) {
    message = { whole: list };
    wholes.set(list, message);
  }
  return message;
}

/** What changed from the list a watcher was last sent to the next one; null when nothing did. */
export function listChanges(sent: readonly LobbyView[], next: LobbyView[]): Message | null {
  const known = changesFrom.get(sent);
  if (known?.to === next) return known.message;
  const before = new Map(sent.map((lobby) => [lobby.id, textOf(lobby)]));
  const changed = next.filter((lobby) => before.get(lobby.id) !== textOf(lobby));
  const sameOrder = sent.length === next.length && next.every((lobby, i) => lobby.id === sent[i]!.id);
  const message: Message | null = sameOrder ? (changed.length > 0 ? { changed } : null) : { changed, order: next.map((lobby) => lobby.id) };
  changesFrom.set(sent, { to: next, message });
  return message;
}
