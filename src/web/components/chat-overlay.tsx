/**
 * The chat overlay of lobby and game pages: a small window at the bottom
 * right, collapsed by default and toggled by its header, with the count of messages that arrived
 * while it was collapsed. Messages come live from chat.onRoom after the room's history; a sender
 * not yet known shows as 'unknown' until their user is loaded.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatMessage } from '../lib/api-types.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';

/** The chat body is 250 px high and the window 200 px wide. */
export const CHAT_BODY_HEIGHT = 250;
export const CHAT_WIDTH = 200;

function useSenderNames(messages: ChatMessage[]): Map<string, string> {
  const ids = [...new Set(messages.map((m) => m.senderID))].sort();
  const users = trpc.users.byIDs.useQuery({ ids }, { enabled: ids.length > 0, staleTime: Infinity, placeholderData: (previous) => previous });
  return new Map((users.data ?? []).map((u) => [u.id, u.name]));
}

export function ChatOverlay({ room, title }: { room: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [unread, setUnread] = useState(0);
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  // One's own messages are never unread.
  const me = useSession().user?.id ?? null;
  const meRef = useRef(me);
  meRef.current = me;
  const body = useRef<HTMLDivElement>(null);

  const history = trpc.chat.history.useQuery({ room }, { staleTime: Infinity });
  const send = trpc.chat.send.useMutation();
  trpc.chat.onRoom.useSubscription(
    { room },
    {
      onData: (message) => {
        setMessages((held) => (held.some((m) => m.id === message.id) ? held : [...held, message]));
        if (!openRef.current && message.senderID !== meRef.current) setUnread((n) => n + 1);
      },
    },
  );

  // The history and the live messages, once each, oldest first.
  const all = [...(history.data ?? []).filter((h) => !messages.some((m) => m.id === h.id)), ...messages];
  const names = useSenderNames(all);

  useEffect(() => {
    if (open && body.current) body.current.scrollTop = body.current.scrollHeight;
  }, [open, all.length]);

  function toggle() {
    setOpen((was) => !was);
    setUnread(0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = draft.trim();
    if (!message) return;
    setDraft('');
    setFailure(null);
    try {
      await send.mutateAsync({ room, message });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  const bodyID = `chat-body-${room.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <section className="mythos-chat" style={{ width: CHAT_WIDTH }} aria-label={title} data-open={open}>
      <button type="button" className="mythos-chat-header" onClick={toggle} aria-expanded={open} aria-controls={bodyID}>
        <span>{title}</span>
        {!open && unread > 0 && (
          <span className="mythos-chat-unread" aria-label={`${unread} unread`}>
            {unread}
          </span>
        )}
        <span aria-hidden="true" className="mythos-chat-chevron">
          {open ? '▾' : '▴'}
        </span>
      </button>
      <div id={bodyID} hidden={!open}>
        <div className="mythos-chat-body" style={{ height: CHAT_BODY_HEIGHT }} ref={body} role="log" aria-live="polite" tabIndex={0}>
          {all.length === 0 && <p className="mythos-chat-empty">No messages yet.</p>}
          {all.map((m) => (
            <p key={m.id} className="mythos-chat-message">
              <strong>{names.get(m.senderID) ?? 'unknown'}:</strong> {m.message}
            </p>
          ))}
        </div>
        {failure && (
          <p className="mythos-chat-error" role="alert">
            {failure}
          </p>
        )}
        <form onSubmit={submit} className="mythos-chat-form">
          <input aria-label="Message" placeholder="Say something…" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} maxLength={2000} />
        </form>
      </div>
    </section>
  );
}
