/**
 * The odds over a finished game being worked out, as a screen reader hears it: once, that they
 * are being worked out, not every step of the count. The count was in the live region, and a
 * blind player at the end of their game heard 'Working out the chances over the game: 51 of 66
 * steps', '52 of 66 steps', … over the end view's news. The count stays on the screen, and in the
 * progress bar's value, which a reader asks for.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/state.js';
import { GameOddsChart } from '../../../src/web/odds/game-odds-chart.js';
import { theme } from '../../../src/web/theme.js';

const { timeline } = vi.hoisted(() => ({ timeline: { current: { done: 0, total: 66, points: [] as unknown[] } } }));
// The work's count as the test sets it (happy-dom runs no Web Worker).
vi.mock('../../../src/web/odds/odds-timeline.js', () => ({ useOddsTimeline: () => timeline.current }));

afterEach(cleanup);

/** What a live region says: its text, less what is hidden from a screen reader. */
function heard(region: Element): string {
  const copy = region.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').trim();
}

test('the live region says the work once; the count is shown, not read at each step', () => {
  // In view at once: the work runs.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        this.report([{ isIntersecting: true }]);
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
  const games = Array.from({ length: 66 }, () => ({}) as Game);
  const page = () => (
    <MantineProvider theme={theme}>
      <GameOddsChart id="counted-game" games={games} seats={[]} linkTo={(step) => `?step=${step}`} />
    </MantineProvider>
  );
  timeline.current = { done: 51, total: 66, points: [] };
  const { rerender } = render(page());
  const progress = () => screen.getByTestId('odds-chart-progress');
  const said: string[] = [];
  for (const done of [51, 52, 60, 64]) {
    timeline.current = { done, total: 66, points: [] };
    act(() => rerender(page()));
    const live = progress().matches('[role="status"]') ? progress() : progress().querySelector('[role="status"]')!;
    said.push(heard(live));
    // On the screen, the count as before.
    expect(progress().textContent).toContain(`${done} of 66 steps`);
  }
  vi.unstubAllGlobals();
  expect(new Set(said).size, said.join(' | ')).toBe(1);
});
