/**
 * A view of the page's chat room, the same in the docked overlay and in the CHAT button's
 * dialog: the messages (a spectator's marked as such), a box to type in, at most
 * MAX_CHAT_MESSAGE_LENGTH characters as the server allows, and the server's refusal if it
 * refuses, with the message put back to send again. Mounted means open: the room counts nothing
 * as unread meanwhile.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type Ref, type RefObject } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { MAX_CHAT_MESSAGE_LENGTH } from '../../shared/chat.js';
import { focusIsLost } from '../lib/focus.js';
import { useChatRoomView, type ChatRoom } from './chat-room.js';
import classes from './chat-room-view.module.css';
import { UserText } from '../components/user-text.js';

/**
 * `height`: the messages' height (pixels, or a CSS length); without it they take the room they need.
 * `fieldRef`: the message field, for a view that puts the focus there as it opens (the overlay).
 * `kept`: where the words typed and not sent wait while the view is closed (its opener's), so that a
 * chat closed to go back to the table gives them back when opened again; without it they go.
 * `fieldFirst`: in a dialog, the focus starts in the field (lazy-chat-room-view.tsx says how).
 */
export function ChatRoomView({ room, height, fieldRef, kept, fieldFirst = false }: { room: ChatRoom; height?: number | string; fieldRef?: Ref<HTMLInputElement>; kept?: RefObject<string>; fieldFirst?: boolean }) {
  useChatRoomView(room);
  // Arriving after the dialog opened (the view's code, the first time), the field takes the focus
  // from the loading line that held it, now gone; not from wherever the player has put it since.
  const arrived = useCallback(
    (field: HTMLInputElement | null) => {
      if (field && fieldFirst && focusIsLost()) field.focus();
    },
    [fieldFirst],
  );
  const fieldRefs = useMergedRef(fieldRef, arrived);
  const [draft, setDraft] = useState(() => kept?.current ?? '');
  useEffect(() => {
    if (kept) kept.current = draft;
  }, [kept, draft]);
  const [failure, setFailure] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const count = room.messages.length;

  useEffect(() => {
    if (body.current) body.current.scrollTop = body.current.scrollHeight;
  }, [count]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = draft.trim();
    if (!message) return;
    setDraft('');
    const refusal = await room.send(message);
    setFailure(refusal);
    // A refused message goes back in the box (unless something new was typed meanwhile), so that
    // "sending too fast" costs a wait, not the words.
    if (refusal !== null) setDraft((typed) => (typed === '' ? message : typed));
  }

  return (
    <>
      <div className={classes.body} style={height ? { height } : undefined} ref={body} role="log" aria-label={`${room.title}: what was said`} aria-live="polite" tabIndex={0}>
        {count === 0 && <p className={classes.empty}>No messages yet.</p>}
        {room.messages.map((m) => (
          <p key={m.id} className={classes.message} data-chat-message data-spectator={m.spectator ? 'true' : undefined}>
            <strong>
              <UserText>{room.nameOf(m.senderID)}</UserText>
            </strong>
            {m.spectator && <span className={classes.spectator}> (spectator)</span>}
            <strong>:</strong> <UserText>{m.message}</UserText>
          </p>
        ))}
      </div>
      {failure && (
        <p className={classes.error} role="alert">
          {failure}
        </p>
      )}
      {/* Near the limit, how much is left: the field stops at it, and a longer paste is cut there. */}
      {draft.length > MAX_CHAT_MESSAGE_LENGTH - 100 && (
        <p className={classes.count} aria-live="polite" data-testid="chat-count">
          {draft.length >= MAX_CHAT_MESSAGE_LENGTH
            ? `${draft.length}/${MAX_CHAT_MESSAGE_LENGTH}: a message has at most ${MAX_CHAT_MESSAGE_LENGTH} characters.`
            : `${draft.length}/${MAX_CHAT_MESSAGE_LENGTH}`}
        </p>
      )}
      <form onSubmit={submit} className={classes.form}>
        <input ref={fieldRefs} data-autofocus={fieldFirst || undefined} aria-label="Message" placeholder="Say something…" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} maxLength={MAX_CHAT_MESSAGE_LENGTH} />
        <button type="submit" className={classes.send}>
          Send
        </button>
      </form>
    </>
  );
}
