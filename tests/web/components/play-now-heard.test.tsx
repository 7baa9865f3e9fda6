/**
 * What a blind player hears of a Play now wait: its status, a live region, read the seconds left
 * out at every tick ('17 s left', '16 s left', …), and never who else waited. It says the wait in
 * words once, then each change of who waits ('2 of 3 seats taken: you and 1 more.'), then that the
 * game starts; the seconds stay on the screen, hidden from the reader.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import { PlayNow } from '../../../src/web/pages/play-now.js';
import { theme } from '../../../src/web/theme.js';
import { setSubscription } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(() => {
  cleanup();
  setSubscription('lobbies.playNow.onStatus', { data: undefined } as never);
  vi.useRealTimers();
});

const page = () => (
  <MantineProvider theme={theme}>
    <MemoryRouter>
      <PlayNow />
    </MemoryRouter>
  </MantineProvider>
);

/** The status as a screen reader reads it: its words, without what is hidden from the reader. */
function heard(): string {
  const status = screen.getByRole('status').cloneNode(true) as HTMLElement;
  for (const hidden of status.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (status.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const status = (mine: unknown, waiting: { size: number; waiting: number }[]) =>
  act(() => setSubscription('lobbies.playNow.onStatus', { data: { mine, waiting, windowSeconds: 20 }, status: 'pending', error: null, reset: () => undefined } as never));

test('a wait for a table of 3: said in words, not at each second; each new player at the table once; then the game starting', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const wait = { state: 'waiting', size: 3, since: Date.now(), deadline: Date.now() + 20_000, atTable: 1 };
  render(page());
  status(wait, [{ size: 3, waiting: 1 }]);
  const said = [heard()];
  for (let second = 0; second < 5; second++) {
    act(() => vi.advanceTimersByTime(1_000));
    if (heard() !== said.at(-1)) said.push(heard());
  }
  // The seconds are on the screen all the same.
  expect(screen.getByRole('status').textContent).toMatch(/: 15 s left, then bots/);
  status({ ...wait, atTable: 2 }, [{ size: 3, waiting: 2 }]);
  if (heard() !== said.at(-1)) said.push(heard());
  act(() => vi.advanceTimersByTime(1_000));
  if (heard() !== said.at(-1)) said.push(heard());
  status({ state: 'starting', size: 3 }, [{ size: 3, waiting: 0 }]);
  if (heard() !== said.at(-1)) said.push(heard());
  expect(said).toEqual([
    'Waiting for players for a game of 3, then bots take the empty seats. 1 of 3 seats taken: only you.',
    'Waiting for players for a game of 3, then bots take the empty seats. 2 of 3 seats taken: you and 1 more.',
    'Starting your game...',
  ]);
});
