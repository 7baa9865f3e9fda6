/**
 * The chat overlay of lobby and game pages: a small window at the bottom right, collapsed by
 * default and toggled by its header, with the room's unread count while collapsed. It is one
 * view of the page's chat room (ChatRoomProvider), as the CHAT button's dialog is another.
 *
 * Opened, it puts the focus in the message field, to type at once; Escape anywhere in it closes it
 * and gives the focus back to its header, as a small dialog does. The overlay is only drawn for a
 * fine pointer (lib/chat-layout.ts: a touch screen gets the CHAT button's dialog), and even there
 * a tap (a laptop's touch screen) opens it without the focus, which would raise an on-screen
 * keyboard over the page. Words typed and not sent wait while it is closed, as the dialog's do.
 * Where the page's style hides the window (a small window beside a player's panel), an open one
 * shows no messages: nothing is read there, and the CHAT button counts what comes.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { LazyChatRoomView } from '../chat/lazy-chat-room-view.js';
import type { ChatRoom } from '../chat/chat-room.js';
import { focusIsLost } from '../lib/focus.js';
import classes from './chat-overlay.module.css';

/** The chat body is 250 px high and the window 200 px wide. */
export const CHAT_BODY_HEIGHT = 250;
export const CHAT_WIDTH = 200;

export function ChatOverlay({ room }: { room: ChatRoom }) {
  const [open, setOpen] = useState(false);
  const section = useRef<HTMLElement>(null);
  const drawn = useDrawn(section);
  // The page keeps room below its end for the window, open or docked (chat-overlay.module.css):
  // open, it covered the lobby's last button ("Use my value"); docked, its title bar covered the
  // foot of the page's last lines. No scrolling brought either out.
  useEffect(() => {
    document.documentElement.dataset.chat = open ? 'open' : 'docked';
    return () => void delete document.documentElement.dataset.chat;
  }, [open]);
  const header = useRef<HTMLButtonElement>(null);
  // The words typed and not sent, while the window is closed: opened again, they are still there.
  const kept = useRef('');
  // Set by an opening that gives the field the focus: the view (loaded the first time) shows later.
  const focusField = useRef(false);
  // The field as it appears: focused if the opening asked for it and the focus has not gone
  // elsewhere meanwhile (the view's code may take a moment to arrive the first time).
  const fieldRef = useCallback((field: HTMLInputElement | null) => {
    if (!field || !focusField.current) return;
    focusField.current = false;
    if (focusIsLost() || document.activeElement === header.current) field.focus();
  }, []);
  const toggle = (event: MouseEvent) => {
    // A click's pointerType is 'touch' for a tap, '' from the keyboard (Enter, Space).
    focusField.current = !open && (event.nativeEvent as Partial<PointerEvent>).pointerType !== 'touch';
    setOpen(!open);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    header.current?.focus();
  };
  const bodyID = `chat-body-${room.room.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    // The keys of what is inside (the title bar, the messages, the field, Send) bubble up here:
    // Escape from any of them closes the window, as a dialog's does.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section ref={section} className={classes.overlay} style={{ width: CHAT_WIDTH }} aria-label={room.title} data-open={open} onKeyDown={onKeyDown}>
      <button type="button" ref={header} className={classes.header} onClick={toggle} aria-expanded={open} aria-controls={bodyID}>
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
        {open && drawn && <LazyChatRoomView room={room} height={CHAT_BODY_HEIGHT} fieldRef={fieldRef} kept={kept} />}
      </div>
    </section>
  );
}

/**
 * Whether `element` is drawn: false while the page's style hides it (display: none gives it no
 * box), as at 768 to 1023 px beside a player's panel. A window opened wide and then narrowed stood
 * hidden with its messages mounted, and a mounted view reads every message that comes.
 */
function useDrawn(element: RefObject<HTMLElement | null>): boolean {
  const [drawn, setDrawn] = useState(true);
  useEffect(() => {
    const target = element.current;
    // No observer (a test's DOM): drawn, as before the observer was asked.
    if (!target || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => setDrawn(entry!.contentRect.width > 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return drawn;
}
