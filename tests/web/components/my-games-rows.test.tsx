/**
 * "Your games" as the server's page of them reads: how many there are and which page this is, the
 * rows in the server's order (newest first), a running game's "Playing" and Resume Game, a finished
 * game's result, rating change, players and Replay, and a game the player left counted as lost,
 * with why in place of the place its favor would give. The second page asks for the games after
 * the first ten. And who won each finished game is marked ("★ winner", as the profile's recent
 * games do): a player who came 3rd of 4 read four names and four favors and had to find the
 * highest. Ties mark every winner; a running game marks nobody. A won game whose rating fell says
 * why (a seat whose player left scored more). The server's calls are stand-ins.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Page } from '../../../src/web/pages/my-games.js';
import { atPath } from '../support/at-path.js';

const seat = (userID: string, favor: number | null, won: boolean | null, forfeit: 'left' | null = null) => ({ userID, botType: null, favor, won, forfeit });
const person = (id: string, name: string) => ({ id, name, canSeeProfile: true, isBot: false });

// Hoisted with the mock, which runs before the file's other lines.
const { served } = vi.hoisted(() => ({ served: { games: [] as unknown[], total: 0, asked: [] as { offset: number; limit: number }[] } }));

vi.mock('../../../src/web/lib/trpc.js', () => ({
  trpc: {
    session: { me: { useQuery: () => ({ data: { id: 'u_ann', name: 'Ann' }, isLoading: false, error: null }) } },
    lobbies: { waiting: { useQuery: () => ({ isError: false, data: [] }) } },
    users: {
      myGames: {
        useQuery: (input: { offset: number; limit: number }) => {
          served.asked.push(input);
          return { isError: false, data: { games: served.games, total: served.total, users: [person('u_ann', 'Ann'), person('u_ben', 'Ben'), person('u_cy', 'Cy')] } };
        },
      },
    },
  },
}));

afterEach(() => {
  cleanup();
  served.asked = [];
});

/** Each player of a game's row as its words, in seat order. */
const playersOf = (row: HTMLElement) => within(within(row).getByRole('list', { name: 'Players' })).getAllByRole('listitem').map((li) => li.textContent);

/** A finished game of Ann and Ben, ended a minute after it started. */
const finished = (id: string, start: number, annFavor: number, benFavor: number, change: { before: number; after: number; provisional: boolean } | null) => ({
  id,
  startTimestamp: start,
  endTimestamp: start + 60_000,
  players: [seat('u_ann', annFavor, annFavor > benFavor), seat('u_ben', benFavor, benFavor >= annFavor)],
  ratingChange: change,
  left: false,
});

function rows(path = '/my-games'): HTMLElement[] {
  render(atPath(path, <Page />));
  return within(screen.getByRole('list', { name: 'Your games' })).getAllByRole('listitem').filter((li) => li.hasAttribute('data-game-id'));
}

const resultOf = (row: HTMLElement) => row.querySelector('[data-result]')!;
const link = (row: HTMLElement, name: string) => within(row).getByRole('link', { name }).getAttribute('href');

