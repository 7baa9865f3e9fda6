/**
 * A part of a page that fails (the odds worked out from a game's record, a chunk that did not
 * load) says so in its place, and what is around it stays on the page.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PartBoundary } from '../../../src/web/components/part-boundary.js';

afterEach(cleanup);

function Broken(): never {
  throw new SyntaxError('"undefined" is not valid JSON');
}

describe('a part of a page that fails', () => {
  test('says so in its place; the page around it stays', () => {
    // React reports the caught error on the console as well: not this test's concern.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <main>
          <h1>Game Over!</h1>
          <PartBoundary what="The odds over the game">
            <Broken />
          </PartBoundary>
        </main>,
      );
    } finally {
      quiet.mockRestore();
    }
    expect(screen.getByRole('heading').textContent).toBe('Game Over!');
    expect(screen.getByTestId('part-failed').textContent).toBe('The odds over the game cannot be shown: "undefined" is not valid JSON');
  });

  test("a part whose code did not arrive says so in words, not the browser's", () => {
    function NotLoaded(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/odds-chart-Bx1.js');
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <PartBoundary what="The odds over the game">
          <NotLoaded />
        </PartBoundary>,
      );
    } finally {
      quiet.mockRestore();
    }
    expect(screen.getByTestId('part-failed').textContent).toBe(
      'The odds over the game did not load: Mythos may have been updated since this tab was opened, or the connection dropped.',
    );
  });

  test('a part that works is shown as it is', () => {
    render(
      <PartBoundary what="The odds">
        <p>58% Ann</p>
      </PartBoundary>,
    );
    expect(screen.getByText('58% Ann')).toBeTruthy();
    expect(screen.queryByTestId('part-failed')).toBeNull();
  });
});
