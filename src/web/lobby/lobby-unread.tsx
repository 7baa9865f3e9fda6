/**
 * The lobby list's unread marks: for each open lobby the player sits in, or whose chat they have
 * read in this browser, how many messages others wrote in its chat since the newest they read
 * (chat-read.ts), as the lobby's chat counts them when opened. Open lobbies only: a started
 * lobby's page goes to its game, so what was left unread in its chat could never be read there.
 *
 * The list itself carries nothing of chats: it is one value pushed whole to every watcher at each
 * change of any lobby, and each chat message would have pushed it again to all of them. The
 * player asks for their own lobbies instead (chat.lobbyUnread), again when the list or what they
 * read changes or the page comes back into view, and listens to the chat of the lobbies they sit
 * in, asking again at each message of someone else's there.
 */
import { useMemo } from 'react';
import type { Lobby } from '../lib/api-types.js';
import { readUpToEach } from '../lib/chat-read.js';
import { useBackFromDrop, useConnected, useRetried } from '../lib/connection.js';
import { trpc } from '../lib/trpc.js';
import classes from './lobby-unread.module.css';

const roomOf = (lobbyID: string) => `lobby/${lobbyID}`;

/** Each lobby's count of unread messages, by id (none: left out), and the chats to listen to. */
export function useLobbyUnread(lobbies: readonly Lobby[] | null, userID: string | null): { unread: Readonly<Record<string, number>>; listen: string[]; recount: () => void } {
  const { asked, listen } = useMemo(() => {
    const open = userID === null ? [] : (lobbies ?? []).filter((l) => l.status === 'open');
    const seated = (l: Lobby) => l.players.some((p) => p.id === userID);
    const read = userID === null ? [] : readUpToEach(userID, open.map((l) => roomOf(l.id)));
    return {
      asked: open.flatMap((l, i) => (seated(l) || read[i]! > 0 ? [{ lobbyID: l.id, after: read[i]! }] : [])),
      listen: open.filter(seated).map((l) => l.id),
    };
  }, [lobbies, userID]);
  // Asked again whenever the page comes back into view, however recently: the server holds what
  // the player read on another device meanwhile (a phone picked up after reading on the desktop).
  const counts = trpc.chat.lobbyUnread.useQuery({ lobbies: asked }, { enabled: asked.length > 0, placeholderData: (previous) => previous, refetchOnWindowFocus: 'always' });
  const { refetch } = counts;
  return { unread: (asked.length > 0 && counts.data) || {}, listen, recount: () => void refetch() };
}

/** Listens to one lobby's chat, calling `recount` at each message someone else sends there. */
export function LobbyChatListener({ lobbyID, userID, recount }: { lobbyID: string; userID: string; recount: () => void }) {
  const subscription = trpc.chat.onRoom.useSubscription({ room: roomOf(lobbyID) }, {
    onData: (message) => {
      // `heard` (useRetried's, below) is only called later, as messages come.
      heard();
      if (message.senderID !== userID) recount();
    },
  });
  // Refused when asked again after a drop, the chat is listened to again by itself; back from a
  // drop, what was said meanwhile is counted.
  const { heard } = useRetried(subscription);
  useBackFromDrop(useConnected(subscription.status), recount);
  return null;
}

/** A row's mark: the count in a pill, said whole to a screen reader, and to a pointer resting on it. */
export function UnreadMark({ count }: { count: number }) {
  const words = `${count} unread chat ${count === 1 ? 'message' : 'messages'}`;
  return (
    <span className={classes.unread} title={words} data-unread={count}>
      <span aria-hidden="true">{count} unread</span>
      <span className="mythos-visually-hidden">{words}</span>
    </span>
  );
}
