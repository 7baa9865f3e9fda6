/**
 * Play now's key of a press: a second click before the status has shown the first press's wait
 * (its answer came, the status has not caught up) sends the same key, so the server answers what
 * became of the first press instead of starting a second wait; once a wait has shown, the next
 * press is a new one with a key of its own. And the wait, as its status says: how long is left
 * before bots take the empty seats, Cancel in place of Play now, how many wait for each size (the
 * player left out of their own size's count), and the size the wait is for standing, read-only but
 * still readable: choosing another does nothing until the wait is over. The server's side
 * (lobbies.playNow) is stood in for.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import { PlayNow } from '../../../src/web/pages/play-now.js';
import { theme } from '../../../src/web/theme.js';

// Hoisted with the mock, which runs before the file's other lines.
const { served, joins, cancels, server } = vi.hoisted(() => {
  const served = {
    mine: null as null | { state: 'waiting'; size: number; since: number; deadline: number; atTable: number } | { state: 'matched'; size: number; gameID: string },
    /** How many wait for each size, the player among them while waiting. */
    waiting: [] as { size: number; waiting: number }[],
    /** The status's subscription refused (the server's code), and how often it was asked again. */
    refusedWith: null as string | null,
    resets: 0,
  };
  const joins: { size: number; pressID: string }[] = [];
  const cancels: string[] = [];
  const mutation = (run: (input: never) => void) => ({
    mutate: run,
    mutateAsync: (input: never) => Promise.resolve(run(input)),
    isPending: false,
  });
  const server = {
    lobbies: {
      playNow: {
        onStatus: {
          useSubscription: () => ({
            data: { mine: served.mine, waiting: served.waiting, windowSeconds: 20 },
            status: served.refusedWith === null ? 'pending' : 'error',
            error: served.refusedWith === null ? null : { message: 'refused', data: { code: served.refusedWith } },
            reset: () => void served.resets++,
          }),
        },
        join: { useMutation: () => mutation((input: { size: number; pressID: string }) => void joins.push(input)) },
        cancel: { useMutation: () => mutation(() => void cancels.push('cancel')) },
      },
    },
  };
  return { served, joins, cancels, server };
});

vi.mock('../../../src/web/lib/trpc.js', () => ({ trpc: server }));

const page = () => (
  <MantineProvider theme={theme}>
    <MemoryRouter>
      <PlayNow />
    </MemoryRouter>
  </MantineProvider>
);

afterEach(() => {
  cleanup();
  joins.length = 0;
  cancels.length = 0;
  served.mine = null;
  served.waiting = [];
  served.refusedWith = null;
  served.resets = 0;
  vi.useRealTimers();
});

test('the status refused when asked again after a drop is asked again by itself: a game found meanwhile would never be told', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  served.refusedWith = 'TOO_MANY_REQUESTS';
  render(page());
  vi.advanceTimersByTime(1_999);
  expect(served.resets).toBe(0);
  vi.advanceTimersByTime(1);
  expect(served.resets).toBe(1);
});

test("a click before the status shows the wait sends the first press's key again; after a wait has shown, a press has a new key", async () => {
  const { rerender } = render(page());
  fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
  fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
  await waitFor(() => expect(joins).toHaveLength(2));
  const [first, second] = joins;
  expect(first!.pressID).toMatch(/^[0-9a-f]{24}$/);
  expect(second).toEqual({ size: 2, pressID: first!.pressID });

  // The status shows the wait, then (cancelled) no wait: the next press is a new one.
  served.mine = { state: 'waiting', size: 2, since: Date.now(), deadline: Date.now() + 20_000, atTable: 1 };
  rerender(page());
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  served.mine = null;
  rerender(page());
  fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
  await waitFor(() => expect(joins).toHaveLength(3));
  expect(joins[2]!.pressID).toMatch(/^[0-9a-f]{24}$/);
  expect(joins[2]!.pressID).not.toBe(first!.pressID);
});

