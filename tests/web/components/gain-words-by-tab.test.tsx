/**
 * Where the action panel sends a phone's player for a basic card, from the tab they are on: the
 * panel is docked under every tab, and said "the basic piles on the Table tab" while the Table tab
 * was the one shown. On it, the piles are below the trade row; from the Boards or the Log, they are
 * on the Table tab.
 * The whole game screen is rendered as a phone's, with the server's side stood in for: the game's
 * state as the page receives it, and every query answering nothing yet.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { playerOf, unaffordableReason } from '../../../src/web/game/derive.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';
import { stubScreen } from '../support/screen-media.js';

// Hoisted with the mocks, which run before the file's other lines.

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A phone's screen: under 768 px wide. */
function phone() {
  stubScreen({ phone: true });
}

describe("a phone's gain step, tab by tab", () => {
  test('the Table tab: the basic piles below the trade row; the Boards and the Log: on the Table tab', async () => {
    const user = userEvent.setup();
    phone();
    // Ann and Bob each bid nothing on a card of their own (Ann's one she can pay for): each wins theirs.
    let game = newGame();
    const start = screenState(game);
    const mine = start.game.tableIDs.findIndex((cardID) => cardID !== null && unaffordableReason(start, playerOf(start, ANN)!, cardID) === null);
    game = act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: mine } });
    game = act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: mine === 0 ? 1 : 0 } });
    served.state = screenState(game);
    const name = served.state.cardsByID[served.state.game.tableIDs[mine]!]!.name;
    render(gamePage(game.id));
    const words = async () => (await screen.findByText(/^You won/)).textContent;
    const below = `You won ${name}. Gain it, or a basic card from the basic piles below the trade row instead. Chosen: ${name}`;
    const onTheTab = `You won ${name}. Gain it, or a basic card from the basic piles on the Table tab instead. Chosen: ${name}`;
    await screen.findByRole('region', { name: 'Basic piles' });
    expect(await words()).toBe(below);
    for (const tab of ['Boards', 'Log']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(screen.queryByRole('region', { name: 'Basic piles' })).toBeNull();
      expect(await words()).toBe(onTheTab);
    }
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    await screen.findByRole('region', { name: 'Basic piles' });
    expect(await words()).toBe(below);
  });
});
