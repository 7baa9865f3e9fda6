/**
 * /replay with a second file opened after a first was stepped through: the second opened at the
 * step the first was left at (the address's `?step=N`, kept across files), so a file opened after
 * another was watched to its end opened on its own last step, its winner shown before its first
 * turn. A file opened starts at its beginning.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { openOnReplayPage } from '../support/replay-file-page.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { botGameFile } from '../support/recorded-games.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

afterEach(cleanup);

const stepLine = () => document.querySelector('.replay-screen')?.getAttribute('data-replay-step');

test('a file opened after another was stepped to its end starts at its first step', { timeout: 60_000 }, async () => {
  await openOnReplayPage(JSON.stringify(botGameFile(11)), 'first.json');
  await screen.findByText(/^Step 0 of \d+/, {}, { timeout: 20_000 });
  fireEvent.click(screen.getByRole('button', { name: 'Last step (End)' }));
  await screen.findByText(/^Step (\d+) of \1/);
  expect(Number(stepLine())).toBeGreaterThan(0);

  const second = botGameFile(12);
  await userEvent.setup().upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([JSON.stringify(second)], 'second.json', { type: 'application/json' }));
  await screen.findByText('Opened: second.json');
  await screen.findByText(/^Step \d+ of \d+/, {}, { timeout: 20_000 });
  await vi.waitFor(() => expect(stepLine()).toBe('0'), { timeout: 5_000 });
  expect(screen.getByText(/^Step \d+ of \d+/).textContent).toMatch(/^Step 0 of /);
});
