/**
 * The chat room of the page (a lobby's or a game's), held once for the whole page: its history,
 * the live messages (one chat.onRoom subscription), the senders' names, sending, and one unread
 * count. Both ways of showing it, the docked overlay and the CHAT button's dialog, are views of
 * this one room (ChatRoomView): a message read in either is read, and both count the same.
 * How far the room was read is kept in the browser (chat-read.ts) and by the server (chat.markRead,
 * for the player's other browsers and devices), so what others said while the player was away (the
 * page closed, or another page open) is unread when they come back, and only that.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../lib/api-types.js';
import { chatReadKey, markRead, readUpTo } from '../lib/chat-read.js';
import { useBackFromDrop, useConnected, useRetried } from '../lib/connection.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { unanswered } from '../lib/unanswered.js';

export interface ChatRoom {
  room: string;
  title: string;
  /** The history and the live messages, each once, oldest first. */
  messages: ChatMessage[];
  /** A sender's name, or 'unknown' until their user is loaded. */
  nameOf: (senderID: string) => string;
  /** Messages from others not yet seen in an open view of the room (in this browser, this visit or an earlier one). */
  unread: number;
  /** Sends a message (already trimmed and not empty); resolves to the refusal's words, or null. */
  send: (message: string) => Promise<string | null>;
  /** A view opened (true) or closed (false): while one is open, nothing is unread. */
  viewing: (open: boolean) => void;
}

/** A message that never reached the server (no answer of the server's: "Failed to fetch" said nothing to a player). */
export const CHAT_UNSENT_MESSAGE = 'Not sent: the connection dropped. Your words are back in the box, to send again once it is back.';

const Context = createContext<ChatRoom | null>(null);
const NO_MESSAGES: ChatMessage[] = [];

/** The page's chat room, or null where there is none (signed out, or not a lobby or game page). */
export const useChatRoom = (): ChatRoom | null => useContext(Context);

/** Marks the calling view of the room open while it is mounted. */
export function useChatRoomView(room: ChatRoom): void {
  const { viewing } = room;
  useEffect(() => {
    viewing(true);
    return () => viewing(false);
  }, [viewing]);
}

/** `room` null: no chat room on this page (the children get null from useChatRoom). */
export function ChatRoomProvider({ room, title, children }: { room: string | null; title: string; children: ReactNode }) {
  const session = useSession().user;
  const me = session?.id ?? null;
  // Kept with the room they belong to, so that another room's page starts from nothing.
  const [live, setLive] = useState<{ room: string | null; messages: ChatMessage[] }>({ room, messages: [] });
  const openViews = useRef(0);
  // Whether a view is open now, as state: while one is, each message that comes is read.
  const [viewed, setViewed] = useState(false);
  // The newest message read, kept with its room and reader (a change of either reads it again).
  const [readMark, setReadMark] = useState<{ key: string; at: number } | null>(null);
  const readKey = room !== null && me !== null ? chatReadKey(me, room) : null;

  const history = trpc.chat.history.useQuery({ room: room ?? '' }, { enabled: room !== null, staleTime: Infinity });
  // Sent at once, online or not: held back while the browser was offline (the query library's
  // way), a message left the box, was shown nowhere and went only when the drop was over.
  const sendMutation = trpc.chat.send.useMutation({ networkMode: 'always' });
  // Asked again whenever the page comes back into view: what was read meanwhile on another device
  // (a phone picked up after reading on the desktop) is unread no more.
  const marks = trpc.chat.readMarks.useQuery({ rooms: [room ?? ''] }, { enabled: room !== null && me !== null, staleTime: Infinity, refetchOnWindowFocus: 'always' });
  // A mark the server could not take is kept in this browser all the same: nothing to tell the player.
  const { mutate: markReadOnServer } = trpc.chat.markRead.useMutation({ onError: () => {} });
  const subscription = trpc.chat.onRoom.useSubscription(
    { room: room ?? '' },
    {
      enabled: room !== null,
      onData: (message) => {
        // `heard` (useRetried's, below) is only called later, as messages come.
        heard();
        setLive((held) => {
          const messages = held.room === message.room ? held.messages : [];
          return messages.some((m) => m.id === message.id) ? held : { room: message.room, messages: [...messages, message] };
        });
      },
    },
  );

  // Refused when asked again after a drop (too many subscriptions from the address at once, say),
  // the room is asked again by itself. Back from a drop, what was said meanwhile came to nobody
  // here: the history is asked for again (messages already held are not shown twice).
  const { heard } = useRetried(subscription);
  const { refetch: refetchHistory } = history;
  useBackFromDrop(
    useConnected(subscription.status),
    useCallback(() => {
      if (room !== null) void refetchHistory();
    }, [room, refetchHistory]),
  );

  const liveMessages = live.room === room ? live.messages : NO_MESSAGES;
  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(history.data ?? []), ...liveMessages].filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
  }, [history.data, liveMessages]);

  // Nothing is unread until the reader and the server's mark are known (the server's refused or
  // unreachable: this browser's alone); the later of the two marks counts.
  const serverAt = marks.isPending ? null : (marks.data?.[room ?? ''] ?? 0);
  const stored = useMemo(() => (readKey === null || serverAt === null ? Infinity : Math.max(readUpTo(readKey), serverAt)), [readKey, serverAt]);
  const readAt = readMark !== null && readMark.key === readKey ? Math.max(readMark.at, stored) : stored;
  const newest = messages.reduce((at, m) => Math.max(at, m.createdAt), 0);
  useEffect(() => {
    if (!viewed || readKey === null || room === null || newest <= readAt) return;
    markRead(readKey, newest);
    markReadOnServer({ room, upTo: newest });
    setReadMark({ key: readKey, at: newest });
  }, [viewed, readKey, room, newest, readAt, markReadOnServer]);
  // One's own messages are never unread; nor is anything while a view is open.
  const count = viewed ? 0 : messages.filter((m) => m.senderID !== me && m.createdAt > readAt).length;

  const senderIDs = useMemo(() => [...new Set(messages.map((m) => m.senderID))].sort(), [messages]);
  const users = trpc.users.byIDs.useQuery({ ids: senderIDs }, { enabled: senderIDs.length > 0, staleTime: Infinity, placeholderData: (previous) => previous });
  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);
  // One's own name is known before the senders' users load: one's message never reads 'unknown'.
  const myName = session?.name ?? null;
  const nameOf = useCallback((senderID: string) => names.get(senderID) ?? (senderID === me && myName !== null ? myName : 'unknown'), [names, me, myName]);

  const viewing = useCallback(
    (open: boolean) => {
      openViews.current = Math.max(0, openViews.current + (open ? 1 : -1));
      setViewed(openViews.current > 0);
    },
    [],
  );
  const { mutateAsync } = sendMutation;
  const send = useCallback(
    async (message: string) => {
      if (room === null) return null;
      try {
        await mutateAsync({ room, message });
        return null;
      } catch (error) {
        if (unanswered(error)) return CHAT_UNSENT_MESSAGE;
        return error instanceof Error ? error.message : String(error);
      }
    },
    [room, mutateAsync],
  );

  // A room the server refuses (the page of a game or lobby that does not exist, or one the viewer
  // may not watch) is no room: no chat is offered that could only answer "Unknown chat room".
  const status = history.error?.data?.httpStatus ?? 0;
  const refused = status >= 400 && status < 500;
  const value = useMemo<ChatRoom | null>(
    () => (room === null || refused ? null : { room, title, messages, nameOf, unread: count, send, viewing }),
    [room, refused, title, messages, nameOf, count, send, viewing],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
