/**
 * A player who left a game that was not rated (two people from one address, or the turn timer
 * off) still lost it: the server records the loss, and the win goes to the best of the others
 * (docs/rules.md, src/shared/forfeit.ts), so "Your games" says "Lost: You left the game". The end
 * of the game must say the same. It read who forfeited from the rating changes alone, and a game
 * not rated has none: the player who left was told "You won!" and crowned in the winner's line,
 * while their list of games called it a loss and gave the win to the other. The game page's own
 * sources are rendered (pages/game.tsx), their queries answered as the server answers them; the
 * game screen is reduced to what names the winner: its two lines, and, for the tests that read
 * them, the players' summaries, which star the winner's favor.
 *
 * A player who left after their last decision (the other still deciding) has no stand-in's action
 * in the record's log, rated game or not: the end read who forfeited from the log alone, and
 * crowned the one who left. The record says who forfeited as the server recorded it.
 *
 * A game the bots finished for a player who was not there (a game nobody had open is finished by
 * bots): a stand-in made most of the seat's decisions, so the game counted as the player's loss
 * whatever the seat scored. The line under the title says so, the win goes to the other seat (its
 * heading, its line, first in the standings), the player's seat comes after it marked "bot
 * played", and no summary crowns it.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { theme } from '../../../src/web/theme.js';
import { stubbed } from '../support/trpc-stub.js';
import { botFinishedGame } from '../support/recorded-games.js';
import { screenState } from '../support/screen-state.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/end-charts.js', () => ({ default: () => <svg data-testid="pie-drawing" /> }));
// The dice check rebuilds the whole record, which this test's stood-in record (its decisions alone) is not.
vi.mock('../../../src/web/replay/game-verify.js', () => ({ default: () => null }));
// The screen as far as this test reads it: the winner's line, the end-of-game view and (when
// `summaries`) the players' summaries, inside the page's sources.
const shown = vi.hoisted(() => ({ state: null as GameScreenState | null, summaries: false }));
vi.mock('../../../src/web/game/game-screen.js', async () => {
  const { EndOfGame } = await import('../../../src/web/game/presentation/end-of-game.js');
  const { WinnerBanner } = await import('../../../src/web/game/presentation/winner-banner.js');
  const { PlayerSummaries } = await import('../../../src/web/game/table-layout.js');
  return {
    GameScreen: () => (
      <>
        <WinnerBanner state={shown.state!} />
        <EndOfGame state={shown.state!} />
        {shown.summaries && <PlayerSummaries state={shown.state!} onOpen={() => undefined} />}
      </>
    ),
  };
});

const { Page } = await import('../../../src/web/pages/game.js');

afterEach(cleanup);

/** A two-seat game played to its end by Easy Bots' choices for both seats, with one winner. */
function finishedGame(): Game {
  const game = botFinishedGame();
  if (game.winnerIDs.length !== 1) throw new Error('the game did not end with one winner');
  return game;
}

const finished = finishedGame();
// The seat with the most favor left the game: a stand-in played its decisions from then on.
const leaver = finished.winnerIDs[0]!;
const other = finished.players.find((p) => p.userID !== leaver)!.userID;
const NAMES = { [leaver]: 'Lea', [other]: 'Otto' };

/**
 * The game's record as `replays.get` serves it, as far as the end reads it: the seats' decisions in
 * turn, each with its stand-in's reason or null, and who forfeited as the server recorded it.
 */
const record = (standIns: readonly (string | null)[]) => ({
  log: standIns.map((standIn, i) => ({ kind: 'action', userID: i % 2 === 0 ? leaver : other, standIn })),
  forfeits: { [leaver]: 'left' },
});

// Not rated (the two share an address): no rating changes, and the reason why.
const unrated = {
  'ratings.ofGame': {},
  'ratings.whyUnrated': { reason: 'address' },
};
const rated = {
  'ratings.ofGame': {
    [leaver]: { before: 1500, after: 1470, provisional: true },
    [other]: { before: 1500, after: 1530, provisional: true },
  },
  'ratings.whyUnrated': { reason: null },
};

beforeEach(() => {
  // The leaver's last decision a stand-in's because they left.
  stubbed.answers = { ...unrated, 'replays.get': record([null, null, 'left', null]) };
});

function pageFor(viewer: string) {
  shown.state = screenState(finished, viewer, NAMES);
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[`/game/${finished.id}`]}>
        <Routes>
          <Route path="/game/:gameID" element={<Page />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the end of an unrated game a player left', () => {
  test('the player who left is told it counts as a loss, and the other is crowned', async () => {
    pageFor(leaver);
    expect((await screen.findByTestId('end-place')).textContent).toBe('You left the game, so it counts as a loss.');
    expect(screen.getByRole('heading', { level: 2, name: /wins!$/ }).textContent).toBe(' Otto wins!');
    expect(screen.getByTestId('winner-banner').textContent).toBe(' Otto won!');
    expect(screen.getByTestId('end-unrated').textContent).toBe('Not rated: two of the people here share a network address.');
  });

  test('the other player won it', async () => {
    pageFor(other);
    expect((await screen.findByTestId('end-place')).textContent).toBe('You won!');
    expect(screen.getByRole('heading', { level: 2, name: /wins!$/ }).textContent).toBe(' Otto wins!');
  });
});