describe('Your games', () => {
  test('the count and page, the rows in the order served, a running game to resume, finished ones to replay with their result and rating change, and a game left counted as lost', () => {
    served.total = 12;
    served.games = [
      { id: 'g_run', startTimestamp: 10_000_000, endTimestamp: null, players: [seat('u_ann', null, null), seat('u_ben', null, null)], ratingChange: null, left: false },
      finished('g_won', 9_000_000, 41, 30, { before: 1500, after: 1512, provisional: true }),
      // Left, though Ann had the most favor: lost, and why, never "2nd of 3".
      { id: 'g_left', startTimestamp: 8_000_000, endTimestamp: 8_060_000, players: [seat('u_ann', 50, false, 'left'), seat('u_ben', 40, true), seat('u_cy', 12, false)], ratingChange: { before: 1512, after: 1490, provisional: true }, left: true },
      finished('g_lost', 7_000_000, 20, 33, { before: 1530, after: 1522, provisional: false }),
      { ...finished('g_shared', 6_000_000, 30, 30, null), players: [seat('u_ann', 30, true), seat('u_ben', 30, true)] },
    ];
    const listed = rows();
    expect(listed.map((li) => li.getAttribute('data-game-id'))).toEqual(['g_run', 'g_won', 'g_left', 'g_lost', 'g_shared']);
    const [running, won, left, lost, shared] = listed;
    expect(screen.getByTestId('my-games-count').textContent).toBe('12 games, page 1 of 2');
    expect(served.asked.at(-1)).toEqual({ offset: 0, limit: 10 });

    expect(resultOf(running!).getAttribute('data-result')).toBe('running');
    expect(resultOf(running!).textContent).toBe('Playing');
    expect(link(running!, 'Resume Game')).toBe('/game/g_run');
    expect(within(running!).queryByTestId('my-game-rating')).toBeNull();

    expect(resultOf(won!).getAttribute('data-result')).toBe('won');
    expect(resultOf(won!).textContent).toBe('Won');
    expect(within(won!).getByTestId('my-game-rating').textContent).toBe('+12 → 1512?');
    expect(link(won!, 'Replay')).toBe('/game/g_won/replay');
    expect(within(within(won!).getByRole('list', { name: 'Players' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(won!).queryByTestId('my-game-forfeit')).toBeNull();

    expect(resultOf(left!).getAttribute('data-result')).toBe('lost');
    expect(resultOf(left!).textContent).toBe('Lost');
    expect(within(left!).getByTestId('my-game-forfeit').textContent).toBe('You left the game');
    expect(within(left!).queryByText(/ of 3$/)).toBeNull();
    expect(within(left!).getByTestId('my-game-rating').textContent).toBe('\u221222 → 1490?');

    expect(resultOf(lost!).getAttribute('data-result')).toBe('lost');
    expect(resultOf(lost!).textContent).toBe('Lost');
    expect(within(lost!).getByTestId('my-game-rating').textContent).toBe('\u22128 → 1522');
    expect(within(lost!).queryByTestId('my-game-forfeit')).toBeNull();

    expect(resultOf(shared!).textContent).toBe('Shared win');
  });

  test('the second page asks for the games after the first ten, and says which page it is', () => {
    served.total = 12;
    served.games = [finished('g_old', 2_000_000, 41, 30, null), finished('g_oldest', 1_000_000, 20, 30, null)];
    expect(rows('/my-games?page=2').map((li) => li.getAttribute('data-game-id'))).toEqual(['g_old', 'g_oldest']);
    expect(served.asked.at(-1)).toEqual({ offset: 10, limit: 10 });
    expect(screen.getByTestId('my-games-count').textContent).toBe('12 games, page 2 of 2');
  });

  test('marks the winners of a finished game, none of a running one', () => {
    served.total = 3;
    served.games = [
      { id: 'g_run', startTimestamp: 3_000, endTimestamp: null, players: [seat('u_ann', null, null), seat('u_ben', null, null)], ratingChange: null, left: false },
      { id: 'g_tie', startTimestamp: 2_000, endTimestamp: 2_500, players: [seat('u_ann', 30, true), seat('u_ben', 30, true), seat('u_cy', 12, false)], ratingChange: null, left: false },
      { id: 'g_lost', startTimestamp: 1_000, endTimestamp: 1_500, players: [seat('u_ann', 47, false), seat('u_ben', 73, true)], ratingChange: null, left: false },
    ];
    const [running, tie, lost] = rows();
    expect(playersOf(running!)).toEqual(['Ann', 'Ben']);
    expect(playersOf(tie!)).toEqual(['Ann30 favor★ winner', 'Ben30 favor★ winner', 'Cy12 favor']);
    expect(playersOf(lost!)).toEqual(['Ann47 favor', 'Ben73 favor★ winner']);
  });
});

describe('a won game whose rating fell', () => {
  test("says why: a seat whose player left scored more, and the ratings count it as a loss; a game with no such seat says nothing of it", () => {
    served.games = [
      { id: 'g_outscored', startTimestamp: 9_000_000, endTimestamp: 9_060_000, players: [seat('u_ann', 41, true), seat('u_ben', 58, false, 'left')], ratingChange: { before: 1500, after: 1473, provisional: true }, left: false },
      { id: 'g_plain', startTimestamp: 8_000_000, endTimestamp: 8_060_000, players: [seat('u_ann', 60, true), seat('u_ben', 20, false, 'left')], ratingChange: { before: 1473, after: 1490, provisional: true }, left: false },
    ];
    served.total = 2;
    const [outscored, plain] = rows();
    expect(resultOf(outscored!).textContent).toBe('Won');
    const why = within(outscored!).getByTestId('my-game-outscored');
    expect(why.textContent).toBe("For ratings, a loss against Ben's seat (58 to your 41)");
    expect([...why.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Ben']);
    expect(within(plain!).queryByTestId('my-game-outscored')).toBeNull();
  });
});
