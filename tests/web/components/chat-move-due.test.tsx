/**
 * The chat's dialog over the game screen while the player's move is due. On a phone it covers the
 * table and the action panel docked under it, clock and all: a player chatting there learned of
 * their move when a bot had made it for them. It says the move is theirs, with the time left;
 * "Back to the table" closes it and shows the Table tab (where the cards are picked) in one tap, and
 * the words typed meanwhile are still there when it opens again. Nothing is said while the player
 * waits for the others. The focus starts in the message field, on a phone and in a wide window,
 * the first time (the view's code arriving after the dialog) and after: it started on "Back to the
 * table", which one who opened the chat to type had to Tab past.
 * The whole game screen is rendered as a phone's (or a wide window's), in the page's chat room, with the server's side
 * stood in for: the game's state as the page receives it, the game's settings (a 90 s turn timer),
 * and every other query answering nothing yet.
 */
import { act as reactAct, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChatRoomProvider } from '../../../src/web/chat/chat-room.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { ANN, act, newGame, screenState } from '../support/screen-state.js';
import { stubbed } from '../support/trpc-stub.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';
import { stubScreen } from '../support/screen-media.js';

stubbed.settings = { showOddsToPlayers: false, turnTimerOn: true, turnTimerSeconds: 90 };

// Hoisted with the mocks, which run before the file's other lines.

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));
/** The chat view's code (loaded the first time a chat opens) arrives once this is called. */
let arrive = () => {};
const arrived = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('../../../src/web/chat/chat-room-view.js', async (original) => {
  await arrived;
  return original();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * Ann's phone (or her desktop's wide window) showing `state`, the game's chat room around the page
 * as the site's layout has it. Her deadline is a minute past the 90 s timer (a clash's dice before
 * a decision count on top of it): her clock shows the timer's whole length however long a loaded
 * machine takes to draw. The chat view's code is there at once unless `late`. Returns how the
 * page is shown its next view.
 */
function phoneShows(state: GameScreenState, { phone = true, late = false } = {}): (next: GameScreenState) => void {
  if (!late) arrive();
  stubScreen({ phone });
  const page = (shown: GameScreenState) => {
    served.state = { ...shown, seatsByUserID: { [ANN]: { userID: ANN, presence: 'here', deadline: Date.now() + 150_000, standIn: null, left: false } } };
    return (
      <ChatRoomProvider room={`game/${shown.game.id}`} title="Game Chat">
        {gamePage(shown.game.id)}
      </ChatRoomProvider>
    );
  };
  const { rerender } = render(page(state));
  return (next) => reactAct(() => rerender(page(next)));
}

const chatButton = () => screen.getByRole('button', { name: /^CHAT/ });

describe("the chat's dialog while a move is due", () => {
  // First: the view's code has not arrived yet.
  test("opened before the chat view's code arrives: the focus waits on the loading line, then goes to the message field", async () => {
    const user = userEvent.setup();
    phoneShows(screenState(newGame()), { phone: false, late: true });
    await screen.findByRole('region', { name: 'Action panel' });
    chatButton().focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const loading = await within(dialog).findByText('Loading the chat...');
    await waitFor(() => expect(document.activeElement).toBe(loading));
    await reactAct(async () => arrive());
    const field = await within(dialog).findByRole('textbox', { name: 'Message' });
    expect(document.activeElement).toBe(field);
  });

  test('says the move is the player’s with the time left; one tap goes back to the Table tab, the words typed kept', async () => {
    const user = userEvent.setup();
    phoneShows(screenState(newGame()));
    await screen.findByRole('region', { name: 'Action panel' });
    // Ann reads the log, then opens the chat from beside the tabs.
    await user.click(screen.getByRole('tab', { name: 'Log' }));
    await user.click(chatButton());
    const dialog = await screen.findByRole('dialog');
    const due = dialog.querySelector<HTMLElement>('[data-move-due]')!;
    expect(within(due).getByRole('status').textContent).toBe('It is your move');
    expect(due.textContent).toBe('It is your moveTime left 1:30Back to the table');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Message' }), 'one moment');

    await user.click(within(dialog).getByRole('button', { name: 'Back to the table' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Table' }).getAttribute('aria-selected')).toBe('true');
    screen.getByRole('region', { name: 'Trade row' });

    await user.click(chatButton());
    const again = await screen.findByRole('dialog');
    expect(((await within(again).findByRole('textbox', { name: 'Message' })) as HTMLInputElement).value).toBe('one moment');
  });

  // The dialog's first tabbable place was "Back to the table": one who opened the chat to type had
  // to Tab first. The view's code arrives after the dialog the first time, and is there the next.
  test.each([
    ['a wide window', false],
    ['a phone', true],
  ])('on %s, the focus starts in the message field, each time it opens; Escape goes back to the table', async (_, phone) => {
    const user = userEvent.setup();
    phoneShows(screenState(newGame()), { phone });
    await screen.findByRole('region', { name: 'Action panel' });
    for (const opening of [1, 2]) {
      chatButton().focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog');
      const field = await within(dialog).findByRole('textbox', { name: 'Message' });
      within(dialog).getByRole('button', { name: 'Back to the table' });
      await waitFor(() => expect([opening, document.activeElement]).toEqual([opening, field]));
      // Back the way the dialog lays it out: the messages, then "Back to the table".
      await user.tab({ shift: true });
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Back to the table' }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(chatButton()));
    }
  });

  // The dialog is drawn by the CHAT button, which the screen does not draw again for a new view:
  // what it says of the move comes to it on its own.
  test('open as the player bids (from the panel beside it, or another tab): the move is no longer said to be due', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const show = phoneShows(screenState(game), { phone: false });
    await screen.findByRole('region', { name: 'Action panel' });
    await user.click(chatButton());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('textbox', { name: 'Message' });
    expect(within(dialog).getByRole('status').textContent).toBe('It is your move');
    show(screenState(act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } })));
    await screen.findByText('Waiting for other players...');
    expect(dialog.querySelector('[data-move-due]')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Back to the table' })).toBeNull();
  });

  test('says nothing of a move while the player waits for the others', async () => {
    const user = userEvent.setup();
    const game = newGame();
    phoneShows(screenState(act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } })));
    await screen.findByText('Waiting for other players...');
    await user.click(chatButton());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('textbox', { name: 'Message' });
    expect(dialog.querySelector('[data-move-due]')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Back to the table' })).toBeNull();
  });
});
