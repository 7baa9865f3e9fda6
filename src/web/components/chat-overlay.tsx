/**
 * The chat overlay of lobby and game pages: a small window at the bottom right, collapsed by
 * default and toggled by its header, with the room's unread count while collapsed. It is one
 * view of the page's chat room (ChatRoomProvider), as the CHAT button's dialog is another.
 */
import { useEffect, useState } from 'react';
import { LazyChatRoomView } from '../chat/lazy-chat-room-view.js';
import type { ChatRoom } from '../chat/chat-room.js';
import classes from './chat-overlay.module.css';

/** The chat body is 250 px high and the window 200 px wide. */
export const CHAT_BODY_HEIGHT = 250;
export const CHAT_WIDTH = 200;

export function ChatOverlay({ room }: { room: ChatRoom }) {
  const [open, setOpen] = useState(false);
  // The page keeps room below its end for the window, open or docked (chat-overlay.module.css):
  // open, it covered the lobby's last button ("Use my value"); docked, its title bar covered the
  // foot of the page's last lines. No scrolling brought either out.
  useEffect(() => {
    document.documentElement.dataset.chat = open ? 'open' : 'docked';
    return () => void delete document.documentElement.dataset.chat;
  }, [open]);
  const bodyID = `chat-body-${room.room.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <section className={classes.overlay} style={{ width: CHAT_WIDTH }} aria-label={room.title} data-open={open}>
      <button type="button" className={classes.header} onClick={() => setOpen((was) => !was)} aria-expanded={open} aria-controls={bodyID}>
        <span>{room.title}</span>
        {!open && room.unread > 0 && (
          <span className={classes.unread} aria-label={`${room.unread} unread`}>
            {room.unread}
          </span>
        )}
        <span aria-hidden="true" className={classes.chevron}>
          {open ? '▾' : '▴'}
        </span>
      </button>
      <div id={bodyID} hidden={!open}>
        {open && <LazyChatRoomView room={room} height={CHAT_BODY_HEIGHT} />}
      </div>
    </section>
  );
}
