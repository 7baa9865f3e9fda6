/**
 * The CHAT button of the game screen (a click or a long press of 500 ms) and its dialog, titled
 * with the room's title ('Game Chat'): a view of the page's chat room (src/web/chat), the same
 * room the docked overlay shows, so both share their messages and one unread count. The lobby
 * page uses the same button for 'Lobby Chat'. Without a room (signed out) there is no button.
 * The dialog covers the page: what the page must still say there (the game's move due) comes
 * first in it (`top`, given the way to close the dialog). The focus starts in the message field all
 * the same: whoever opens a chat opens it to type, and the table is a Tab or Escape away.
 */
import { memo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Modal } from '../../lib/lazy-modal.js';
import { IconMessageCircle } from '@tabler/icons-react';
import { LazyChatRoomView } from '../../chat/lazy-chat-room-view.js';
import { useChatRoom } from '../../chat/chat-room.js';
import { useLongPress } from '../../lib/press.js';
import classes from './presentation.module.css';

/** The dialog's messages: taller than the docked overlay's, within half a phone's height. */
const CHAT_DIALOG_HEIGHT = 'min(50vh, 320px)';

/** What a dialog shows above the messages, given the way to close it. */
export type ChatTop = (close: () => void) => ReactNode;

/**
 * The game screen's CHAT button: the page's room is the game's; `top`, the player's move while it
 * is due. Memoised: the screen draws again for every view, and the button shows none of it.
 */
export const GameChatButton = memo(function GameChatButton({ top }: { top?: ChatTop }) {
  return <ChatButton top={top} />;
});

/** A CHAT button with the room's unread count, opening the page's chat room in a dialog. */
export function ChatButton({ top }: { top?: ChatTop }) {
  const room = useChatRoom();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  // The words typed and not sent, while the dialog is closed: back from the table, they are still there.
  const kept = useRef('');
  const press = useLongPress(() => setOpened(true));
  if (!room) return null;
  return (
    <>
      <Button {...press} variant="light" color="gold" leftSection={<IconMessageCircle size={18} aria-hidden />} className={classes.chatButton} aria-haspopup="dialog">
        CHAT
        {room.unread > 0 && (
          <span className={classes.unread} aria-label={`${room.unread} unread`}>
            {room.unread}
          </span>
        )}
      </Button>
      <Modal opened={opened} onClose={close} title={room.title} centered size="md" withCloseButton={false}>
        {opened && top?.(close)}
        {/* Mounted only while open: an open view is what makes messages read. */}
        {opened && (
          <div className={classes.chatDialog}>
            <LazyChatRoomView room={room} height={CHAT_DIALOG_HEIGHT} kept={kept} fieldFirst />
          </div>
        )}
        <Button variant="default" fullWidth mt="sm" onClick={close}>
          Close
        </Button>
      </Modal>
    </>
  );
}
