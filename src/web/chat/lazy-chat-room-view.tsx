/**
 * The chat room's view, loaded the first time a chat opens rather than with the page: both ways of
 * opening it (the docked overlay and the CHAT button's dialog) mount it only while open, and most
 * visits to a game never do. Its code not arriving (the site updated since the tab opened, or the
 * connection dropped) is said in its place; the page stays.
 *
 * `fieldFirst` (the CHAT button's dialog): the focus starts in the message field, to type at once,
 * as the docked overlay's does. A dialog's focus trap puts it on the first place marked
 * `data-autofocus`, else on its first button ("Back to the table" while the move is due, which one
 * who opened the chat to type had to Tab past). The field is so marked; while the view's code is
 * on its way, the loading line is, and the field takes the focus from it as it arrives.
 */
import { Suspense, type Ref, type RefObject } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { PartBoundary } from '../components/part-boundary.js';
import type { ChatRoom } from './chat-room.js';

const ChatRoomView = retryingLazy(() => import('./chat-room-view.js').then((m) => ({ default: m.ChatRoomView })));

export function LazyChatRoomView(props: { room: ChatRoom; height?: number | string; fieldRef?: Ref<HTMLInputElement>; kept?: RefObject<string>; fieldFirst?: boolean }) {
  const waiting = props.fieldFirst ? { tabIndex: -1, 'data-autofocus': true } : {};
  return (
    <PartBoundary what="The chat">
      <Suspense
        fallback={
          <p role="status" {...waiting}>
            Loading the chat...
          </p>
        }
      >
        <ChatRoomView {...props} />
      </Suspense>
    </PartBoundary>
  );
}
