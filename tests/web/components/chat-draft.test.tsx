/**
 * A chat's message box: near the limit it says how much is left, and at it that a message has at
 * most 500 characters (the field stops there); a message is sent trimmed, and the box emptied for
 * the next; a box of blanks sends nothing and counts nothing.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ChatRoom } from '../../../src/web/chat/chat-room.js';
import { ChatRoomView } from '../../../src/web/chat/chat-room-view.js';

afterEach(cleanup);

/** The lobby's room; what it was asked to send. */
function lobbyRoom() {
  const sent: string[] = [];
  const room: ChatRoom = {
    room: 'lobby/l_1',
    title: 'Lobby Chat',
    messages: [],
    nameOf: () => 'Ann',
    unread: 0,
    send: (message) => Promise.resolve(void sent.push(message)).then(() => null),
    viewing: () => undefined,
  };
  render(<ChatRoomView room={room} />);
  return sent;
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Message' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const count = () => screen.queryByTestId('chat-count')?.textContent ?? null;

test('near the limit the box says how much is left, at it that a message has at most 500 characters, where the field stops', () => {
  lobbyRoom();
  type('x'.repeat(400));
  expect(count()).toBeNull();
  type('x'.repeat(450));
  expect(count()).toBe('450/500');
  type('x'.repeat(500));
  expect(count()).toBe('500/500: a message has at most 500 characters.');
  expect(field().maxLength).toBe(500);
});

test('a message goes trimmed and the box empties; blanks send nothing and count nothing', async () => {
  const sent = lobbyRoom();
  type('   ');
  expect(count()).toBeNull();
  fireEvent.submit(field());
  type('  May the gods favor us  ');
  await act(async () => fireEvent.submit(field()));
  expect(field().value).toBe('');
  expect(sent).toEqual(['May the gods favor us']);
});
