/**
 * The leaderboard's line for the reader's own place, in a sentence: a provisional rating said in
 * words there ("rated 1500 (provisional).": its "?" beside a full stop read "rated 1500?."), and
 * with the "?" in the table's numbers, as everywhere else a rating stands alone. Each list is
 * answered as the server answers it (the settled players, or the provisional ones).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { atPath } from '../support/at-path.js';

const ANN = { userID: 'u_ann', name: 'Ann', place: 1, rating: 1500, provisional: true, games: 2, mu: 25, sigma: 8 };
const THESEUS = { userID: 'u_theseus', name: 'Theseus', place: 1, rating: 2690, provisional: false, games: 40, mu: 60, sigma: 3 };

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: {
    session: { me: { useQuery: () => ({ data: { id: ANN.userID, name: ANN.name }, isLoading: false, error: null }) } },
    ratings: {
      leaderboard: {
        useQuery: ({ provisional }: { provisional: boolean }) => ({
          data: provisional ? { rows: [ANN], total: 1, mine: ANN } : { rows: [THESEUS], total: 1, mine: null },
          isError: false,
        }),
      },
    },
  },
}));

const { Page } = await import('../../../src/web/pages/leaderboard.js');

afterEach(cleanup);

test("the reader's own provisional rating is said in words in the line above the table, and with its \"?\" in the table", () => {
  render(atPath('/leaderboard', <Page />));
  const provisional = screen.getByRole('region', { name: 'Provisional' });
  expect(within(provisional).getByTestId('provisional-mine').textContent).toBe('Your place: #1 of 1, rated 1500 (provisional).');
  expect(within(provisional).getByRole('row', { current: true }).textContent).toBe('#1Ann (you)1500?2');
  expect(within(screen.getByRole('region', { name: 'Rated players' })).queryByTestId('rated-mine')).toBeNull();
});