test("once the game is found, the list says it is starting until the game's screen comes, and Play now waits: the status forgets the game at once", async () => {
  // On a slow link the game screen's files took 3 s to come, and the list meanwhile read as if
  // nothing had happened ('A game in one click', Play now ready to start a second wait).
  const { rerender } = render(page());
  served.mine = { state: 'matched', size: 2, gameID: 'g_1' };
  rerender(page());
  served.mine = null;
  rerender(page());
  expect(screen.getByRole('status').textContent).toBe('Starting your game...');
  expect((screen.getByRole('button', { name: 'Play now' }) as HTMLButtonElement).disabled).toBe(true);
});

test("the size the player waits at says who sits at the player's table, not someone else of that size", () => {
  const counts = () => [2, 3, 4].map((n) => document.querySelector(`[data-waiting-size="${n}"]`)!.textContent);
  served.waiting = [{ size: 2, waiting: 1 }, { size: 3, waiting: 2 }];
  const { rerender } = render(page());
  expect(counts()).toEqual(['1 waiting', '2 waiting', '0 waiting']);

  // Waiting for a game of 3 with two others at the table, then alone once they are matched elsewhere.
  served.mine = { state: 'waiting', size: 3, since: Date.now(), deadline: Date.now() + 20_000, atTable: 3 };
  served.waiting = [{ size: 2, waiting: 1 }, { size: 3, waiting: 3 }];
  rerender(page());
  expect(counts()).toEqual(['1 waiting', 'you and 2 more', '0 waiting']);
  served.mine = { ...served.mine, atTable: 1 };
  served.waiting = [{ size: 2, waiting: 1 }, { size: 3, waiting: 1 }];
  rerender(page());
  expect(counts()).toEqual(['1 waiting', 'only you', '0 waiting']);
  // Another of that size waits for the next table (a name like the player's): not at this one.
  served.waiting = [{ size: 2, waiting: 1 }, { size: 3, waiting: 2 }];
  rerender(page());
  expect(counts()).toEqual(['1 waiting', 'only you', '0 waiting']);
  // The wait shown before the counts have caught up with it: still the player alone.
  served.waiting = [];
  rerender(page());
  expect(counts()).toEqual(['0 waiting', 'only you', '0 waiting']);
});

const size = (n: number) => screen.getByRole('radio', { name: new RegExp(`^${n} players`) }) as HTMLInputElement;

test('waiting for a table of 3: the time left, Cancel, the counts, and the size chosen standing', () => {
  served.mine = { state: 'waiting', size: 3, since: Date.now(), deadline: Date.now() + 20_000, atTable: 1 };
  served.waiting = [
    { size: 3, waiting: 1 },
    { size: 4, waiting: 2 },
  ];
  render(page());
  // The seats taken, out of sight: a screen reader's words (play-now-heard.test.tsx).
  expect(screen.getByRole('status').textContent).toMatch(/^Waiting for players for a game of 3: \d+ s left, then bots take the empty seats\. 1 of 3 seats taken: only you\.$/);
  expect(screen.queryByRole('button', { name: 'Play now' })).toBeNull();
  expect([2, 3, 4].map((n) => document.querySelector(`[data-waiting-size="${n}"]`)!.textContent)).toEqual(['0 waiting', 'only you', '2 waiting']);
  const sizes = screen.getByRole('radiogroup', { name: 'Players at the table' });
  expect(sizes.getAttribute('aria-readonly')).toBe('true');
  fireEvent.click(within(sizes).getByText('4 players', { exact: true }));
  expect([2, 3, 4].map((n) => size(n).checked)).toEqual([false, true, false]);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(cancels).toEqual(['cancel']);
});

test('no wait: the sizes can be chosen, and Play now stands where Cancel was', () => {
  render(page());
  const sizes = screen.getByRole('radiogroup', { name: 'Players at the table' });
  expect(sizes.getAttribute('aria-readonly')).toBeNull();
  fireEvent.click(within(sizes).getByText('4 players', { exact: true }));
  expect([2, 3, 4].map((n) => size(n).checked)).toEqual([false, false, true]);
  expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Play now' })).toBeTruthy();
});
