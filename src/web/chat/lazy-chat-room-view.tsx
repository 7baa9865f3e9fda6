/**
 * The chat room's view, loaded the first time a chat opens rather than with the page: both ways of
 * opening it (the docked overlay and the CHAT button's dialog) mount it only while open, and most
 * visits to a game never do. Its code not arriving (the site updated since the tab opened, or the
 * connection dropped) is said in its place; the page stays.
 */
import { lazy, Suspense, type Ref, type RefObject } from 'react';
import { PartBoundary } from '../components/part-boundary.js';
import type { ChatRoom } from './chat-room.js';

const ChatRoomView = lazy(() => import('./chat-room-view.js').then((m) => ({ default: m.ChatRoomView })));

export function LazyChatRoomView(props: { room: ChatRoom; height?: number | string; fieldRef?: Ref<HTMLInputElement>; kept?: RefObject<string> }) {
  return (
    <PartBoundary what="The chat">
      <Suspense fallback={<p role="status">Loading the chat...</p>}>
        <ChatRoomView {...props} />
      </Suspense>
    </PartBoundary>
  );
}
