/**
 * The end-of-game pies' frames: the time pie's note on why its slices can pass the game's length,
 * shown under a pie with something in it; a pie with nothing in it (a game played through in
 * under half a second a player, whose times round to 0 s) says so, with no note. The drawings
 * themselves (apexcharts) are the browser tests' (chart-names).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EndPies } from '../../../src/web/game/presentation/end-pies.js';

vi.mock('../../../src/web/game/presentation/end-charts.js', () => ({ default: () => <svg data-testid="pie-drawing" /> }));

afterEach(cleanup);

const favor = { labels: ['Ann', 'Easy Bot 1'], colors: ['#c33', '#36c'], series: [34, 21] };
const NOTE = "Each player's time on their own decisions. Players decide at the same time, so together they can pass the game's length.";

function figure(title: string): HTMLElement {
  return screen.getByText(title, { selector: 'figcaption' }).closest('figure')!;
}

describe('the end-of-game pies', () => {
  test('a time pie with seconds in it: drawn, with the note under it', async () => {
    render(<EndPies favor={favor} time={{ ...favor, series: [33, 24] }} />);
    await within(figure('Time (seconds)')).findByTestId('pie-drawing');
    expect([...figure('Time (seconds)').querySelectorAll('p')].map((p) => p.textContent)).toEqual([NOTE]);
    // The favor pie has no note.
    expect(figure('Favor').querySelectorAll('p')).toHaveLength(0);
  });

  test('a time pie of nothing but 0 s: says so, and no note', async () => {
    render(<EndPies favor={favor} time={{ ...favor, series: [0, 0] }} />);
    expect([...figure('Time (seconds)').querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Nothing to show.']);
    // The drawings' chunk comes after the first render (unless a test before loaded it): once the
    // favor pie is drawn, the time pie would be too.
    await within(figure('Favor')).findByTestId('pie-drawing');
    expect(within(figure('Time (seconds)')).queryByTestId('pie-drawing')).toBeNull();
  });
});
