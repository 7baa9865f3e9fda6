/**
 * The lobby list names an open table's clock, so that someone choosing where to sit knows how long
 * each decision may take there: the pace and its time, or that the table has no turn timer. A
 * started game's row does not: nobody can sit down at it any more.
 */
import { act, cleanup } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Lobby } from '../../../src/web/lib/api-types.js';
import { hostOf, lobbyFixture, seated } from '../support/lobby-fixture.js';
import { renderLobbyListPage } from '../support/lobby-list-page.js';
import { sendSubscriptionData } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(cleanup);

const lobby = (host: string, clock: Partial<Record<keyof Lobby, unknown>>, sequenceID = 1): Lobby =>
  lobbyFixture({ ...clock, id: `l_${host}`, sequenceID, name: `${host}'s lobby`, host: hostOf(`u_${host}`, host), players: [seated(`u_${host}`, host)] });

/** Each listed lobby's name and its clock's line (none: no line). */
const clocks = () => Array.from(document.querySelectorAll('tr[data-lobby-id]'), (row) => [row.querySelector('td p')!.textContent, row.querySelector('[data-lobby-clock]')?.textContent ?? null]);

test("each open table's pace and the time for each decision, or no turn timer; none for a started game", () => {
  renderLobbyListPage();
  act(() =>
    sendSubscriptionData('lobbies.onList', {
      whole: [
        lobby('Ann', { turnTimer: 'auto', turnPace: 'fast', turnTimerSeconds: 30 }),
        lobby('Bo', { turnTimer: 'on', turnPace: 'normal', turnTimerSeconds: 90 }),
        lobby('Cy', { turnTimer: 'on', turnPace: 'slow', turnTimerSeconds: 180 }),
        lobby('Dee', { turnTimer: 'off', turnPace: 'fast', turnTimerSeconds: 30 }),
        lobby('Eve', { status: 'playing', game: { id: 'g_eve', endTimestamp: null }, turnPace: 'fast', turnTimerSeconds: 30 }),
      ],
    }),
  );
  expect(clocks()).toEqual([
    ["Ann's lobby", 'Fast pace · 30 s a decision'],
    ["Bo's lobby", 'Normal pace · 90 s a decision'],
    ["Cy's lobby", 'Slow pace · 3 min a decision'],
    ["Dee's lobby", 'No turn timer'],
    ["Eve's lobby", null],
  ]);
  // The host makes it slow: the row follows.
  act(() => sendSubscriptionData('lobbies.onList', { changed: [lobby('Ann', { turnTimer: 'auto', turnPace: 'slow', turnTimerSeconds: 180 }, 2)] }));
  expect(clocks()[0]).toEqual(["Ann's lobby", 'Slow pace · 3 min a decision']);
});
