/**
 * A new player's first game, once over, counts among their finished games: the game screen asks
 * for the session again (`useFirstGameOver`), so their next game (a rematch, Play now) opens
 * without 'How a turn goes'. The session was read once a page, and kept: the next game showed the
 * hint again. A player with finished games behind them is not asked about again. The real tRPC
 * client and query library, over a link that answers as the server does.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCReact } from '@trpc/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppRouter } from '../../../src/server/trpc/router.js';

vi.mock('../../../src/web/lib/trpc.js', () => ({ trpc: createTRPCReact<AppRouter>() }));

const { trpc } = await import('../../../src/web/lib/trpc.js');
const { useSession } = await import('../../../src/web/lib/session.js');
const { useFirstGameOver } = await import('../../../src/web/game/first-game-hint.js');

/** What the server says of the player now, and how often it was asked. */
const server = { finishedAGame: false, asked: 0 };

const link: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    if (op.path !== 'session.me') throw new Error(`unexpected ${op.path}`);
    server.asked++;
    observer.next({ result: { type: 'data', data: { id: 'u_nova', name: 'Nova', finishedAGame: server.finishedAGame } } });
    observer.complete();
  });

function Screen({ over }: { over: boolean }) {
  useFirstGameOver(over);
  const { user } = useSession();
  return <p data-testid="finished">{user ? String(user.finishedAGame) : 'unknown'}</p>;
}

function withClient() {
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [link] });
  const wrap = (children: ReactNode) => (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
  const view = render(wrap(<Screen over={false} />));
  return { end: () => view.rerender(wrap(<Screen over />)) };
}

/** Lets the query library settle (its fetches and their answers): time for an ask that must not come. */
const settled = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  cleanup();
  Object.assign(server, { finishedAGame: false, asked: 0 });
});

test('a new player’s game over: the session is asked again, and now says they have finished a game', async () => {
  const screenOf = withClient();
  expect((await screen.findByText('false')).dataset.testid).toBe('finished');
  expect(server.asked).toBe(1);
  // The game's end is saved with the player's totals: the server says so from now on.
  server.finishedAGame = true;
  screenOf.end();
  await screen.findByText('true');
  expect(server.asked).toBe(2);
});

test('a player with finished games behind them is not asked about again when a game ends', async () => {
  server.finishedAGame = true;
  const screenOf = withClient();
  await screen.findByText('true');
  screenOf.end();
  await settled();
  expect(server.asked).toBe(1);
});
