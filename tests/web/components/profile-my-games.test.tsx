/**
 * A player's own profile links to "Your games" (/my-games), under its recent games; another
 * player's profile does not, for that list is the signed-in player's alone. The profile page is
 * rendered with its queries answered as the server answers them; its sections with data of their
 * own (the header, the rating history, the charts, the stats, the recent games) are stood in for.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubbed } from '../support/trpc-stub.js';
import { atPath } from '../support/at-path.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/profile/profile-header.js', () => ({ ProfileHeader: () => <h1>profile</h1> }));
vi.mock('../../../src/web/profile/rating-history.js', () => ({ RatingHistory: () => null }));
vi.mock('../../../src/web/profile/profile-charts.js', () => ({ ProfileCharts: () => null }));
vi.mock('../../../src/web/profile/recent-games.js', () => ({ RecentGames: () => null }));
vi.mock('../../../src/web/profile/stat-grid.js', () => ({ TotalStats: () => null, AverageStats: () => null }));
vi.mock('../../../src/web/profile/recent.js', () => ({ recentGamesOf: () => [] }));

const { Page } = await import('../../../src/web/pages/profile.js');

afterEach(cleanup);

/** The profile of `userID` as Ann, signed in, sees it; where its link leads. */
function profileOf(userID: string) {
  stubbed.answers = {
    'session.me': { id: 'u_ann', name: 'Ann' },
    'users.profile': { user: { id: userID, name: userID, isBot: false, statsJSON: null }, users: [] },
    'users.rating': { rating: 1500, provisional: true, history: [] },
  };
  render(
    atPath(
      `/user/${userID}`,
      <Routes>
        <Route path="/user/:userID" element={<Page />} />
        <Route path="/my-games" element={<p data-testid="my-games-page" />} />
      </Routes>,
    ),
  );
}

describe('the profile', () => {
  test("the player's own links to Your games", () => {
    profileOf('u_ann');
    const link = screen.getByTestId('profile-my-games');
    expect(link.textContent).toBe('All your games, with their rating changes and replays');
    fireEvent.click(link);
    expect(screen.getByTestId('my-games-page')).toBeTruthy();
  });

  test("another player's does not", () => {
    profileOf('u_ben');
    expect(screen.getByRole('heading', { name: 'profile' })).toBeTruthy();
    expect(screen.queryByTestId('profile-my-games')).toBeNull();
  });
});
