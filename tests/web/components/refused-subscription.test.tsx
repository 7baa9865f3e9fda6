/**
 * A live page whose subscription the server refuses says so, in the server's words, and asks
 * again. After a websocket drop the client subscribes again, and the server may refuse (a game
 * opened too often in ten seconds, a session signed out meanwhile): the subscription then stays
 * in error, and the page said 'Reconnecting...' for good, its connection back. Now it shows the
 * refusal with "Try again", asks again by itself after a wait that doubles, and, where waiting
 * cannot help (signed out, not found), says so and does not keep asking.
 * The game screen (game-screen.tsx, its real useGameState) and the lobby's page are rendered with
 * the server's side stood in for (support/trpc-stub.ts): the game as the page receives it, and
 * the subscription's status, error and reset as the test sets them.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Page as LobbyPage } from '../../../src/web/pages/lobby.js';
import { CLOCK_RUNS_OFFLINE, LOBBY_OFFLINE, LOBBY_SIGNED_OUT, REFUSED_FOR_GOOD, REFUSED_RETRYING } from '../../../src/web/lib/offline-words.js';
import { theme } from '../../../src/web/theme.js';
import { newGame, screenState } from '../support/screen-state.js';
import { renderLobbyListPage } from '../support/lobby-list-page.js';
import { setSubscription, stubbed, type StubSubscription } from '../support/trpc-stub.js';
import { gamePage } from '../support/game-page.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));

/** The server's words for a game opened more than its limit in ten seconds (games.onGame). */
const OPENING_TOO_FAST = 'You are opening and closing the game too fast. Wait a moment.';
/** The server's words past the subscriptions an address may start in ten seconds (SUBSCRIBING_TOO_FAST). */
const SUBSCRIBING_TOO_FAST = 'You are subscribing too fast. Wait a moment.';
/** The server's words to a caller whose session has ended. */
const SIGNED_OUT = 'You must be logged in.';

const state = screenState(newGame());
const gameID = state.game.id;
stubbed.settings = { showOddsToPlayers: false, turnTimerOn: true, turnTimerSeconds: 90 };
stubbed.users = Object.values(state.usersByID);
stubbed.answers['games.cards'] = { cardsByID: state.cardsByID, tributeCardsByID: state.tributeCardsByID };
stubbed.answers['games.state'] = { sequenceID: state.game.sequenceID, game: state.game, events: state.events, fromEvent: 0, away: [], seats: [], serverTime: 0 };

const reset = vi.fn();
const subscription = (status: StubSubscription['status'], error: StubSubscription['error'] = null) => act(() => setSubscription('games.onGame', { status, error, reset }));
const refused = (message: string, code: string) => subscription('error', { message, data: { code } });

const notice = () => screen.queryByTestId('refused');

async function liveGame() {
  subscription('pending');
  render(gamePage(gameID));
  await screen.findByRole('region', { name: 'Action panel' });
  // The websocket drops: the page says so, as it always did.
  subscription('connecting');
  expect(screen.getByTestId('reconnecting').textContent).toBe(`Reconnecting...${CLOCK_RUNS_OFFLINE}`);
}

