/**
 * A finished game's result reads the same in every list of games: the profile's recent games, its
 * chart of them (labels, table and summary, the screen reader's words) and "Your games". Only a
 * winner "Won" ("Shared win" in a tie for the most favor); in a game of two the other "Lost"; in a
 * bigger one everyone else reads their place: a player who came 2nd of 3 and gained 45 rating was
 * badged "Lost". Equal favor shares a place, and a player whose game counted as a loss (they left)
 * "Lost" whatever they scored; the chart's "Winner's favor" is then the winner's, not the higher
 * score of the seat that forfeited. The server's calls are stand-ins.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { emptyUserStats } from '../../../src/engine/user-stats.js';
import type { Forfeit } from '../../../src/shared/forfeit.js';
import { Page as MyGamesPage } from '../../../src/web/pages/my-games.js';
import { ProfileCharts } from '../../../src/web/profile/profile-charts.js';
import { RecentGames } from '../../../src/web/profile/recent-games.js';
import { recentGamesOf, type Profile } from '../../../src/web/profile/recent.js';
import { theme } from '../../../src/web/theme.js';
import { stubbed } from '../support/trpc-stub.js';

type Seat = { userID: string; favor: number; won: boolean; forfeit?: Forfeit };

/** Ann's finished games, newest first, each with the words its result must read as. */
const GAMES: { id: string; seats: Seat[]; reads: string }[] = [
  { id: 'g_second', seats: [{ userID: 'u_ann', favor: 41, won: false }, { userID: 'u_ben', favor: 52, won: true }, { userID: 'u_cy', favor: 30, won: false }], reads: '2nd of 3' },
  // Ben and Ann tie behind Cy: both 2nd, the last 4th.
  {
    id: 'g_tied',
    seats: [{ userID: 'u_ann', favor: 35, won: false }, { userID: 'u_ben', favor: 35, won: false }, { userID: 'u_cy', favor: 44, won: true }, { userID: 'u_dee', favor: 20, won: false }],
    reads: '2nd of 4',
  },
  { id: 'g_shared', seats: [{ userID: 'u_ann', favor: 38, won: true }, { userID: 'u_ben', favor: 38, won: true }, { userID: 'u_cy', favor: 12, won: false }], reads: 'Shared win' },
  // Ann left: a loss, though her seat scored more than Cy's.
  { id: 'g_left', seats: [{ userID: 'u_ann', favor: 33, won: false, forfeit: 'left' }, { userID: 'u_ben', favor: 50, won: true }, { userID: 'u_cy', favor: 21, won: false }], reads: 'Lost' },
  { id: 'g_won', seats: [{ userID: 'u_ann', favor: 61, won: true }, { userID: 'u_ben', favor: 40, won: false }, { userID: 'u_cy', favor: 39, won: false }, { userID: 'u_dee', favor: 2, won: false }], reads: 'Won' },
  { id: 'g_duel', seats: [{ userID: 'u_ann', favor: 47, won: false }, { userID: 'u_ben', favor: 73, won: true }], reads: 'Lost' },
];

const people = ['u_ann', 'u_ben', 'u_cy', 'u_dee'].map((id) => ({ id, name: id.slice(2), subtitle: null, isDev: false, profilePictureURL: null, isBot: false, canSeeProfile: true, canChangeName: false, statsJSON: '{}' }));

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

beforeEach(() => {
  // Ann signed in; "Waiting to start" (src/web/lobby/waiting-lobbies.tsx): no table waiting here.
  stubbed.answers = { 'session.me': { id: 'u_ann', name: 'ann' }, 'lobbies.waiting': [] };
});

afterEach(cleanup);

const wrap = (node: ReactNode) =>
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

/** A seat as the profile query serves it: its recorded stats as JSON, forfeit included. */
const seatOf = (userID: string, favor: number, won: boolean, forfeit?: Forfeit) => ({ userID, botType: null, gameStatsJSON: JSON.stringify({ ...emptyUserStats(), score: favor, won, ...(forfeit ? { forfeit } : {}) }) });

/** The games as the profile query serves them: each seat's recorded stats as JSON, forfeit included. */
function profile(): Profile {
  return {
    user: people[0]!,
    users: people,
    recentGames: GAMES.map((g, i) => ({
      id: g.id,
      startTimestamp: 10_000 - i * 1_000,
      endTimestamp: 10_500 - i * 1_000,
      sequenceID: 1,
      players: g.seats.map((s) => seatOf(s.userID, s.favor, s.won, s.forfeit)),
    })),
  } as unknown as Profile;
}

