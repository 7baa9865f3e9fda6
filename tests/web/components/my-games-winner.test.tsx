/**
 * "Your games" marks who won each finished game ("★ winner", as the profile's recent games do): a
 * player who came 3rd of 4 read four names and four favors and had to find the highest. Ties mark
 * every winner; a running game marks nobody. The server's calls are stand-ins.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Page } from '../../../src/web/pages/my-games.js';
import { theme } from '../../../src/web/theme.js';

const seat = (userID: string, favor: number | null, won: boolean | null) => ({ userID, botType: null, favor, won, forfeit: null });
const person = (id: string, name: string) => ({ id, name, canSeeProfile: true, isBot: false });

// Hoisted with the mock, which runs before the file's other lines.
const { served } = vi.hoisted(() => ({ served: { games: [] as unknown[] } }));

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: {
    session: { me: { useQuery: () => ({ data: { id: 'u_ann', name: 'Ann' }, isLoading: false, error: null }) } },
    lobbies: { waiting: { useQuery: () => ({ isError: false, data: [] }) } },
    users: {
      myGames: {
        useQuery: () => ({
          isError: false,
          data: { games: served.games, total: served.games.length, users: [person('u_ann', 'Ann'), person('u_ben', 'Ben'), person('u_cy', 'Cy')] },
        }),
      },
    },
  },
}));

afterEach(cleanup);

function rows(): HTMLElement[] {
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </MantineProvider>,
  );
  return within(screen.getByRole('list', { name: 'Your games' })).getAllByRole('listitem').filter((li) => li.hasAttribute('data-game-id'));
}

/** Each player of a game's row as its words, in seat order. */
const playersOf = (row: HTMLElement) => within(within(row).getByRole('list', { name: 'Players' })).getAllByRole('listitem').map((li) => li.textContent);

describe('Your games', () => {
  test('marks the winners of a finished game, none of a running one', () => {
    served.games = [
      { id: 'g_run', startTimestamp: 3_000, endTimestamp: null, players: [seat('u_ann', null, null), seat('u_ben', null, null)], ratingChange: null, left: false },
      { id: 'g_tie', startTimestamp: 2_000, endTimestamp: 2_500, players: [seat('u_ann', 30, true), seat('u_ben', 30, true), seat('u_cy', 12, false)], ratingChange: null, left: false },
      { id: 'g_lost', startTimestamp: 1_000, endTimestamp: 1_500, players: [seat('u_ann', 47, false), seat('u_ben', 73, true)], ratingChange: null, left: false },
    ];
    const [running, tie, lost] = rows();
    expect(playersOf(running!)).toEqual(['Ann', 'Ben']);
    expect(playersOf(tie!)).toEqual(['Ann30 favor★ winner', 'Ben30 favor★ winner', 'Cy12 favor']);
    expect(playersOf(lost!)).toEqual(['Ann47 favor', 'Ben73 favor★ winner']);
  });
});