describe.each([
  ['an unrated', unrated],
  ['a rated', rated],
])('the end of %s game a player left after their last decision', (_, ratings) => {
  beforeEach(() => {
    // Every decision the players' own: the one who left had none still to make.
    stubbed.answers = { ...ratings, 'replays.get': record([null, null, null, null]) };
  });

  test('the player who left is told it counts as a loss, and the other is crowned', async () => {
    pageFor(leaver);
    expect((await screen.findByTestId('end-place')).textContent).toBe('You left the game, so it counts as a loss.');
    expect(screen.getByRole('heading', { level: 2, name: /wins!$/ }).textContent).toBe(' Otto wins!');
    expect(screen.getByTestId('winner-banner').textContent).toBe(' Otto won!');
  });

  test('the other player won it', async () => {
    pageFor(other);
    expect((await screen.findByTestId('end-place')).textContent).toBe('You won!');
    expect(screen.getByRole('heading', { level: 2, name: /wins!$/ }).textContent).toBe(' Otto wins!');
    expect(screen.getByTestId('winner-banner').textContent).toBe(' Otto won!');
  });
});

/** A standings row as it reads: the place, the name, and the forfeit's mark (the favor's breakdown, for a phone, left out). */
function standing(row: Element): string {
  const player = row.querySelector('th')!.cloneNode(true) as Element;
  player.querySelector('[data-testid="standings-breakdown"]')!.remove();
  return `${row.querySelector('td')!.textContent} ${player.textContent}`;
}

/** How many stars the summaries of `userID` show beside the favor. */
const stars = (userID: string) => document.querySelectorAll(`.player-summary[data-player-id="${userID}"] [data-winner]`).length;

describe('the end of a rated game the bots finished for a player who was not there', () => {
  beforeEach(() => {
    shown.summaries = true;
    // A stand-in made the player's decisions, as the server recorded.
    stubbed.answers = { ...rated, 'replays.get': { log: record([null, 'absent', null, 'absent']).log, forfeits: { [leaver]: 'stood in' } } };
  });

  afterEach(() => {
    shown.summaries = false;
  });

  test('the player is told a bot made most of their choices, and the other seat is crowned', async () => {
    pageFor(leaver);
    expect((await screen.findByTestId('end-place')).textContent).toBe('A bot made most of your choices, so the game counts as a loss.');
    expect(screen.getByTestId('end-rating').textContent).toBe('Your rating: 1500 → 1470? (\u221230)');
    expect(screen.getByRole('heading', { level: 2, name: /wins!$/ }).textContent).toBe(' Otto wins!');
    expect(screen.getAllByTestId('winner-banner').map((s) => s.textContent)).toEqual([' Otto won!']);
    expect(Array.from(screen.getByRole('table', { name: 'Final standings' }).querySelectorAll('tbody tr'), standing)).toEqual(['1 Otto', '2 Lea bot played']);
    expect(stars(leaver)).toBe(0);
    expect(stars(other)).toBeGreaterThan(0);
  });
});

describe('the end of a rated game a player left, whose seat scored more favor than the winner', () => {
  const favorOf = (userID: string) => finished.players.find((p) => p.userID === userID)!.counters.favor;

  beforeEach(() => {
    stubbed.answers = { ...rated, 'replays.get': record([null, null, 'left', null]) };
  });

  // Ratings weigh a seat that forfeited by the favor it scored (src/server/ratings/model.ts), so
  // the winner of a game whose leaver's seat scored more lost rating: "You won! Your rating: 1500?
  // → 1473? (−27)", with nothing to say why.
  test('the winner is told why the seat still weighs in their rating', async () => {
    expect(favorOf(leaver)).toBeGreaterThan(favorOf(other));
    pageFor(other);
    expect((await screen.findByTestId('end-place')).textContent).toBe('You won!');
    expect(screen.getByTestId('end-rating-forfeits').textContent).toBe(
      `For ratings, Lea's seat still counts by the favor it scored: ${favorOf(leaver)} to your ${favorOf(other)}, so against that seat the game counts as a loss.`,
    );
    // The name isolated from the words around it, as every name in the site's sentences.
    expect([...screen.getByTestId('end-rating-forfeits').querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Lea']);
  });

  test('the player who left is told nothing of the kind', async () => {
    pageFor(leaver);
    expect((await screen.findByTestId('end-place')).textContent).toBe('You left the game, so it counts as a loss.');
    expect(screen.queryByTestId('end-rating-forfeits')).toBeNull();
  });
});
