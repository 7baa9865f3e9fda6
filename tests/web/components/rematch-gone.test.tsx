/**
 * Rematch in the end-of-game view when the rematch another player opened is no longer open (its
 * host started it with bots without waiting, or everyone left it): the view says so, for pressing
 * Rematch then opens a new lobby. Without the words, a player who pressed it found themselves alone
 * in a lobby of their own, their friend nowhere. The server's calls are stand-ins.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Rematch } from '../../../src/web/game/rematch.js';
import { theme } from '../../../src/web/theme.js';

interface Offer {
  lobbyID: string;
  hostID: string;
  open: boolean;
  declined: string[];
}

// Hoisted with the mock, which runs before the file's other lines.
const { served, mutation } = vi.hoisted(() => ({
  served: {
    offer: null as Offer | null,
    /** The offer's subscription refused (the server's code), and how often it was asked again. */
    refusedWith: null as string | null,
    resets: 0,
  },
  mutation: () => ({ mutate: () => undefined, mutateAsync: () => Promise.resolve(), isPending: false, isSuccess: false }),
}));

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: {
    lobbies: {
      rematch: {
        onOffer: {
          useSubscription: () => ({
            data: served.offer,
            status: served.refusedWith === null ? 'pending' : 'error',
            error: served.refusedWith === null ? null : { message: 'refused', data: { code: served.refusedWith } },
            reset: () => void served.resets++,
          }),
        },
        create: { useMutation: mutation },
        decline: { useMutation: mutation },
      },
      join: { useMutation: mutation },
      start: { useMutation: mutation },
    },
  },
}));

afterEach(() => {
  cleanup();
  served.refusedWith = null;
  served.resets = 0;
  vi.useRealTimers();
});

const NAMES: Record<string, string> = { u_eve: 'Eve', u_fay: 'Fay' };

function view(offer: Offer | null) {
  served.offer = offer;
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <Rematch gameID="g_1" me="u_fay" nameOf={(id) => NAMES[id] ?? id} withBots={false} aloneWithBots={false} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe("Rematch after another player's rematch", () => {
  test('open: the offer, Rematch and Decline', () => {
    view({ lobbyID: 'l_1', hostID: 'u_eve', open: true, declined: [] });
    expect(screen.getByRole('status').textContent).toBe('Eve offers a rematch: same settings.');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  test('no longer open: says so, and Rematch stays to open a new one', () => {
    view({ lobbyID: 'l_1', hostID: 'u_eve', open: false, declined: [] });
    expect(screen.getByRole('status').textContent).toBe("Eve's rematch lobby is no longer open. Rematch opens a new one.");
    expect(screen.getByRole('button', { name: 'Rematch' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  test('none asked for yet, or the viewer declined: no such words', () => {
    view(null);
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    view({ lobbyID: 'l_1', hostID: 'u_eve', open: false, declined: ['u_fay'] });
    expect(screen.getByRole('status').textContent).toBe('You declined the rematch.');
  });

  test('the offer refused when asked again after a drop (too many subscriptions at once) is asked again by itself: a rematch offered meanwhile would never show', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    served.refusedWith = 'TOO_MANY_REQUESTS';
    view(null);
    vi.advanceTimersByTime(1_999);
    expect(served.resets).toBe(0);
    vi.advanceTimersByTime(1);
    expect(served.resets).toBe(1);
  });
});
