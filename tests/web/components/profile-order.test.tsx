/**
 * The profile's charts of recent games number them in the order they ended, as the rating
 * history does: two games played at once can end in another order than they started, and "Game 2"
 * must be the same game in both. A game still being played is not charted. Their summaries count in
 * words a player reads: one finished game is 'the only finished game', and '1 game', not '1 games'.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { emptyUserStats } from '../../../src/engine/user-stats.js';
import { ProfileCharts } from '../../../src/web/profile/profile-charts.js';
import { shortTime, type RecentGame } from '../../../src/web/profile/recent.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

const stats = (won: boolean, score: number) => ({ ...emptyUserStats(), won, score, scoreFromCards: score });

const HOUR = 3_600_000;
const DAY = Date.UTC(2026, 10, 24, 5, 0);
/** A long game started first and ended last; a short one started after it and ended before. */
const recent: RecentGame[] = [
  { id: 'long', start: DAY, end: DAY + 3 * HOUR, seats: [], mine: stats(true, 40), winnerFavor: 40, result: { kind: 'won', shared: false } },
  { id: 'short', start: DAY + HOUR, end: DAY + 2 * HOUR, seats: [], mine: stats(false, 20), winnerFavor: 31, result: { kind: 'lost' } },
  { id: 'playing', start: DAY + 4 * HOUR, end: null, seats: [], mine: null, winnerFavor: null, result: null },
];

describe("the profile's recent games", () => {
  test('charted in the order they ended, the table saying when', () => {
    render(
      <MantineProvider theme={theme}>
        <ProfileCharts stats={emptyUserStats()} recent={recent} owner="Ann" />
      </MantineProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'Recent games: favor and results' });
    const rows = [...figure.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect([...figure.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Game', 'Ended', 'Result', "Ann's favor", "Winner's favor"]);
    expect(rows).toEqual([
      ['Game 1', shortTime(DAY + 2 * HOUR), 'Lost', '20', '31'],
      ['Game 2', shortTime(DAY + 3 * HOUR), 'Won', '40', '40'],
    ]);
    expect(screen.getByText("Won 1 of the last 2 finished games. Ann's favor, oldest game first: 20 (lost), 40 (won); the winners scored 31, 40.")).toBeTruthy();
  });

  test('one finished game is told as one: no "last 1 finished games", no "1 games"', () => {
    const one = { ...emptyUserStats(), gamesPlayed: 1, gamesWon: 0, clashes: 1, clashesWon: 1 };
    render(
      <MantineProvider theme={theme}>
        <ProfileCharts stats={one} recent={[recent[1]!, recent[2]!]} owner={null} />
      </MantineProvider>,
    );
    expect(screen.getByText('The only finished game: lost. Your favor: 20; the winner scored 31.')).toBeTruthy();
    expect(screen.getByText('Won 0 of 1 game (0%) and 1 of 1 clash (100%).')).toBeTruthy();
  });

  test('a time wraps only between its date and its time, in any language', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'fr-FR']) {
      const label = shortTime(DAY + 2 * HOUR, locale);
      // One place to break, after the date; the date's and the time's own spaces do not break.
      expect(label.split(' '), `${locale}: ${label}`).toHaveLength(2);
      expect(label.replace(/\s/g, ' '), locale).toBe(new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(DAY + 2 * HOUR).replace(/\s/g, ' '));
    }
  });
});
