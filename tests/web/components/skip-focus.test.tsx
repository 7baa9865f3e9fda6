/**
 * The dice's Skip (and a clash panel's Close), pressed from the keyboard: the panel it was on
 * leaves the board with it, and the focus with it. It goes on to what the step asks now (the
 * action panel, which says it), not to the page's body, from where the next Tab started at the page's top
 * and a screen reader said nothing of where the player was.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { beforeAndAfterClash, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

beforeAll(async () => {
  await loadClashDice();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

test("Skip pressed from the keyboard leaves the focus on the action panel, not on the page's body", () => {
  const [before, after] = beforeAndAfterClash();
  served.state = screenState(before);
  const { rerender } = render(gamePage(before.id));
  served.state = screenState(after);
  act(() => rerender(gamePage(after.id)));
  const overlay = () => screen.queryByRole('region', { name: 'Clashes' });
  const skip = within(overlay()!).getByRole('button', { name: 'Skip the dice roll' });
  act(() => skip.focus());
  expect(document.activeElement).toBe(skip);
  act(() => {
    fireEvent.click(skip);
  });
  act(() => vi.advanceTimersByTime(100));
  expect(overlay()).toBeNull();
  const panel = screen.getByRole('region', { name: 'Action panel' });
  expect(document.activeElement === document.body || document.activeElement === null, `focus on ${document.activeElement?.outerHTML.slice(0, 120)}`).toBe(false);
  expect(panel.contains(document.activeElement) || document.activeElement?.closest('[data-zone]') !== null).toBe(true);
});

test("the rolling clash's Close, pressed from the keyboard, leaves the focus on the action panel too", () => {
  const [before, after] = beforeAndAfterClash();
  served.state = screenState(before);
  const { rerender } = render(gamePage(before.id));
  served.state = screenState(after);
  act(() => rerender(gamePage(after.id)));
  const overlay = () => screen.queryByRole('region', { name: 'Clashes' });
  const close = within(overlay()!).getByRole('button', { name: 'Close clash' });
  act(() => close.focus());
  act(() => {
    fireEvent.click(close);
  });
  act(() => vi.advanceTimersByTime(100));
  expect(overlay()).toBeNull();
  const panel = screen.getByRole('region', { name: 'Action panel' });
  expect(document.activeElement === document.body || document.activeElement === null, `focus on ${document.activeElement?.outerHTML.slice(0, 120)}`).toBe(false);
  expect(panel.contains(document.activeElement)).toBe(true);
});
