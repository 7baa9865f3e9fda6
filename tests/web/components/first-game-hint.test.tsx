/**
 * A new player's first game opens with how a turn goes: the four steps, how to read a card large
 * on this device, and what being away from the page costs (a bot may play the seat, and a game it
 * mostly played counts as a loss), said before it happens. Who is new is the account's to say
 * (the session's `finishedAGame`): a player with finished games never sees it, on any device or
 * browser. "Got it" closes it for good on this device.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { theme } from '../../../src/web/theme.js';

/** The signed-in player as the session says (null: not known yet). */
let session: { id: string; name: string; finishedAGame: boolean } | null = { id: 'u_new', name: 'Nova', finishedAGame: false };
vi.mock('../../../src/web/lib/session.js', () => ({ useSession: () => ({ user: session, isLoading: session === null, error: null }) }));

const { FirstGameHint } = await import('../../../src/web/game/first-game-hint.js');

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  session = { id: 'u_new', name: 'Nova', finishedAGame: false };
});

const hint = (touch: boolean) =>
  render(
    <MantineProvider theme={theme}>
      <FirstGameHint touch={touch} />
    </MantineProvider>,
  );

describe('the first game’s hint', () => {
  test('the steps, reading a card, and what being away costs', () => {
    hint(false);
    const region = screen.getByRole('region', { name: 'How a turn goes' });
    expect(region.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByText('Rest the pointer on a card to read it large.')).toBeTruthy();
    expect(screen.getByTestId('first-game-hint-away').textContent).toBe('Away from this page, a bot may play for you: a game mostly played by the bot counts as a loss.');
  });

  test('on a touch screen, touching and holding; closed, it stays closed', () => {
    hint(true);
    expect(screen.getByText('Touch and hold a card to read it large.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'How a turn goes' })).toBeNull();
    cleanup();
    hint(true);
    expect(screen.queryByRole('region', { name: 'How a turn goes' })).toBeNull();
  });
});

describe('who sees the first game’s hint', () => {
  test('a player who has finished a game never sees it, on a device that never closed it', () => {
    session = { id: 'u_veteran', name: 'Vera', finishedAGame: true };
    hint(false);
    expect(screen.queryByRole('region', { name: 'How a turn goes' })).toBeNull();
    expect(window.localStorage.getItem('mythosFirstGameHintSeen')).toBeNull();
  });

  test('nor while the session is not known yet (a returning player would see it come and go)', () => {
    session = null;
    hint(false);
    expect(screen.queryByRole('region', { name: 'How a turn goes' })).toBeNull();
  });

  test('a new player on a device that closed it before does not see it again', () => {
    window.localStorage.setItem('mythosFirstGameHintSeen', 'true');
    hint(false);
    expect(screen.queryByRole('region', { name: 'How a turn goes' })).toBeNull();
  });
});

describe('the first game’s hint on a phone', () => {
  test('folded to its title above the trade row: Show opens the steps, Hide folds them, Got it closes it for good', () => {
    render(
      <MantineProvider theme={theme}>
        <FirstGameHint touch folded />
      </MantineProvider>,
    );
    const region = screen.getByRole('region', { name: 'How a turn goes' });
    expect(region.querySelectorAll('li')).toHaveLength(0);
    const show = screen.getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(region.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByText('Touch and hold a card to read it large.')).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(hide.getAttribute('aria-controls')!)).toBeTruthy();
    fireEvent.click(hide);
    expect(region.querySelectorAll('li')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'How a turn goes' })).toBeNull();
  });
});
