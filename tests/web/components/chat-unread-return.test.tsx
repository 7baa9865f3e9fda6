/**
 * Coming back to a lobby or a game: what others said in its chat while the player was away (the
 * page closed) is counted unread, as what comes while the page is open is; once read, it is not
 * counted again on the next visit, nor on another device (the server keeps the mark), even one
 * whose page stayed open, and one's own messages never are.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChatMessage } from '../../../src/web/lib/api-types.js';

/** What the server answers: the room's history, the player's read marks (kept by the server), and the marks sent to it. */
const served: {
  history: ChatMessage[];
  onData: ((message: ChatMessage) => void) | null;
  marks: Record<string, number>;
  marked: { room: string; upTo: number }[];
  /** The room's subscription as the hook reports it, and how often the history was asked for again and the room resubscribed. */
  subscription: { status: 'idle' | 'connecting' | 'pending' | 'error'; error: { message: string; data: { code: string } } | null };
  refetched: number;
  resets: number;
} = {
  history: [],
  onData: null,
  marks: {},
  marked: [],
  subscription: { status: 'pending', error: null },
  refetched: 0,
  resets: 0,
};

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: {
    session: { me: { useQuery: () => ({ data: { id: 'u_ann', name: 'Ann' }, isLoading: false, error: null }) } },
    chat: {
      history: { useQuery: () => ({ data: served.history, error: null, refetch: () => Promise.resolve(void served.refetched++) }) },
      send: { useMutation: () => ({ mutateAsync: () => Promise.resolve() }) },
      readMarks: { useQuery: () => ({ data: served.marks, isPending: false }) },
      markRead: { useMutation: () => ({ mutate: (mark: { room: string; upTo: number }) => served.marked.push(mark) }) },
      onRoom: {
        useSubscription: (_input: unknown, options: { onData: (message: ChatMessage) => void }) => {
          served.onData = options.onData;
          return { ...served.subscription, reset: () => void served.resets++ };
        },
      },
    },
    users: {
      byIDs: {
        useQuery: () => ({
          data: [
            { id: 'u_ann', name: 'Ann' },
            { id: 'u_bob', name: 'Bob' },
          ],
        }),
      },
    },
  },
}));

const { ChatRoomProvider, useChatRoom } = await import('../../../src/web/chat/chat-room.js');
const { ChatOverlay } = await import('../../../src/web/components/chat-overlay.js');

function Overlay() {
  const room = useChatRoom();
  return room ? <ChatOverlay room={room} /> : null;
}

const visit = () =>
  render(
    <ChatRoomProvider room="lobby/l_1" title="Lobby Chat">
      <Overlay />
    </ChatRoomProvider>,
  );

/** Opens the docked chat and waits for its view (loaded the first time a chat opens): an open view is what reads. */
async function openChat(): Promise<void> {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /Lobby Chat/ })));
  await screen.findByRole('log');
  await act(async () => {}); // the view's own effects: it tells the room it is open
}

let next = 1;
const message = (senderID: string, text: string): ChatMessage => ({ id: `c_${next}`, senderID, room: 'lobby/l_1', message: text, createdAt: 1_000 + next++, spectator: false });

beforeEach(() => {
  window.localStorage.clear();
  served.history = [];
  served.onData = null;
  served.marks = {};
  served.marked = [];
  served.subscription = { status: 'pending', error: null };
  served.refetched = 0;
  served.resets = 0;
});
afterEach(cleanup);

