/**
 * The end-of-game view says why the viewer's rating moved no further when the ceiling on ratings
 * won from bots held it, from the server's word alone (`ratings.ofGame`'s `cappedAt`): in a game of
 * the viewer and bots in today's words, and in a game with another person too, whose ceiling the
 * page could not work out (the game of the people alone sets it), in words that name both parts.
 * And a game that moved no rating of the viewer's shows its view only once the reason has come,
 * with its line in place (arriving later, it pushed the view down a line). And the standings'
 * Rating column in a rated game of a person and a bot: one column header, a cell on every row, the
 * person's new rating and change ("1512? +12"), and the bot's fixed rating as beside its name
 * ("1500 fixed").
 * The whole view is rendered from a finished engine game, its rating changes given by the page's
 * source as the game page gives them.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { EndOfGame } from '../../../src/web/game/presentation/end-of-game.js';
import { NamesRatingsSource, RatingChangesSource, UnratedReasonSource, type EndRatingChange, type UnratedReason } from '../../../src/web/game/presentation/end-rating-source.js';
import type { ShownRating } from '../../../src/web/ratings/ratings.js';
import { theme } from '../../../src/web/theme.js';
import { botFinishedGame } from '../support/recorded-games.js';
import { ANN, BOB, screenState } from '../support/screen-state.js';

vi.mock('../../../src/web/game/presentation/end-charts.js', () => ({ default: () => <svg data-testid="pie-drawing" /> }));

afterEach(cleanup);

const ALONE = "Against bots alone, a rating rises no higher than the strongest bot's at the table (1500): play stronger bots or people to climb.";
const WITH_PEOPLE = (n: number) =>
  `With bots at the table, a rating rises no higher than the strongest bot's, or than the game among the people alone would take it (${n}): beating the bots added nothing above that.`;

const finished = botFinishedGame();

/** Ann's view of the finished game, Bob a person or an Easy Bot. */
function stateWith(bob: 'person' | 'bot'): GameScreenState {
  const state = screenState(finished, ANN);
  if (bob === 'person') return state;
  return { ...state, game: { ...state.game, players: state.game.players.map((p) => (p.userID === BOB ? { ...p, botType: 'easy_bot' as const } : p)) } };
}

/** The view, with the ratings beside the names (the bots' fixed ones among them) as the page gives them. */
function page(state: GameScreenState, changes: Record<string, EndRatingChange>, unrated: UnratedReason | null | undefined, beside: Record<string, ShownRating> = {}) {
  const source = () => changes;
  const why = () => unrated;
  const names = () => beside;
  return (
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <RatingChangesSource.Provider value={source}>
          <UnratedReasonSource.Provider value={why}>
            <NamesRatingsSource.Provider value={names}>
              <EndOfGame state={state} />
            </NamesRatingsSource.Provider>
          </UnratedReasonSource.Provider>
        </RatingChangesSource.Provider>
      </MemoryRouter>
    </MantineProvider>
  );
}

function view(state: GameScreenState, changes: Record<string, EndRatingChange>) {
  return render(page(state, changes, null));
}

describe("the end view's word on a rating the bots' ceiling held", () => {
  test('alone with bots: held at the strongest bot, in the words it has always had', () => {
    view(stateWith('bot'), { [ANN]: { before: 1500, after: 1500, provisional: true, provisionalBefore: false, cappedAt: 1500 } });
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1500 → 1500? (±0)');
    expect(screen.getByTestId('end-rating-ceiling').textContent).toBe(ALONE);
  });

  test('with another person too: held where the game of the two alone would take it, said so', () => {
    view(stateWith('person'), {
      [ANN]: { before: 1571, after: 1582, provisional: true, provisionalBefore: false, cappedAt: 1582 },
      [BOB]: { before: 1500, after: 1466, provisional: true, provisionalBefore: false, cappedAt: null },
    });
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1571 → 1582? (+11)');
    expect(screen.getByTestId('end-rating-ceiling').textContent).toBe(WITH_PEOPLE(1582));
  });

  test('not held (a rise under the ceiling, a fall, a game rated before the server said): no word', () => {
    view(stateWith('bot'), { [ANN]: { before: 1500, after: 1512, provisional: true, provisionalBefore: false, cappedAt: null } });
    expect(screen.getByTestId('end-rating')).toBeTruthy();
    expect(screen.queryByTestId('end-rating-ceiling')).toBeNull();
    cleanup();
    view(stateWith('person'), { [ANN]: { before: 1500, after: 1466, provisional: true, provisionalBefore: false } });
    expect(screen.queryByTestId('end-rating-ceiling')).toBeNull();
  });
});

describe('the end view of a game that moved no rating', () => {
  test("waits for the reason, then shows it with the view", () => {
    const { rerender } = render(page(stateWith('person'), {}, undefined));
    expect(screen.queryByTestId('end-of-game')).toBeNull();
    rerender(page(stateWith('person'), {}, 'timer'));
    expect(screen.getByTestId('end-of-game')).toBeTruthy();
    expect(screen.getByTestId('end-unrated').textContent).toBe('Not rated: the turn timer was off, so one player could have kept the others waiting for ever.');
  });

  test('a rated game does not wait for the reason', () => {
    render(page(stateWith('person'), { [ANN]: { before: 1500, after: 1512, provisional: true, provisionalBefore: false }, [BOB]: { before: 1500, after: 1488, provisional: true, provisionalBefore: false } }, undefined));
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1500 → 1512? (+12)');
  });
});

describe("the standings' Rating column", () => {
  test("a person's new rating and change, and a bot's fixed rating, under one Rating header", () => {
    render(page(stateWith('bot'), { [ANN]: { before: 1500, after: 1512, provisional: true, provisionalBefore: false, cappedAt: null } }, null, { [ANN]: { rating: 1512, provisional: true }, [BOB]: { rating: 1500, provisional: false } }));
    const end = screen.getByTestId('end-of-game');
    expect(within(end).getAllByRole('columnheader', { name: 'Rating' })).toHaveLength(1);
    const rows = Array.from(within(end).getByRole('table', { name: 'Final standings' }).querySelectorAll('tbody tr'));
    const cellOf = (name: string) => rows.find((row) => row.querySelector('th')!.textContent!.startsWith(name))!.querySelector('[data-testid="end-rating-cell"]')!.textContent;
    expect(within(end).getAllByTestId('end-rating-cell')).toHaveLength(2);
    expect(cellOf('Ann')).toBe('1512? +12');
    expect(cellOf('Bob')).toBe('1500 fixed');
  });
});
