/**
 * The lobby list's unread marks: the server is asked about the open lobbies one sits in or whose
 * chat one read in this browser, each from the newest message read there (no more: the list holds
 * everyone's lobbies); the mark says its count to a screen reader in words; a message of someone
 * else's in a lobby one sits in asks again, one's own does not. The server's calls are stand-ins.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Lobby } from '../../../src/web/lib/api-types.js';
import { CHAT_READ_KEY } from '../../../src/web/lib/chat-read.js';

const { served } = vi.hoisted(() => ({
  served: {
    asked: [] as unknown[],
    enabled: [] as boolean[],
    counts: {} as Record<string, number>,
    refetches: 0,
    listeners: new Map<string, (message: { senderID: string }) => void>(),
    /** The listened chats' subscription as the hook reports it. */
    status: 'pending' as 'connecting' | 'pending',
  },
}));

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: {
    chat: {
      lobbyUnread: {
        useQuery: (input: { lobbies: unknown[] }, options: { enabled: boolean }) => {
          served.asked.push(input.lobbies);
          served.enabled.push(options.enabled);
          return { data: options.enabled ? served.counts : undefined, refetch: () => void served.refetches++ };
        },
      },
      onRoom: {
        useSubscription: (input: { room: string }, options: { onData: (message: { senderID: string }) => void }) => {
          served.listeners.set(input.room, options.onData);
          return { status: served.status, error: null, reset: () => undefined };
        },
      },
    },
  },
}));

const { LobbyChatListener, UnreadMark, useLobbyUnread } = await import('../../../src/web/lobby/lobby-unread.js');

const seat = (id: string) => ({ id, name: id, profilePictureURL: null, seedValue: null, left: false });
const lobby = (id: string, status: Lobby['status'], players: string[]) => ({ id, status, players: players.map(seat) }) as unknown as Lobby;

function Marks({ lobbies }: { lobbies: Lobby[] }) {
  const { unread, listen, recount } = useLobbyUnread(lobbies, 'u_ann');
  return (
    <>
      {listen.map((id) => (
        <LobbyChatListener key={id} lobbyID={id} userID="u_ann" recount={recount} />
      ))}
      <ul>
        {lobbies.map((l) => (
          <li key={l.id} data-lobby-id={l.id}>
            {unread[l.id] ? <UnreadMark count={unread[l.id]!} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

beforeEach(() => {
  Object.assign(served, { asked: [], enabled: [], counts: {}, refetches: 0, listeners: new Map(), status: 'pending' });
  localStorage.clear();
});
afterEach(cleanup);

describe('the lobby list unread marks', () => {
  test("asks about one's own open lobbies and those one read, from the newest read; not started ones, not others'", () => {
    localStorage.setItem(CHAT_READ_KEY, JSON.stringify({ 'u_ann lobby/l_read': 1_000, 'u_ann lobby/l_mine': 500, 'u_bob lobby/l_other': 900, 'u_ann lobby/l_started': 700 }));
    served.counts = { l_mine: 1, l_read: 3 };
    render(<Marks lobbies={[lobby('l_mine', 'open', ['u_ann', 'u_bob']), lobby('l_read', 'open', ['u_cy']), lobby('l_other', 'open', ['u_bob']), lobby('l_started', 'playing', ['u_ann', 'u_bob'])]} />);
    expect(served.asked.at(-1)).toEqual([
      { lobbyID: 'l_mine', after: 500 },
      { lobbyID: 'l_read', after: 1_000 },
    ]);
    // Only the chats of the lobbies one sits in are listened to.
    expect([...served.listeners.keys()]).toEqual(['lobby/l_mine']);
    const marks = screen.getAllByTitle(/unread chat/);
    expect(marks.map((m) => [m.closest('li')!.dataset.lobbyId, m.textContent, m.getAttribute('title')])).toEqual([
      ['l_mine', '1 unread1 unread chat message', '1 unread chat message'],
      ['l_read', '3 unread3 unread chat messages', '3 unread chat messages'],
    ]);
    // The visible count is hidden from a screen reader, which reads the words instead.
    expect(marks[1]!.querySelector('[aria-hidden="true"]')!.textContent).toBe('3 unread');
    expect(marks[1]!.querySelector('.mythos-visually-hidden')!.textContent).toBe('3 unread chat messages');
  });

  test('a lobby never read that one sits in counts from its first message; nothing of one\'s own: nothing asked', () => {
    render(<Marks lobbies={[lobby('l_new', 'open', ['u_ann'])]} />);
    expect(served.asked.at(-1)).toEqual([{ lobbyID: 'l_new', after: 0 }]);
    cleanup();
    served.asked = [];
    served.enabled = [];
    render(<Marks lobbies={[lobby('l_other', 'open', ['u_bob']), lobby('l_done', 'finished', ['u_ann'])]} />);
    expect(served.enabled.at(-1)).toBe(false);
    expect(screen.queryAllByTitle(/unread chat/)).toEqual([]);
  });

  test("someone else's message in a lobby one sits in asks again; one's own does not", () => {
    render(<Marks lobbies={[lobby('l_mine', 'open', ['u_ann', 'u_bob'])]} />);
    const onData = served.listeners.get('lobby/l_mine')!;
    onData({ senderID: 'u_ann' });
    expect(served.refetches).toBe(0);
    onData({ senderID: 'u_bob' });
    expect(served.refetches).toBe(1);
  });

  test('back from a drop, a lobby one sits in is counted again: what was said meanwhile came to nobody here', () => {
    const lobbies = [lobby('l_mine', 'open', ['u_ann', 'u_bob'])];
    const { rerender } = render(<Marks lobbies={lobbies} />);
    served.status = 'connecting';
    rerender(<Marks lobbies={lobbies} />);
    expect(served.refetches).toBe(0);
    served.status = 'pending';
    rerender(<Marks lobbies={lobbies} />);
    expect(served.refetches).toBe(1);
  });
});
