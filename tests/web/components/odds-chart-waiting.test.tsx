/**
 * The odds over a finished game wait until their chart comes into view (sparing the device's CPU
 * for a chart nobody scrolls to), and say so meanwhile: "0 of 62 steps" there for a minute, below
 * the replay's table, read as a computation that had stuck.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/state.js';
import { GameOddsChart } from '../../../src/web/odds/game-odds-chart.js';
import { theme } from '../../../src/web/theme.js';

/** An observer that never reports: the chart stays out of view. */
class NeverInView {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', NeverInView);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the odds over the game, out of view', () => {
  test('says they are worked out once the chart is in view, with no count of steps done', () => {
    // Until it is in view nothing reads the games but their number.
    const games = Array.from({ length: 62 }, () => ({}) as Game);
    render(
      <MantineProvider theme={theme}>
        <GameOddsChart id="waiting-game" games={games} seats={[]} linkTo={(step) => `?step=${step}`} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('odds-chart-progress').textContent).toBe('The chances over the game (62 steps) are worked out once this chart is in view');
  });
});
