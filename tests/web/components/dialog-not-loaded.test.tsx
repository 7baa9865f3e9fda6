/**
 * A dialog whose code did not arrive (the site updated since the page opened, its old chunk gone,
 * or the connection down) says so where it would have opened, with a way to try again, one to
 * reload and one to close, and the page around it stays: the game's CHAT pressed after an update
 * took the whole game screen down to the site's error page. Opened again, or Try again, it tries
 * again: once its code arrives, it opens.
 */
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Modal } from '../../../src/web/lib/lazy-modal.js';

const DIALOG_NOT_LOADED = 'This dialog did not load: Mythos may have been updated since this tab was opened, or the connection dropped.';

/** Whether the dialog's chunk is out of reach (each test starts with it so). */
const chunk = vi.hoisted(() => ({ missing: true }));

// As a browser says it when the chunk's file is gone: thrown where the dialog would render; once
// the chunk is in reach, the dialog's content.
vi.mock('../../../src/web/lib/mantine-modal.js', () => ({
  default: ({ opened, children }: { opened: boolean; children: React.ReactNode }) => {
    if (chunk.missing) throw new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/mantine-modal-qK-3WGxO.js');
    return opened ? <div role="dialog">{children}</div> : null;
  },
}));

afterEach(() => {
  cleanup();
  chunk.missing = true;
});

function GameScreen() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Resolution</h1>
      <button type="button" onClick={() => setOpen(true)}>
        CHAT
      </button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Game Chat">
        <p>messages</p>
      </Modal>
    </main>
  );
}

describe('a dialog whose code did not load', () => {
  test('says why in its place, with Try again, Reload and Close; the page stays, and opens it again to the same words', async () => {
    // React reports the caught error on the console as well: not this test's concern.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<GameScreen />);
      fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
      const alert = await screen.findByRole('alert');
      expect(alert.querySelector('p')?.textContent).toBe(DIALOG_NOT_LOADED);
      expect(screen.getByRole('link', { name: 'Reload the page' }).getAttribute('href')).toBe(window.location.href);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect((await screen.findByRole('alert')).querySelector('p')?.textContent).toBe(DIALOG_NOT_LOADED);
      expect(screen.getByRole('heading').textContent).toBe('Resolution');

      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('heading').textContent).toBe('Resolution');

      fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
      expect((await screen.findByRole('alert')).querySelector('p')?.textContent).toBe(DIALOG_NOT_LOADED);
    } finally {
      quiet.mockRestore();
    }
  });

  /** The page with CHAT pressed while the dialog's code is out of reach: its words in its place. */
  async function pressedOutOfReach(): Promise<void> {
    render(<GameScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
    expect((await screen.findByRole('alert')).querySelector('p')?.textContent).toBe(DIALOG_NOT_LOADED);
    chunk.missing = false;
  }

  test.each([
    [
      'closed and opened again',
      () => {
        fireEvent.click(screen.getByRole('button', { name: 'Close' }));
        fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
      },
    ],
    ['Try again, without closing it first', () => fireEvent.click(screen.getByRole('button', { name: 'Try again' }))],
    ['left open, the browser back online', () => fireEvent(window, new Event('online'))],
  ])('once its code is in reach, it opens: %s', async (_how, ask) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await pressedOutOfReach();
      ask();
      expect((await screen.findByRole('dialog')).textContent).toBe('messages');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
