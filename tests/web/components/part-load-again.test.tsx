/**
 * A part of a page whose code did not arrive (a phone pressing CHAT while its connection was down)
 * loads again once asked for again: Try again, the browser back online, or the part shown anew.
 * React's own `lazy` keeps its first failure for the life of the page, and the chat said "did not
 * load" at every press after, the connection long back, until the page was reloaded. While the
 * connection stays down, one failed load is one failure shown, not a load tried over and over.
 */
import { Suspense, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PartBoundary } from '../../../src/web/components/part-boundary.js';
import { retryingLazy } from '../../../src/web/lib/retrying-lazy.js';

const CHAT_NOT_LOADED = 'The chat did not load: Mythos may have been updated since this tab was opened, or the connection dropped.';

/** A chunk that fails while `down`, as Chromium says it, and arrives once the connection is back. */
const network = { down: true, loads: 0 };
function ChatView() {
  return <p>No messages yet.</p>;
}
/** The chat's code as the page imports it: made afresh for each test, as each page loads it anew. */
const chatChunk = () =>
  retryingLazy(async () => {
    network.loads++;
    if (network.down) throw new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/chat-room-view-B1x.js');
    return { default: ChatView };
  });
let LazyChat = chatChunk();

function Chat() {
  return (
    <PartBoundary what="The chat">
      <Suspense fallback={<p>Loading the chat...</p>}>
        <LazyChat />
      </Suspense>
    </PartBoundary>
  );
}

/** The game page with its CHAT button, the chat drawn only while open. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Planning</h1>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        CHAT
      </button>
      {open ? <Chat /> : null}
    </main>
  );
}

/** Lets the loads settle, and React draw what they bring. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

beforeEach(() => {
  network.down = true;
  network.loads = 0;
  LazyChat = chatChunk();
  // React reports each caught error on the console as well: not these tests' concern.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Opens the chat with the connection down: one load, its failure said in words, Try again offered. */
async function failedOnce(): Promise<void> {
  render(<Page />);
  fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
  await settle();
  await settle();
  expect(screen.getByTestId('part-failed').textContent).toBe(CHAT_NOT_LOADED);
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  expect(network.loads).toBe(1);
  expect(screen.getByRole('heading').textContent).toBe('Planning');
}

describe('a part whose code did not arrive', () => {
  test('Try again loads it once the connection is back; pressed while it is still down, it fails once more, in the same words', async () => {
    await failedOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByTestId('part-failed').textContent).toBe(CHAT_NOT_LOADED);
    expect(network.loads).toBe(2);

    network.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    expect(screen.queryByTestId('part-failed')).toBeNull();
    expect(network.loads).toBe(3);
  });

  test('the browser back online loads it by itself', async () => {
    await failedOnce();
    network.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(screen.getByText('No messages yet.')).toBeTruthy();
  });

  test('closed and opened again, it loads afresh', async () => {
    await failedOnce();
    network.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
    expect(screen.queryByTestId('part-failed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
    await settle();
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    expect(network.loads).toBe(2);
  });
});
