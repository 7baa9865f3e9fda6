/**
 * The lobby list page kept live by `lobbies.onList`'s messages (src/shared/lobby-list.ts): the
 * whole list first, then only what changed, lobbies that came and went by the list's order.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Lobby } from '../../../src/web/lib/api-types.js';
import { hostOf, lobbyFixture, seated } from '../support/lobby-fixture.js';
import { renderLobbyListPage } from '../support/lobby-list-page.js';
import { sendSubscriptionData } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(cleanup);

/** An open lobby of `host` with `others` more people at it. */
const lobby = (host: string, others: string[] = [], sequenceID = 1): Lobby =>
  lobbyFixture({ id: `l_${host}`, sequenceID, name: `${host}'s lobby`, host: hostOf(`u_${host}`, host), players: [host, ...others].map((name) => seated(`u_${name}`, name)) });

/** Each listed lobby's name and its seats taken, in the list's order. */
const rows = () => Array.from(document.querySelectorAll('tr[data-lobby-id]'), (row) => `${row.querySelector('td')!.querySelector('p')!.textContent} ${row.querySelectorAll('td')[2]!.textContent}`);

test('the whole list, then a lobby that changed, then lobbies that came and went, each as the server sends it', () => {
  renderLobbyListPage();
  act(() => sendSubscriptionData('lobbies.onList', { whole: [lobby('Ann'), lobby('Bo')] }));
  expect(rows()).toEqual(["Ann's lobby 1/8", "Bo's lobby 1/8"]);
  // Cy sits down at Bo's table: that lobby alone is sent, and Ann's stays as it was.
  act(() => sendSubscriptionData('lobbies.onList', { changed: [lobby('Bo', ['Cy'], 2)] }));
  expect(rows()).toEqual(["Ann's lobby 1/8", "Bo's lobby 2/8"]);
  // Dee opens a lobby and Ann's closes: Dee's is sent, and the order says Ann's has gone.
  act(() => sendSubscriptionData('lobbies.onList', { changed: [lobby('Dee')], order: ['l_Dee', 'l_Bo'] }));
  expect(rows()).toEqual(["Dee's lobby 1/8", "Bo's lobby 2/8"]);
  // A subscription opened again after a drop starts from a whole list.
  act(() => sendSubscriptionData('lobbies.onList', { whole: [lobby('Ann')] }));
  expect(rows()).toEqual(["Ann's lobby 1/8"]);
  expect(screen.queryByText("Bo's lobby")).toBeNull();
});
