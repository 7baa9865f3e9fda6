/**
 * Ratings beside names, as `ratings.ofUsers` answers them ("1612", "1500?" while provisional, said
 * in words to screen readers: ", rated 1500, provisional"): beside each seat in a lobby, beside the
 * host of each row of the lobby list (in the Host column, and under the lobby's name where a phone
 * has no room for the column), and in each seat's summary on the game screen, a bot's fixed rating
 * among them. And under each name in the lobby list, where the viewer stands with that lobby's
 * game. The server's side is stood in for (support/trpc-stub.ts).
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Lobby, PublicUser } from '../../../src/web/lib/api-types.js';
import { LobbyPlayers } from '../../../src/web/lobby/lobby-players.js';
import { theme } from '../../../src/web/theme.js';
import { hostOf, lobbyFixture, seated } from '../support/lobby-fixture.js';
import { renderLobbyListPage } from '../support/lobby-list-page.js';
import { ANN, BOB, newGame, screenState } from '../support/screen-state.js';
import { served } from '../support/served-game.js';
import { sendSubscriptionData, stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

const { Page: GamePage } = await import('../../../src/web/pages/game.js');

const RATINGS = {
  [ANN]: { rating: 1500, provisional: true },
  [BOB]: { rating: 1612, provisional: false },
  u_cy: { rating: 1488, provisional: true },
};

beforeEach(() => {
  stubbed.answers = { 'session.me': { id: ANN, name: 'Ann' }, 'ratings.ofUsers': RATINGS };
  stubbed.settings = { showOddsToPlayers: false, turnTimerOn: false, turnTimerSeconds: 60 };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A lobby hosted by Bob with Ann and Cy seated, in `status`, its game `g_<id>` once it started. */
const lobby = (id: string, status: 'open' | 'playing' | 'finished'): Lobby =>
  lobbyFixture({
    id,
    name: `Bob's lobby ${id}`,
    host: hostOf(BOB, 'Bob'),
    players: [seated(BOB, 'Bob'), seated(ANN, 'Ann'), seated('u_cy', 'Cy')],
    game: status === 'open' ? null : { id: `g_${id}` },
    creationDate: Date.now(),
    status,
  });

/** The number each rating tag in `within` shows, and the words it says to a screen reader. */
const tags = (inside: Element) => Array.from(inside.querySelectorAll('.mythos-rating'), (tag) => [tag.querySelector('[aria-hidden]')!.textContent, tag.querySelector('.mythos-visually-hidden')!.textContent]);

describe('ratings beside names', () => {
  test("a lobby's seats: each player's rating beside their name, said in words", () => {
    render(
      <MantineProvider theme={theme}>
        <LobbyPlayers lobby={lobby('l_open', 'open')} user={{ id: ANN, name: 'Ann' } as PublicUser} onKick={() => undefined} busy={false} />
      </MantineProvider>,
    );
    const seats = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(seats.map((seat) => [seat.querySelector('p')!.textContent, ...tags(seat)])).toEqual([
      ['Bob', ['1612', ', rated 1612']],
      ['Ann', ['1500?', ', rated 1500, provisional']],
      ['Cy', ['1488?', ', rated 1488, provisional']],
    ]);
  });

  test("the lobby list: the host's rating in each row, and under the names where the viewer stands with the lobby", () => {
    renderLobbyListPage();
    act(() => sendSubscriptionData('lobbies.onList', { whole: [lobby('l_open', 'open'), lobby('l_playing', 'playing'), lobby('l_finished', 'finished')] }));
    for (const [id, note] of [
      ['l_open', 'you are seated'],
      ['l_playing', 'you are playing'],
      ['l_finished', 'you played'],
    ] as const) {
      const row = document.querySelector(`tr[data-lobby-id="${id}"]`)!;
      // Under the lobby's name (a phone's) and in the Host column (a desktop's): the host's alone.
      expect(tags(row)).toEqual([
        ['1612', ', rated 1612'],
        ['1612', ', rated 1612'],
      ]);
      expect(within(row as HTMLElement).getByText(note, { exact: true })).toBeTruthy();
    }
  });

  test("the game screen: each seat's summary, a bot's fixed rating too", async () => {
    const state = screenState(newGame());
    // Bob an Easy Bot: its rating is fixed, and settled.
    served.state = { ...state, game: { ...state.game, players: state.game.players.map((p) => (p.userID === BOB ? { ...p, botType: 'easy_bot' as const } : p)) } };
    render(
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[`/game/${state.game.id}`]}>
          <Routes>
            <Route path="/game/:gameID" element={<GamePage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    await screen.findByRole('region', { name: 'Action panel' });
    for (const [id, shown] of [
      [ANN, ['1500?', ', rated 1500, provisional']],
      [BOB, ['1612', ', rated 1612']],
    ] as const) {
      const summaries = Array.from(document.querySelectorAll(`.player-summary[data-player-id="${id}"]`));
      expect(summaries.length).toBeGreaterThan(0);
      for (const summary of summaries) expect(tags(summary)).toEqual([shown]);
    }
  });
});
