/**
 * The profile's stat tiles speak to the person whose profile it is: on one's own, "your decisions"
 * and "waited on you"; on another player's, their name (a visitor read "taken over your decisions"
 * under someone else's blame time). "Cards drafted" says they are the trade row's.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { emptyUserStats } from '../../../src/engine/user-stats.js';
import { TotalStats } from '../../../src/web/profile/stat-grid.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

const stats = { ...emptyUserStats(), gamesPlayed: 1, blameMillis: 9_000, soloMillis: 7_000 };

function tiles(owner: string | null): string {
  render(
    <MantineProvider theme={theme}>
      <TotalStats stats={stats} owner={owner} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Total stats' }).textContent ?? '';
}

describe("the profile's time tiles", () => {
  test("another player's profile names them", () => {
    const text = tiles('Ann');
    expect(text).toContain("taken over Ann's decisions");
    expect(text).toContain('others waited on Ann');
    expect(text).not.toMatch(/\byou(r)?\b/);
  });

  test('one\'s own profile says "you"', () => {
    const text = tiles(null);
    expect(text).toContain('taken over your decisions');
    expect(text).toContain('others waited on you');
  });
});

describe("the profile's cards drafted", () => {
  // The charts below count every card held (the leader and basic cards too): without its words the
  // tile's 9 beside the chart's "16 cards held" read as a fault.
  test('says they are the trade row\'s', () => {
    render(
      <MantineProvider theme={theme}>
        <TotalStats stats={{ ...stats, cardsDrafted: 9 }} owner={null} />
      </MantineProvider>,
    );
    const tile = screen.getByText('Cards drafted').closest('li')!;
    expect([...tile.querySelectorAll('span')].map((span) => span.textContent)).toEqual(['Cards drafted', '9', 'from the trade row']);
  });
});
