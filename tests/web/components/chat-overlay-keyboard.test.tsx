/**
 * The docked chat and the keyboard: opened, it puts the focus in the message field, to type at
 * once (it stayed on the title bar); Escape in it closes it and gives the focus back to the title
 * bar (it did nothing). A tap opens it without the focus, which would raise an on-screen keyboard;
 * and the view's code arriving late takes no focus the player has meanwhile put elsewhere.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ChatRoom } from '../../../src/web/chat/chat-room.js';

/** The chat view's code (loaded the first time a chat opens) arrives once this is called. */
let arrive = () => {};
const arrived = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('../../../src/web/chat/chat-room-view.js', async (original) => {
  await arrived;
  return original();
});

const { ChatOverlay } = await import('../../../src/web/components/chat-overlay.js');

afterEach(cleanup);

const room: ChatRoom = {
  room: 'game/g_1',
  title: 'Game Chat',
  messages: [],
  nameOf: () => 'Ann',
  unread: 0,
  send: () => Promise.resolve(null),
  viewing: () => undefined,
};

/**
 * The page around the overlay: something before it to hold the focus, as a game page has. The
 * view's code is there at once unless `late`.
 */
function page({ late = false } = {}) {
  if (!late) arrive();
  render(
    <>
      <button type="button">Submit</button>
      <ChatOverlay room={room} />
    </>,
  );
  return screen.getByRole('button', { name: 'Game Chat' });
}

describe('the docked chat and the keyboard', () => {
  // First: the view's code has not arrived yet.
  test("opened, then the focus put elsewhere before the view's code arrives: the focus stays there", async () => {
    const user = userEvent.setup();
    const header = page({ late: true });
    await user.click(header);
    await screen.findByText('Loading the chat...');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => arrive());
    await screen.findByRole('textbox', { name: 'Message' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit' }));
  });

  test('Enter on its title bar opens it with the focus in the message field; Escape closes it and gives the focus back to the title bar', async () => {
    const user = userEvent.setup();
    const header = page();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(header);
    await user.keyboard('{Enter}');
    const field = await screen.findByRole('textbox', { name: 'Message' });
    expect(document.activeElement).toBe(field);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('hello{Escape}');
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(document.activeElement).toBe(header);
    // Escape on the closed title bar leaves it as it is.
    await user.keyboard('{Escape}');
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(header);
  });

  test('a click opens it with the focus in the field; Escape from the messages closes it too', async () => {
    const user = userEvent.setup();
    const header = page();
    await user.click(header);
    const field = await screen.findByRole('textbox', { name: 'Message' });
    expect(document.activeElement).toBe(field);
    await user.click(screen.getByRole('log', { name: 'Game Chat: what was said' }));
    await user.keyboard('{Escape}');
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(header);
  });

  test('a tap opens it without putting the focus in the field', async () => {
    const header = page();
    await act(async () => fireEvent(header, new PointerEvent('click', { bubbles: true, cancelable: true, pointerType: 'touch' })));
    const field = await screen.findByRole('textbox', { name: 'Message' });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).not.toBe(field);
  });

  test('words typed and not sent are there again when the window is opened again', async () => {
    const user = userEvent.setup();
    const header = page();
    await user.click(header);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'gg, one more?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(header);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'gg, one more?');
  });
});
