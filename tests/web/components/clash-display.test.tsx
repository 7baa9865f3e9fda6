/**
 * A clash on the screen with animations on, commit by commit and with the page's time held by the
 * test: the overlay's Skip shows the results at once and gives the panel back, and a settled
 * clash's summary under the trade row stays for the 15 s finish pause, then goes. The browser
 * tests keep a desktop run of each end to end (the clash reaching the page from the server).
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ClashDisplay, useEventAnimations } from '../../../src/web/game/presentation/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { theme } from '../../../src/web/theme.js';
import { beforeAndAfterClash, screenState } from '../support/screen-state.js';

/** The clash display as the game screen mounts it, and whether the action panel would wait for the dice. */
function Screen({ state }: { state: GameScreenState }) {
  const { awaiting } = useEventAnimations(state);
  return (
    <>
      <output data-testid="awaiting">{String(awaiting)}</output>
      <ClashDisplay state={state} />
    </>
  );
}

const wrap = (state: GameScreenState) => (
  <MantineProvider theme={theme}>
    <Screen state={state} />
  </MantineProvider>
);

/** Renders the step before the clash, then the clash's step, as the screen receives them. */
function clashArrives(): void {
  const [before, after] = beforeAndAfterClash();
  const { rerender } = render(wrap(screenState(before)));
  act(() => rerender(wrap(screenState(after))));
}

const awaiting = () => screen.getByTestId('awaiting').textContent;
const summary = () => document.querySelector('[data-testid="clashes"] [data-clash-stage="completed"]');

describe('a clash with animations on', () => {
  beforeEach(() => {
    // The dice's steps are timers planned from performance.now(): both stand still unless the
    // test moves them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });

  test('Skip on the rolling dice: the results at once, the Skip button gone, the panel no longer waiting', () => {
    clashArrives();
    const overlay = screen.getByRole('region', { name: 'Clashes' });
    const skip = within(overlay).getByRole('button', { name: 'Skip the dice roll' });
    expect(skip.textContent).toBe('Skip');
    // Time stands still: the dice wait at their start, unrolled, and the panel waits for them.
    expect(overlay.querySelector('[data-clash-stage]')!.getAttribute('data-clash-stage')).toBe('initial');
    expect(within(overlay).getAllByRole('img', { name: 'die not rolled' }).length).toBeGreaterThan(0);
    expect(awaiting()).toBe('true');
    fireEvent.click(skip);
    // No time has passed: the results are shown, every die with a face, a winner named.
    const stage = overlay.querySelector('[data-clash-stage]')!.getAttribute('data-clash-stage');
    expect(['results', 'completed']).toContain(stage);
    expect(within(overlay).queryAllByRole('img', { name: 'die not rolled' })).toEqual([]);
    expect(within(overlay).getAllByRole('img', { name: /^die showing \d$/ }).length).toBeGreaterThanOrEqual(2);
    expect(within(overlay).getByText(/ wins the clash$/)).toBeTruthy();
    expect(within(overlay).queryByRole('button', { name: 'Skip the dice roll' })).toBeNull();
    expect(awaiting()).toBe('false');
  });

  test("a settled clash's summary under the trade row stays for the 15 s finish pause, then goes", () => {
    clashArrives();
    // The dice roll and settle in the overlay (a few seconds), a stand-in keeping the summary's place.
    expect(screen.queryByRole('region', { name: 'Clashes' })).not.toBeNull();
    let waited = 0;
    while (!summary()) {
      if (waited > 30_000) throw new Error('no clash summary after 30 s');
      act(() => vi.advanceTimersByTime(100));
      waited += 100;
    }
    // Settled: the overlay is gone, the summary shows under the trade row (at most 100 ms into its pause).
    expect(screen.queryByRole('region', { name: 'Clashes' })).toBeNull();
    act(() => vi.advanceTimersByTime(14_800));
    expect(summary()).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(summary()).toBeNull();
    expect(screen.queryByTestId('clashes')).toBeNull();
    // Nothing of the clash comes back in a corner either.
    expect(screen.queryByRole('region', { name: 'Clash results' })).toBeNull();
  });
});