beforeEach(() => {
  reset.mockClear();
  stubbed.fetched.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('the game screen, its subscription refused when opened again', () => {
  test("shows the server's words and Try again, not 'Reconnecting...'; Try again asks at once; back live, the words go and the game is fetched", async () => {
    await liveGame();
    refused(OPENING_TOO_FAST, 'TOO_MANY_REQUESTS');
    // The badge, the server's words and what the page does, the button, and the clock's sentence.
    expect(notice()?.textContent).toBe(`Not live${OPENING_TOO_FAST} ${REFUSED_RETRYING}Try again${CLOCK_RUNS_OFFLINE}`);
    expect(screen.queryByText('Reconnecting...')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledTimes(1);
    // Asked again, until the server answers: the same words and button, never 'Reconnecting...' in between.
    subscription('connecting');
    expect(notice()?.textContent).toBe(`Not live${OPENING_TOO_FAST} ${REFUSED_RETRYING}Try again${CLOCK_RUNS_OFFLINE}`);
    expect(screen.queryByTestId('reconnecting')).toBeNull();
    // The subscription starts: the page is live, and fetches the game it may have missed.
    subscription('pending');
    expect(notice()).toBeNull();
    expect(screen.queryByTestId('reconnecting')).toBeNull();
    expect(stubbed.fetched).toEqual(['games.state']);
    // A drop once live again is a drop: 'Reconnecting...', not the refusal of before.
    subscription('connecting');
    expect(screen.getByTestId('reconnecting').textContent).toBe(`Reconnecting...${CLOCK_RUNS_OFFLINE}`);
    expect(notice()).toBeNull();
  });

  test('asks again by itself after 2 s, then after 4 s if refused again', async () => {
    await liveGame();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    refused(OPENING_TOO_FAST, 'TOO_MANY_REQUESTS');
    act(() => vi.advanceTimersByTime(1_999));
    expect(reset).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reset).toHaveBeenCalledTimes(1);
    // Asked again by itself: the refusal stays shown until the server answers, and no second wait runs meanwhile.
    subscription('connecting');
    expect(notice()?.textContent).toBe(`Not live${OPENING_TOO_FAST} ${REFUSED_RETRYING}Try again${CLOCK_RUNS_OFFLINE}`);
    expect(screen.queryByTestId('reconnecting')).toBeNull();
    act(() => vi.advanceTimersByTime(30_000));
    expect(reset).toHaveBeenCalledTimes(1);
    // Refused again: the wait doubles.
    refused(OPENING_TOO_FAST, 'TOO_MANY_REQUESTS');
    act(() => vi.advanceTimersByTime(3_999));
    expect(reset).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(reset).toHaveBeenCalledTimes(2);
  });

  test('signed out meanwhile: says so with a way to sign in again and come back, and does not keep asking', async () => {
    await liveGame();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    refused(SIGNED_OUT, 'UNAUTHORIZED');
    expect(notice()?.textContent).toBe(`Not live${SIGNED_OUT}Sign in again${CLOCK_RUNS_OFFLINE}`);
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(`/?redirect=${encodeURIComponent(`/game/${gameID}`)}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    act(() => vi.advanceTimersByTime(120_000));
    expect(reset).not.toHaveBeenCalled();
  });

  test('a game no longer there: says waiting will not help, and does not keep asking', async () => {
    await liveGame();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    refused(`Game ${gameID} not found.`, 'NOT_FOUND');
    expect(notice()?.textContent).toBe(`Not liveGame ${gameID} not found. ${REFUSED_FOR_GOOD}Try again${CLOCK_RUNS_OFFLINE}`);
    act(() => vi.advanceTimersByTime(120_000));
    expect(reset).not.toHaveBeenCalled();
    // Try again all the same: the words stay while it is asked.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    subscription('connecting');
    expect(notice()?.textContent).toBe(`Not liveGame ${gameID} not found. ${REFUSED_FOR_GOOD}Try again${CLOCK_RUNS_OFFLINE}`);
  });
});

test("the lobby's page, its subscription refused as it opens: the server's words with Try again, not a dead end", async () => {
  const lobbyReset = vi.fn();
  act(() => setSubscription('lobbies.onLobby', { status: 'error', error: { message: SUBSCRIBING_TOO_FAST, data: { code: 'TOO_MANY_REQUESTS' } }, reset: lobbyReset }));
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/lobby/l_1']}>
        <Routes>
          <Route path="/lobby/:lobbyID" element={<LobbyPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  expect(notice()?.textContent).toBe(`Not live${SUBSCRIBING_TOO_FAST} ${REFUSED_RETRYING}Try again${LOBBY_OFFLINE}`);
  expect(screen.queryByRole('heading', { name: 'Lobby not available' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(lobbyReset).toHaveBeenCalledTimes(1);
  // Asked again: the same words until the server answers.
  act(() => setSubscription('lobbies.onLobby', { status: 'connecting', error: null, reset: lobbyReset }));
  expect(notice()?.textContent).toBe(`Not live${SUBSCRIBING_TOO_FAST} ${REFUSED_RETRYING}Try again${LOBBY_OFFLINE}`);
  expect(screen.queryByTestId('reconnecting')).toBeNull();
  // Signed out meanwhile: its controls wait for a sign-in, not for a connection that is there.
  act(() => setSubscription('lobbies.onLobby', { status: 'error', error: { message: SIGNED_OUT, data: { code: 'UNAUTHORIZED' } }, reset: lobbyReset }));
  expect(notice()?.textContent).toBe(`Not live${SIGNED_OUT}Sign in again${LOBBY_SIGNED_OUT}`);
});

test('the lobby list, its subscription refused: the list says why and asks again by itself, where it said the list could not be loaded, for good', async () => {
  const listReset = vi.fn();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  act(() => setSubscription('lobbies.onList', { status: 'error', error: { message: SUBSCRIBING_TOO_FAST, data: { code: 'TOO_MANY_REQUESTS' } }, reset: listReset }));
  renderLobbyListPage();
  expect(notice()?.textContent).toBe(`Not live${SUBSCRIBING_TOO_FAST} ${REFUSED_RETRYING}Try again`);
  act(() => vi.advanceTimersByTime(2_000));
  expect(listReset).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(listReset).toHaveBeenCalledTimes(2);
  // Live again: no notice. Then a drop: "Reconnecting...", as the game and the lobby say it.
  act(() => setSubscription('lobbies.onList', { status: 'pending', error: null, reset: listReset }));
  expect(notice()).toBeNull();
  expect(screen.queryByTestId('reconnecting')).toBeNull();
  act(() => setSubscription('lobbies.onList', { status: 'connecting', error: null, reset: listReset }));
  expect(screen.getByTestId('reconnecting').textContent).toBe('Reconnecting...');
});
