/**
 * The turn timer's length caps a seat's clock (clock.tsx) in both of the game screen's layouts: a
 * phone's showed a decision's whole deadline, the clash's dice counted in (1:34 of a 90 s timer
 * right after a clash), where a desktop's showed 1:30.
 * The whole game screen (game-screen.tsx) is rendered, with the server's side stood in for: the
 * game's state as the page receives it, the game's settings (a 90 s turn timer), and every other
 * query answering nothing yet.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ANN, newGame, screenState } from '../support/screen-state.js';
import { stubbed } from '../support/trpc-stub.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';
import { stubScreen } from '../support/screen-media.js';

stubbed.settings = { showOddsToPlayers: false, turnTimerOn: true, turnTimerSeconds: 90 };

// Hoisted with the mocks, which run before the file's other lines.

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

/** The page's screen: a phone's (under 768 px wide) or a desktop's. */
function screenOf(phone: boolean) {
  stubScreen({ phone });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the game screen's clock, right after a clash", () => {
  test.each([
    ['a phone', true],
    ['a desktop', false],
  ])('on %s, shows the whole turn timer and no more', async (_screen, phone) => {
    screenOf(phone);
    // Ann's decision's deadline counts the clash's dice before it, past the 90 s timer: 94 s was
    // seen, but the clock runs while the test does, and a loaded machine took over 4 s to draw the
    // screen (1:29), so the deadline here is a whole minute past the timer.
    const state = screenState(newGame());
    served.state = { ...state, seatsByUserID: { [ANN]: { userID: ANN, presence: 'here', deadline: Date.now() + 150_000, standIn: null, left: false } } };
    render(gamePage(state.game.id));
    const panel = await screen.findByRole('region', { name: 'Action panel' });
    expect(document.querySelector('.game-screen')!.classList.contains('game-screen-compact')).toBe(phone);
    expect(panel.querySelector(`[data-clock="${ANN}"]`)!.textContent).toBe('Time left 1:30');
  });
});
