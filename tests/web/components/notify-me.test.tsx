/**
 * "Notify me of my move": offered while the browser has not been asked; gone once the player
 * answers; and when the browser's prompt was closed with no answer, the button stays and says so
 * (the press had seemed to do nothing).
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { NotifyMe } from '../../../src/web/game/seat-notices.js';
import { theme } from '../../../src/web/theme.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The browser's Notification, whose prompt answers `answer`. */
function browserAnswering(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  return requestPermission;
}

async function press() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Notify me of my move' }));
  });
}

describe('Notify me of my move', () => {
  test('a prompt closed with no answer: the button stays, and says why', async () => {
    const asked = browserAnswering('default');
    render(<MantineProvider theme={theme}><NotifyMe /></MantineProvider>);
    expect(screen.queryByRole('status')).toBeNull();
    await press();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('No answer given: press again to be asked.');
    await press();
    expect(asked).toHaveBeenCalledTimes(2);
  });

  test('allowed or blocked: the offer is gone', async () => {
    for (const answer of ['granted', 'denied'] as const) {
      browserAnswering(answer);
      render(<MantineProvider theme={theme}><NotifyMe /></MantineProvider>);
      await press();
      expect(screen.queryByRole('button', { name: 'Notify me of my move' })).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
      cleanup();
    }
  });
});