describe("a finished game's result", () => {
  test('"Your games" badges each game with its result: the place where more than two played', () => {
    const games = GAMES.map((g, i) => ({
      id: g.id,
      startTimestamp: 10_000 - i * 1_000,
      endTimestamp: 10_500 - i * 1_000,
      players: g.seats.map((s) => ({ userID: s.userID, botType: null, favor: s.favor, won: s.won, forfeit: s.forfeit ?? null })),
      ratingChange: g.id === 'g_second' ? { before: 1500, after: 1545, provisional: false } : null,
      left: false,
    }));
    stubbed.answers['users.myGames'] = { games, total: games.length, users: people };
    wrap(<MyGamesPage />);
    const rows = within(screen.getByRole('list', { name: 'Your games' })).getAllByRole('listitem').filter((li) => li.hasAttribute('data-game-id'));
    expect(rows.map((row) => row.querySelector('[data-result]')!.textContent)).toEqual(GAMES.map((g) => g.reads));
    expect(rows.map((row) => row.querySelector('[data-result]')!.getAttribute('data-result'))).toEqual(['placed', 'placed', 'won', 'lost', 'won', 'lost']);
    // The place is said once, in the badge, beside the rating it gained.
    expect(within(rows[0]!).getAllByText('2nd of 3')).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('my-game-rating').textContent).toBe('+45 → 1545');
    expect(within(rows[3]!).getByTestId('my-game-forfeit').textContent).toBe('You left the game');
  });

  test("the profile's recent games and their chart say it in the same words", () => {
    const games = recentGamesOf(profile());
    wrap(
      <>
        <RecentGames games={games} usersByID={new Map(people.map((p) => [p.id, p]))} />
        <ProfileCharts stats={emptyUserStats()} recent={games} owner={null} />
      </>,
    );
    // The list shows the newest five.
    const list = screen.getByRole('heading', { name: 'Recent games' }).closest('section')!;
    expect([...list.querySelectorAll('[data-result]')].map((badge) => badge.textContent)).toEqual(GAMES.slice(0, 5).map((g) => g.reads));
    // The chart runs oldest first.
    const oldestFirst = [...GAMES].reverse();
    const figure = screen.getByRole('figure', { name: 'Recent games: favor and results' });
    expect([...figure.querySelectorAll('tbody tr')].map((tr) => tr.children[2]!.textContent)).toEqual(oldestFirst.map((g) => g.reads));
    expect(
      screen.getByText(
        `Won 2 of the last 6 finished games. Your favor, oldest game first: ${oldestFirst.map((g) => `${g.seats[0]!.favor} (${g.reads.toLowerCase()})`).join(', ')}; the winners scored 73, 61, 50, 38, 44, 52.`,
      ),
    ).toBeTruthy();
  });

  test("a game the owner left while ahead: the winner's favor is the winner's, not the owner's own", () => {
    // Ann's seat, played to the end by a stand-in, scored the most; Ben won (the server records it so).
    const left = { ...profile(), recentGames: [{ id: 'g_ahead', startTimestamp: 1_000, endTimestamp: 2_000, sequenceID: 1, players: [seatOf('u_ann', 74, false, 'left'), seatOf('u_ben', 65, true)] }] } as unknown as Profile;
    const games = recentGamesOf(left);
    wrap(<ProfileCharts stats={emptyUserStats()} recent={games} owner="Ann" />);
    expect(screen.getByText("The only finished game: lost. Ann's favor: 74; the winner scored 65.")).toBeTruthy();
    const figure = screen.getByRole('figure', { name: 'Recent games: favor and results' });
    expect([...figure.querySelectorAll('tbody tr')].map((tr) => [...tr.children].slice(2).map((td) => td.textContent))).toEqual([['Lost', '74', '65']]);
  });

  test('one finished game is told in a sentence', () => {
    const games = recentGamesOf(profile()).slice(0, 1);
    wrap(<ProfileCharts stats={emptyUserStats()} recent={games} owner="Ann" />);
    expect(screen.getByText("The only finished game: 2nd of 3. Ann's favor: 41; the winner scored 52.")).toBeTruthy();
  });
});
