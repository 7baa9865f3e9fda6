/**
 * The CHAT button of the game screen (a click or a long press of 500 ms) and its 'Game Chat'
 * modal: the room game/{gameID}'s history, live messages, and a box to send (trimmed; empty
 * messages are not sent; the box is cleared on send). Senders not loaded yet show as 'unknown'.
 * The lobby page uses the same button for 'Lobby Chat' where the chat overlay is not shown
 * (small or touch screens).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Modal, TextInput } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useSession } from '../../lib/session.js';
import { trpc } from '../../lib/trpc.js';
import type { GameScreenState } from '../model.js';
import { useLongPress } from './long-press.js';
import classes from './presentation.module.css';

interface ChatMessage {
  id: string;
  senderID: string;
  message: string;
  createdAt: number;
}

/** The game is named by `gameID`, or by `state` (the game screen's state) when given that. */
export function GameChatButton({ gameID: id, state }: { gameID?: string; state?: GameScreenState }) {
  const gameID = id ?? state?.game.id ?? '';
  return <ChatButton room={`game/${gameID}`} title="Game Chat" />;
}

/** A CHAT button with its unread count, opening the chat of `room` in a modal titled `title`. */
export function ChatButton({ room, title }: { room: string; title: string }) {
  const [opened, setOpened] = useState(false);
  const [unread, setUnread] = useState(0);
  const press = useLongPress(() => {
    setOpened(true);
    setUnread(0);
  });
  return (
    <>
      <Button {...press} variant="light" color="gold" leftSection={<IconMessageCircle size={18} aria-hidden />} className={classes.chatButton} aria-haspopup="dialog">
        CHAT{unread > 0 && <span className={classes.unread} aria-label={`${unread} unread`}>{unread}</span>}
      </Button>
      <ChatModal room={room} title={title} opened={opened} onClose={() => setOpened(false)} onUnseen={() => !opened && setUnread((n) => n + 1)} />
    </>
  );
}

function ChatModal({ room, title, opened, onClose, onUnseen }: { room: string; title: string; opened: boolean; onClose: () => void; onUnseen: () => void }) {
  const history = trpc.chat.history.useQuery({ room }, { staleTime: Infinity });
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const send = trpc.chat.send.useMutation();
  const me = useSession().user?.id ?? null;
  trpc.chat.onRoom.useSubscription(
    { room },
    {
      onData: (message) => {
        setLive((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
        // One's own messages are never unread.
        if (message.senderID !== me) onUnseen();
      },
    },
  );

  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(history.data ?? []), ...live].filter((m) => !seen.has(m.id) && (seen.add(m.id), true)).sort((a, b) => a.createdAt - b.createdAt);
  }, [history.data, live]);

  const senderIDs = useMemo(() => [...new Set(messages.map((m) => m.senderID))].sort(), [messages]);
  const users = trpc.users.byIDs.useQuery({ ids: senderIDs }, { enabled: senderIDs.length > 0, placeholderData: (previous) => previous });
  const nameOf = (id: string) => users.data?.find((u) => u.id === id)?.name ?? 'unknown';

  const end = useRef<HTMLDivElement>(null);
  // A block body: in some browsers scrollIntoView returns a promise, which React would call as a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, opened]);

  const submit = () => {
    const message = draft.trim();
    if (message.length === 0) return;
    setDraft('');
    send.mutate({ room, message });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md" withCloseButton={false}>
      <div className={classes.chatMessages} role="log" aria-label="Chat messages">
        {messages.length === 0 && <p className={classes.logEmpty}>No messages yet.</p>}
        {messages.map((m) => (
          <p key={m.id} className={classes.chatMessage}>
            <strong>{nameOf(m.senderID)}:</strong> {m.message}
          </p>
        ))}
        <div ref={end} />
      </div>
      <form
        className={classes.chatForm}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput
          aria-label="Message"
          placeholder="Say something..."
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          maxLength={500}
          style={{ flex: 1 }}
          error={send.error?.message}
        />
        <Button type="submit">Send</Button>
      </form>
      <Button variant="default" fullWidth mt="sm" onClick={onClose}>
        Close
      </Button>
    </Modal>
  );
}