describe('chat read across visits', () => {
  test('messages sent while the player was away are unread when they come back, and read once opened', async () => {
    // Ann's first visit: she reads what was said, then leaves the page.
    served.history = [message('u_bob', 'Hello Ann'), message('u_ann', 'Hi Bob')];
    visit();
    expect(screen.getByLabelText('1 unread')).toBeTruthy();
    await openChat();
    expect(screen.queryByLabelText(/unread/)).toBeNull();
    cleanup();

    // The next day Bob has said two more things, and Ann one (from another device).
    served.history = [...served.history, message('u_bob', 'See you tomorrow?'), message('u_ann', 'Yes'), message('u_bob', 'I am here now')];
    visit();
    expect(screen.getByLabelText('2 unread')).toBeTruthy();
    // What comes while the page is open is counted too.
    const live = message('u_bob', 'Ready when you are');
    await act(async () => served.onData!(live));
    expect(screen.getByLabelText('3 unread')).toBeTruthy();
    await openChat();
    expect(screen.queryByLabelText(/unread/)).toBeNull();
    // A message that comes while it is open is read too; closed again, nothing read counts again.
    const seen = message('u_bob', 'Good luck');
    await act(async () => served.onData!(seen));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Lobby Chat/ })));
    expect(screen.queryByLabelText(/unread/)).toBeNull();
    cleanup();

    served.history = [...served.history, live, seen];
    visit();
    expect(screen.queryByLabelText(/unread/)).toBeNull();
  });

  test("what was read on another device is not unread on this one: the server's mark counts, and reading here is sent to it", async () => {
    const hello = message('u_bob', 'Hello Ann');
    const hi = message('u_ann', 'Hi Bob');
    const later = message('u_bob', 'Are you there?');
    served.history = [hello, hi, later];
    // Ann read up to "Hello Ann" on her phone; this browser has never opened the room.
    served.marks = { 'lobby/l_1': hello.createdAt };
    visit();
    expect(screen.getByLabelText('1 unread')).toBeTruthy();
    await openChat();
    expect(screen.queryByLabelText(/unread/)).toBeNull();
    expect(served.marked).toEqual([{ room: 'lobby/l_1', upTo: later.createdAt }]);
    // A message that comes while the room is open is read, and its mark sent too.
    const live = message('u_bob', 'Good');
    await act(async () => served.onData!(live));
    expect(served.marked.at(-1)).toEqual({ room: 'lobby/l_1', upTo: live.createdAt });
  });

  test('read on another device while this page stays open: the newer mark the server gives when asked again counts here', async () => {
    const hello = message('u_bob', 'Hello Ann');
    served.history = [hello];
    visit();
    // Read here first: this page now holds its own mark.
    await openChat();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Lobby Chat/ })));
    const later = message('u_bob', 'Are you there?');
    await act(async () => served.onData!(later));
    expect(screen.getByLabelText('1 unread')).toBeTruthy();
    // Read on the phone meanwhile; asked again (this page back in view), the server's mark is past it.
    served.marks = { 'lobby/l_1': later.createdAt };
    await act(async () => served.onData!(message('u_ann', 'On my phone now')));
    expect(screen.queryByLabelText(/unread/)).toBeNull();
  });

  test('back from a drop, the room asks for its history again (what was said meanwhile came to nobody here); refused when asked again, it asks again by itself', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      served.history = [message('u_bob', 'Hello Ann')];
      const { rerender } = visit();
      const again = () =>
        rerender(
          <ChatRoomProvider room="lobby/l_1" title="Lobby Chat">
            <Overlay />
          </ChatRoomProvider>,
        );
      expect(served.refetched).toBe(0);
      served.subscription = { status: 'connecting', error: null };
      act(again);
      served.history = [...served.history, message('u_bob', 'Said while you were away')];
      served.subscription = { status: 'pending', error: null };
      act(again);
      expect(served.refetched).toBe(1);
      expect(screen.getByLabelText('2 unread')).toBeTruthy();
      // Another drop, and the room refused when asked again: asked again after 2 s.
      served.subscription = { status: 'error', error: { message: 'You are subscribing too fast. Wait a moment.', data: { code: 'TOO_MANY_REQUESTS' } } };
      act(again);
      act(() => void vi.advanceTimersByTime(1_999));
      expect(served.resets).toBe(0);
      act(() => void vi.advanceTimersByTime(1));
      expect(served.resets).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
