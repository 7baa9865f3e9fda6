/**
 * A chat message the server refuses (sent too fast, say) is not lost: the refusal is shown and the
 * words go back in the box, to send again once the wait is over.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ChatRoomView } from '../../../src/web/chat/chat-room-view.js';
import type { ChatRoom } from '../../../src/web/chat/chat-room.js';

afterEach(cleanup);

const TOO_FAST = 'You are sending messages too fast. Wait a moment.';

function room(answers: (string | null)[], sent: string[]): ChatRoom {
  return {
    room: 'lobby:l1',
    title: 'Lobby Chat',
    messages: [],
    nameOf: () => 'Ann',
    unread: 0,
    send: (message) => {
      sent.push(message);
      return Promise.resolve(answers.shift() ?? null);
    },
    viewing: () => undefined,
  };
}

describe('the chat box', () => {
  test('a refused message is put back with the refusal shown; a message sent clears the box', async () => {
    const sent: string[] = [];
    render(<ChatRoomView room={room([TOO_FAST, null], sent)} />);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '  good game, all  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByRole('alert').textContent).toBe(TOO_FAST);
    expect(box.value).toBe('good game, all');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(sent).toEqual(['good game, all', 'good game, all']);
    expect(box.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
