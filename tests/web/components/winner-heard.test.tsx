/**
 * Who won, heard once. At a game's end a blind player heard it twice: the game's news said "The
 * game is over. Bob won." and the winner banner, a live region too, said "Bob won!". On the game
 * screen the news says it, and the banner is only shown. The replay keeps its banner as the one
 * that says it (a jump to the last step says nothing of its news; the banner says who won), and
 * its news leaves the end to it, so that a step forward onto the end says it once there too.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { gamePage } from '../support/game-page.js';
import { openReplay, playedReplay, shownStep } from '../support/replay-page.js';
import { ANN_AND_BOB, ANN, BOB, screenState } from '../support/screen-state.js';
import { served } from '../support/served-game.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

const { record, moments, last } = playedReplay();
const final = moments[last]!.game;
const NAMES: Record<string, string> = { [ANN]: 'Ann', [BOB]: 'Bob' };
const winner = final.winnerIDs.map((id) => NAMES[id]).join(' and ');

beforeEach(() => {
  localStorage.setItem('userPrefs', JSON.stringify({ disableAnimations: true }));
  stubbed.users = ANN_AND_BOB;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  stubbed.answers = {};
  stubbed.users = null;
});

/**
 * What the page's live regions hold of who won: each line of a log region, and the whole text of
 * every other live region (a status, an alert, aria-live), a clash's winner aside.
 */
function winnerHeard(): string[] {
  const logLines = [...document.querySelectorAll('[role="log"] p')].map((p) => p.textContent ?? '');
  const regions = [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])')].filter((el) => el.closest('[role="log"]') === null).map((el) => (el.textContent ?? '').trim());
  return [...logLines, ...regions].filter((words) => /\bwon\b/.test(words) && !words.includes('won the clash'));
}

describe('the game screen', () => {
  test('the last step played: who won is said once, by the news; the banner shows it, and is no live region', async () => {
    served.state = screenState(moments[last - 1]!.game);
    const { rerender } = render(gamePage(final.id));
    expect(winnerHeard()).toEqual([]);
    served.state = screenState(final);
    act(() => rerender(gamePage(final.id)));
    await act(async () => undefined);
    act(() => rerender(gamePage(final.id)));
    expect(screen.getByTestId('winner-banner').textContent).toBe(` ${winner} won!`);
    // The last step's news, then the end: one line.
    expect(winnerHeard()).toEqual([expect.stringMatching(new RegExp(`(^|\\. )The game is over\\. ${winner} won\\.$`))]);
  });
});

describe('the replay', () => {
  beforeEach(() => {
    stubbed.answers = { 'replays.get': record };
  });

  test('a step forward onto the end: who won is said once, by the banner', async () => {
    const user = userEvent.setup();
    openReplay(record.id, last - 1);
    await screen.findByTestId('replay-where');
    expect(winnerHeard()).toEqual([]);
    await user.keyboard('{ArrowRight}');
    expect(shownStep()).toBe(last);
    await act(async () => undefined);
    expect(winnerHeard()).toEqual([`${winner} won!`]);
  });

  test('a jump to the end: who won is said once, by the banner', async () => {
    const user = userEvent.setup();
    openReplay(record.id, 1);
    await screen.findByTestId('replay-where');
    await user.keyboard('{End}');
    expect(shownStep()).toBe(last);
    await act(async () => undefined);
    expect(winnerHeard()).toEqual([`${winner} won!`]);
  });
});
