/**
 * The lobby list's buttons: Play a Bot, which makes a lobby, seats the bot chosen beside it and
 * starts the game in one click, names that bot in its title and keeps the choice on the device;
 * a refusal of it (the open-lobby cap) shown in the server's words, the person left on the list;
 * a row's button for a game one does not sit in, Spectate, and for a full table, View Lobby; and
 * Join Lobby, which sends the seat's value for the dice with it. The server's calls are stand-ins
 * (support/trpc-stub.ts).
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderLobbyListPage } from '../support/lobby-list-page.js';
import { ALMA, BERT, SID, lobbyOf } from '../support/lobby-view.js';
import { shownPath } from '../support/shown-path.js';
import { sendSubscriptionData, stubbed } from '../support/trpc-stub.js';
import { SEEN_COMMITMENTS_KEY } from '../../../src/web/lib/commitment-memory.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

/** The server's refusal at the open-lobby cap (here 3), as tests/server/security-limits.test.ts holds it. */
const AT_THE_CAP = 'You are already in 3 open lobbies: start a game in one or leave one first.';

/** Each call the list sent, by path, with its input. */
const sent: [string, unknown][] = [];
const answer = (path: string, result: (input: never) => Promise<unknown>) => {
  stubbed.mutations[path] = (input) => {
    sent.push([path, input]);
    return result(input);
  };
};

beforeEach(() => {
  stubbed.answers['session.me'] = SID;
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  stubbed.mutations = {};
  sent.length = 0;
});

const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Bot to play' });
const playABot = () => screen.getByRole('button', { name: 'Play a Bot' });

describe('Play a Bot', () => {
  test('offers the Easy Bot first, each bot with the rating a game against it is rated against; names the one chosen; the device keeps it', () => {
    renderLobbyListPage();
    expect(picker().value).toBe('easy_bot');
    expect(Array.from(picker().options, (o) => o.textContent)).toEqual(['Easy Bot · 1500', 'Advanced Bot · 2214', 'Expert Bot · 2363']);
    fireEvent.change(picker(), { target: { value: 'basic_bot' } });
    expect(playABot().getAttribute('title')).toBe('Start a rated game against an Advanced Bot at once');
    cleanup();
    renderLobbyListPage();
    expect(picker().value).toBe('basic_bot');
  });

  test("in one click: a lobby, the player's value for the dice, the bot chosen seated, the game started, and the player taken to it", async () => {
    answer('lobbies.create', () => Promise.resolve({ id: 'l_quick', serverSecretCommitment: 'c'.repeat(64) }));
    answer('lobbies.contribute', () => Promise.resolve());
    answer('lobbies.addBot', () => Promise.resolve());
    answer('lobbies.start', () => Promise.resolve({ gameID: 'g_quick' }));
    renderLobbyListPage();
    fireEvent.change(picker(), { target: { value: 'basic_bot' } });
    await act(async () => fireEvent.click(playABot()));
    // The player's value for the dice before the start, the commitment it followed kept first.
    expect(sent).toEqual([
      ['lobbies.create', undefined],
      ['lobbies.contribute', { lobbyID: 'l_quick', value: expect.stringMatching(/^[0-9a-f]{32}$/) }],
      ['lobbies.addBot', { lobbyID: 'l_quick', botType: 'basic_bot' }],
      ['lobbies.start', { lobbyID: 'l_quick' }],
    ]);
    expect(JSON.parse(window.localStorage.getItem(SEEN_COMMITMENTS_KEY)!)).toEqual({ 'lobby/l_quick': 'c'.repeat(64) });
    expect(shownPath()).toBe('/game/g_quick');
  });

  test("refused at the open-lobby cap: the server's words, nothing more asked, and the person stays on the list", async () => {
    answer('lobbies.create', () => Promise.reject(new Error(AT_THE_CAP)));
    renderLobbyListPage();
    await act(async () => fireEvent.click(playABot()));
    expect(screen.getByRole('alert').textContent).toBe(`error creating lobby${AT_THE_CAP}`);
    expect(sent.map(([path]) => path)).toEqual(['lobbies.create']);
    expect(shownPath()).toBe('/lobby-list');
  });
});

test("a game being played that one does not sit in: the row's button is Spectate, to the game", () => {
  renderLobbyListPage();
  act(() => sendSubscriptionData('lobbies.onList', { whole: [lobbyOf([ALMA, BERT], { status: 'playing', game: { id: 'g_1' } } as never)] }));
  const watch = screen.getByRole('row', { name: /Alma's lobby/ }).querySelector('a')!;
  expect(watch.textContent).toBe("SpectateWatch Alma's lobby");
  expect(watch.getAttribute('href')).toBe('/game/g_1');
});

test("a full table one does not sit at: the row's button is View Lobby, to its page, not Join (whose press was refused)", () => {
  renderLobbyListPage();
  const bots = Array.from({ length: 7 }, (_, i) => ({ id: `bot_${i + 1}`, name: `Easy Bot ${i + 1}` }));
  act(() => sendSubscriptionData('lobbies.onList', { whole: [lobbyOf([ALMA, ...bots]), lobbyOf([ALMA, BERT], { id: 'l_2' } as never)] }));
  const [full, open] = ['l_1', 'l_2'].map((id) => document.querySelector(`tr[data-lobby-id="${id}"] td:last-child`)!);
  expect(full!.querySelector('button')).toBeNull();
  expect(full!.querySelector('a')!.textContent).toBe("View LobbyView Alma's lobby");
  expect(full!.querySelector('a')!.getAttribute('href')).toBe('/lobby/l_1');
  // A table with a seat free is still joined from the list.
  expect(open!.querySelector('button')!.textContent).toBe("Join LobbyJoin Alma's lobby");
});

test("Join Lobby takes the seat with a random value for the dice, the lobby's commitment kept as the first seen, then opens the lobby", async () => {
  answer('lobbies.join', () => Promise.resolve());
  renderLobbyListPage();
  act(() => sendSubscriptionData('lobbies.onList', { whole: [lobbyOf([ALMA], { serverSecretCommitment: 'c'.repeat(64) })] }));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Join Lobby/ })));
  expect(sent).toEqual([['lobbies.join', { lobbyID: 'l_1', value: expect.stringMatching(/^[0-9a-f]{32}$/) }]]);
  expect(JSON.parse(window.localStorage.getItem(SEEN_COMMITMENTS_KEY)!)).toEqual({ 'lobby/l_1': 'c'.repeat(64) });
  expect(shownPath()).toBe('/lobby/l_1');
});
