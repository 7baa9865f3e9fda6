/**
 * Rematch in the end-of-game view when the rematch another player opened is no longer open (its
 * host started it with bots without waiting, or everyone left it): the view says so, for pressing
 * Rematch then opens a new lobby. Without the words, a player who pressed it found themselves alone
 * in a lobby of their own, their friend nowhere. And the answers to a rematch: declining one, the
 * view says so and offers nothing more (no Rematch, no Decline); back at the game after opening
 * the rematch's lobby, the view says the viewer opened it, and Rematch goes back to that lobby
 * asking the server for nothing (it once asked to seat them again, and the refusal, "You are
 * already in this lobby.", was a 409 in the page's console). A press gives the person's value for
 * the dice with their seat, or before a start at once with bots alone. The server's calls are
 * stand-ins that record what is asked.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Rematch } from '../../../src/web/game/rematch.js';
import { theme } from '../../../src/web/theme.js';

interface Offer {
  lobbyID: string;
  hostID: string;
  open: boolean;
  declined: string[];
  serverSecretCommitment?: string | null;
}

// Hoisted with the mock, which runs before the file's other lines.
const { served, asked } = vi.hoisted(() => ({
  served: {
    offer: null as Offer | null,
    /** What `rematch.create` answers. */
    made: { lobbyID: 'l_new', created: true, serverSecretCommitment: 'd'.repeat(64) } as { lobbyID: string; created: boolean; serverSecretCommitment: string | null },
    /** The offer's subscription refused (the server's code), and how often it was asked again. */
    refusedWith: null as string | null,
    resets: 0,
  },
  asked: [] as string[],
}));

vi.mock('../../../src/web/lib/trpc.js', async () => {
  const { useState } = await import('react');
  /** A mutation that records its call under `name` and, once called, has succeeded. */
  const recorded = (name: string) => () => {
    const [done, setDone] = useState(false);
    const call = (input: unknown) => {
      asked.push(`${name} ${JSON.stringify(input)}`);
      setDone(true);
      return Promise.resolve(name === 'create' ? served.made : { gameID: 'g_new' });
    };
    return { mutate: call, mutateAsync: call, isPending: false, isSuccess: done };
  };
  return {
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
          create: { useMutation: recorded('create') },
          decline: { useMutation: recorded('decline') },
        },
        join: { useMutation: recorded('join') },
        contribute: { useMutation: recorded('contribute') },
        start: { useMutation: recorded('start') },
      },
    },
  };
});

afterEach(() => {
  cleanup();
  asked.length = 0;
  served.refusedWith = null;
  served.resets = 0;
  served.made = { lobbyID: 'l_new', created: true, serverSecretCommitment: 'd'.repeat(64) };
  window.localStorage.clear();
  vi.useRealTimers();
});

const NAMES: Record<string, string> = { u_eve: 'Eve', u_fay: 'Fay' };

/** The lobby page a press leads to, as far as this file reads it: which lobby. */
function LobbyAt() {
  return <p data-testid="lobby-page">{useParams().lobbyID}</p>;
}

/** `me`'s end-of-game Rematch at /game/g_1 (Fay's unless said), after a game with bots or not, and where a press takes them. */
function view(offer: Offer | null, me = 'u_fay', withBots = false, aloneWithBots = false) {
  served.offer = offer;
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/game/g_1']}>
        <Routes>
          <Route path="/game/:gameID" element={<Rematch gameID="g_1" me={me} nameOf={(id) => NAMES[id] ?? id} withBots={withBots} aloneWithBots={aloneWithBots} />} />
          <Route path="/game/g_new" element={<p data-testid="new-game" />} />
          <Route path="/lobby/:lobbyID" element={<LobbyAt />} />
        </Routes>
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

describe('answering a rematch', () => {
  test('Decline: the view says the viewer declined, and offers nothing more', () => {
    view({ lobbyID: 'l_1', hostID: 'u_eve', open: true, declined: [] }, 'u_fay', true);
    expect(screen.getByRole('status').textContent).toBe('Eve offers a rematch: same settings, same bots.');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(asked).toEqual(['decline {"gameID":"g_1"}']);
    expect(screen.getByRole('status').textContent).toBe('You declined the rematch.');
    expect(screen.queryByRole('button', { name: /^(Rematch|Decline)$/ })).toBeNull();
  });

  test("the host back at the game: told they opened the rematch's lobby, and Rematch goes back to it asking the server nothing", async () => {
    view({ lobbyID: 'l_1', hostID: 'u_eve', open: true, declined: ['u_fay'] }, 'u_eve', true);
    expect(screen.getByRole('status').textContent).toBe('You opened a rematch lobby.');
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rematch' }));
    expect((await screen.findByTestId('lobby-page')).textContent).toBe('l_1');
    expect(asked).toEqual([]);
  });

  test("Rematch on another's offer: the seat is taken with a value for the dice, the lobby's commitment kept first, and the lobby opens", async () => {
    served.made = { lobbyID: 'l_1', created: false, serverSecretCommitment: 'e'.repeat(64) };
    view({ lobbyID: 'l_1', hostID: 'u_eve', open: true, declined: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Rematch' }));
    expect((await screen.findByTestId('lobby-page')).textContent).toBe('l_1');
    expect(asked).toEqual(['create {"gameID":"g_1"}', expect.stringMatching(/^join \{"lobbyID":"l_1","value":"[0-9a-f]{32}"\}$/)]);
    expect(JSON.parse(window.localStorage.getItem('mythosSeenCommitments')!)).toEqual({ 'lobby/l_1': 'e'.repeat(64) });
  });

  test('Rematch alone with bots: the value for the dice is given before the game starts at once', async () => {
    view(null, 'u_fay', true, true);
    fireEvent.click(screen.getByRole('button', { name: 'Rematch' }));
    await screen.findByTestId('new-game');
    expect(asked).toEqual(['create {"gameID":"g_1"}', expect.stringMatching(/^contribute \{"lobbyID":"l_new","value":"[0-9a-f]{32}"\}$/), 'start {"lobbyID":"l_new"}']);
    expect(JSON.parse(window.localStorage.getItem('mythosSeenCommitments')!)).toEqual({ 'lobby/l_new': 'd'.repeat(64) });
  });
});
