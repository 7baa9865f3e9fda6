/**
 * The leaderboard's next page while it is on its way: the board emptied to "Loading..." with its
 * pager gone, so the page shrank by a table's height under the reader's pointer (who had scrolled
 * down to the pager) and the pager came back somewhere else a moment later; on a slow connection
 * there was nothing to press meanwhile. The page shown stays, its pager with it, until the next
 * one comes. The real tRPC client and query library, over a link the test answers.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCReact } from '@trpc/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppRouter } from '../../../src/server/trpc/router.js';
import { theme } from '../../../src/web/theme.js';

vi.mock('../../../src/web/lib/trpc.js', () => ({ trpc: createTRPCReact<AppRouter>() }));

const { trpc } = await import('../../../src/web/lib/trpc.js');
const { Page } = await import('../../../src/web/pages/leaderboard.js');

const TOTAL = 30;
const row = (i: number) => ({ userID: `u_${i}`, name: `Player ${i}`, place: i + 1, rating: 1600 - i, provisional: true, games: 1, mu: 25, sigma: 8 });
/** The second page's answer, held until the test gives it. */
let answerPageTwo: (() => void) | null = null;

const link: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    if (op.type !== 'query') return;
    const answer = (data: unknown) => {
      observer.next({ result: { type: 'data', data } });
      observer.complete();
    };
    if (op.path === 'session.me') return answer({ id: 'u_reader', name: 'Reader' });
    const { provisional, offset, limit } = op.input as { provisional: boolean; offset: number; limit: number };
    if (!provisional) return answer({ rows: [], total: 0, mine: null });
    const page = { rows: Array.from({ length: Math.min(limit, TOTAL - offset) }, (_, i) => row(offset + i)), total: TOTAL, mine: null };
    if (offset === 0) return answer(page);
    answerPageTwo = () => answer(page);
  });

afterEach(() => {
  cleanup();
  answerPageTwo = null;
});

test('the page shown and its pager stay while the next page is on its way', async () => {
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [link] });
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/leaderboard']}>
        <trpc.Provider client={client} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <Page />
          </QueryClientProvider>
        </trpc.Provider>
      </MemoryRouter>
    </MantineProvider>,
  );
  const board = screen.getByRole('region', { name: 'Provisional' });
  await within(board).findByText('Player 0');
  fireEvent.click(within(board).getByRole('button', { name: 'Page 2' }));
  await vi.waitFor(() => expect(answerPageTwo).not.toBeNull());

  expect(within(board).queryByText('Loading...')).toBeNull();
  expect(within(board).getByText('Player 0')).toBeTruthy();
  expect(within(board).getByRole('button', { name: 'Page 1' })).toBeTruthy();

  await act(async () => answerPageTwo!());
  await within(board).findByText('Player 25');
  expect(within(board).queryByText('Player 0')).toBeNull();
  expect(within(board).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
});
