/**
 * A dialog whose code did not arrive (the site updated since the page opened, its old chunk gone)
 * says so where it would have opened, with a way to reload and one to close, and the page around
 * it stays: the game's CHAT pressed after an update took the whole game screen down to the site's
 * error page.
 */
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Modal } from '../../../src/web/lib/lazy-modal.js';

const DIALOG_NOT_LOADED = 'This dialog did not load: Mythos may have been updated since this tab was opened, or the connection dropped.';

// As a browser says it when the chunk's file is gone: thrown where the dialog would render.
vi.mock('../../../src/web/lib/mantine-modal.js', () => ({
  default: () => {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/mantine-modal-qK-3WGxO.js');
  },
}));

afterEach(cleanup);

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
  test('says why in its place, with Reload and Close; the page stays, and opens it again to the same words', async () => {
    // React reports the caught error on the console as well: not this test's concern.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<GameScreen />);
      fireEvent.click(screen.getByRole('button', { name: 'CHAT' }));
      const alert = await screen.findByRole('alert');
      expect(alert.querySelector('p')?.textContent).toBe(DIALOG_NOT_LOADED);
      expect(screen.getByRole('link', { name: 'Reload the page' }).getAttribute('href')).toBe(window.location.href);
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
});
