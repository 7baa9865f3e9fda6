/**
 * The chat room of the page (a lobby's or a game's), held once for the whole page: its history,
 * the live messages (one chat.onRoom subscription), the senders' names, sending, and one unread
 * count. Both ways of showing it, the docked overlay and the CHAT button's dialog, are views of
 * this one room (ChatRoomView): a message read in either is read, and both count the same.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../lib/api-types.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';

export interface ChatRoom {
  room: string;
  title: string;
  /** The history and the live messages, each once, oldest first. */
  messages: ChatMessage[];
  /** A sender's name, or 'unknown' until their user is loaded. */
  nameOf: (senderID: string) => string;
  /** Messages from others that came while no view of the room was open. */
  unread: number;
  /** Sends a message (already trimmed and not empty); resolves to the refusal's words, or null. */
  send: (message: string) => Promise<string | null>;
  /** A view opened (true) or closed (false): while one is open, nothing is unread. */
  viewing: (open: boolean) => void;
}

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
  const meRef = useRef(me);
  meRef.current = me;
  // Kept with the room they belong to, so that another room's page starts from nothing.
  const [live, setLive] = useState<{ room: string | null; messages: ChatMessage[] }>({ room, messages: [] });
  const [unread, setUnread] = useState<{ room: string | null; count: number }>({ room, count: 0 });
  const openViews = useRef(0);

  const history = trpc.chat.history.useQuery({ room: room ?? '' }, { enabled: room !== null, staleTime: Infinity });
  const sendMutation = trpc.chat.send.useMutation();
  trpc.chat.onRoom.useSubscription(
    { room: room ?? '' },
    {
      enabled: room !== null,
      onData: (message) => {
        setLive((held) => {
          const messages = held.room === message.room ? held.messages : [];
          return messages.some((m) => m.id === message.id) ? held : { room: message.room, messages: [...messages, message] };
        });
        // One's own messages are never unread.
        if (openViews.current === 0 && message.senderID !== meRef.current) {
          setUnread((held) => ({ room: message.room, count: (held.room === message.room ? held.count : 0) + 1 }));
        }
      },
    },
  );

  const liveMessages = live.room === room ? live.messages : NO_MESSAGES;
  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(history.data ?? []), ...liveMessages].filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
  }, [history.data, liveMessages]);

  const senderIDs = useMemo(() => [...new Set(messages.map((m) => m.senderID))].sort(), [messages]);
  const users = trpc.users.byIDs.useQuery({ ids: senderIDs }, { enabled: senderIDs.length > 0, staleTime: Infinity, placeholderData: (previous) => previous });
  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);
  // One's own name is known before the senders' users load: one's message never reads 'unknown'.
  const myName = session?.name ?? null;
  const nameOf = useCallback((senderID: string) => names.get(senderID) ?? (senderID === me && myName !== null ? myName : 'unknown'), [names, me, myName]);

  const viewing = useCallback(
    (open: boolean) => {
      openViews.current = Math.max(0, openViews.current + (open ? 1 : -1));
      if (open) setUnread({ room, count: 0 });
    },
    [room],
  );
  const { mutateAsync } = sendMutation;
  const send = useCallback(
    async (message: string) => {
      if (room === null) return null;
      try {
        await mutateAsync({ room, message });
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    [room, mutateAsync],
  );

  const count = unread.room === room ? unread.count : 0;
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
