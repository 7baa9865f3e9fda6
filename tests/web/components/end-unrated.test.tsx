/**
 * The end-of-game view's line for the viewer's rating: the change when the game moved it, and when
 * a game of people moved none, why (the server's reason, `ratings.whyUnrated`), in the words the
 * lobby uses; when the ceiling on ratings won from bots held the change (the server's `cappedAt`),
 * why it moved no further. And the standings' rating cell: a person's new rating and change, a bot's fixed one.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { RatingChangeCell, ViewerRatingLine } from '../../../src/web/game/presentation/end-ratings.js';

afterEach(cleanup);

describe("the viewer's rating line", () => {
  test('a rated game: the change', () => {
    render(<ViewerRatingLine change={{ before: 1500, after: 1512, provisional: true, provisionalBefore: false }} unrated={null} />);
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1500 → 1512? (+12)');
    expect(screen.queryByTestId('end-unrated')).toBeNull();
  });

  test('each number marked as it stood: provisional before and after, or before alone once the rating settled', () => {
    // A new player's first game (the server's `provisionalBefore`): "1500 → 1500?" read as the
    // rating having become uncertain.
    render(<ViewerRatingLine change={{ before: 1500, after: 1500, provisional: true, provisionalBefore: true, cappedAt: 1500 }} unrated={null} />);
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1500? → 1500? (±0)');
    cleanup();
    render(<ViewerRatingLine change={{ before: 1540, after: 1552, provisional: false, provisionalBefore: true }} unrated={null} />);
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1540? → 1552 (+12)');
    cleanup();
    render(<ViewerRatingLine change={{ before: 1560, after: 1548, provisional: false, provisionalBefore: false }} unrated={null} />);
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1560 → 1548 (\u221212)');
  });

  test('a game two people from one address played: says so', () => {
    render(<ViewerRatingLine change={undefined} unrated="address" />);
    expect(screen.getByTestId('end-unrated').textContent).toBe('Not rated: two of the people here share a network address.');
  });

  test('a game with the turn timer off: says so', () => {
    render(<ViewerRatingLine change={undefined} unrated="timer" />);
    expect(screen.getByTestId('end-unrated').textContent).toBe('Not rated: the turn timer was off, so one player could have kept the others waiting for ever.');
  });

  test("alone with bots, a change the ceiling held says why it moved no further, in today's words", () => {
    const ceiling = 'Against bots alone, a rating rises no higher than the strongest bot\'s at the table (1500): play stronger bots or people to climb.';
    // A new player's win over the Easy Bot: held at 1500 (the server says so: `cappedAt`).
    render(<ViewerRatingLine change={{ before: 1500, after: 1500, provisional: true, provisionalBefore: false, cappedAt: 1500 }} unrated={null} />);
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1500 → 1500? (±0)');
    expect(screen.getByTestId('end-rating-ceiling').textContent).toBe(ceiling);
    cleanup();
    // Risen to it from below, and kept where it was above it.
    render(<ViewerRatingLine change={{ before: 1490, after: 1500, provisional: false, provisionalBefore: false, cappedAt: 1500 }} unrated={null} />);
    expect(screen.getByTestId('end-rating-ceiling').textContent).toBe(ceiling);
    cleanup();
    render(<ViewerRatingLine change={{ before: 1620, after: 1620, provisional: false, provisionalBefore: false, cappedAt: 1500 }} unrated={null} withPeople={false} />);
    expect(screen.getByTestId('end-rating-ceiling').textContent).toBe(ceiling);
    cleanup();
    // Not held (the server says null, or a game rated before it said): no word, whatever the numbers.
    render(<ViewerRatingLine change={{ before: 1500, after: 1512, provisional: true, provisionalBefore: false, cappedAt: null }} unrated={null} />);
    expect(screen.queryByTestId('end-rating-ceiling')).toBeNull();
    cleanup();
    render(<ViewerRatingLine change={{ before: 1500, after: 1500, provisional: false, provisionalBefore: false }} unrated={null} />);
    expect(screen.queryByTestId('end-rating-ceiling')).toBeNull();
  });

  test('with other people at the table too, a change the ceiling held says why, with the people alone named', () => {
    // A win over another person and three Easy Bots that the game of the two alone held at 1582:
    // without a word it read as a fault, the rating barely moving after a win.
    render(<ViewerRatingLine change={{ before: 1571, after: 1582, provisional: true, provisionalBefore: false, cappedAt: 1582 }} unrated={null} withPeople />);
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1571 → 1582? (+11)');
    expect(screen.getByTestId('end-rating-ceiling').textContent).toBe(
      "With bots at the table, a rating rises no higher than the strongest bot's, or than the game among the people alone would take it (1582): beating the bots added nothing above that.",
    );
    cleanup();
    // The other person's fall: not held, no word.
    render(<ViewerRatingLine change={{ before: 1500, after: 1466, provisional: true, provisionalBefore: false, cappedAt: null }} unrated={null} withPeople />);
    expect(screen.queryByTestId('end-rating-ceiling')).toBeNull();
  });

  test('no change and no reason (a spectator, a game of bots, still fetched): nothing', () => {
    const { container } = render(<ViewerRatingLine change={undefined} unrated={null} />);
    expect(container.textContent).toBe('');
  });
});

describe("the standings' rating cell", () => {
  test('a person: the new rating and its change', () => {
    const { container } = render(<RatingChangeCell change={{ before: 1520, after: 1508, provisional: false, provisionalBefore: false }} />);
    expect(container.textContent).toBe('1508 \u221212');
  });

  test('a bot: the fixed rating its name shows, said to be fixed', () => {
    const { container } = render(<RatingChangeCell change={undefined} fixed={1500} />);
    expect(container.textContent).toBe('1500 fixed');
    expect(container.firstElementChild?.getAttribute('title')).toBe('Bots keep fixed ratings');
  });

  test('a bot whose rating is not known (yet): a dash', () => {
    const { container } = render(<RatingChangeCell change={undefined} />);
    expect(container.textContent).toBe('–');
  });
});
