/**
 * A new age's trade row is dealt on screen, card by card, as the step that begins the age
 * arrives: the action panel asks for a bid on the row only once its cards have landed, and says
 * meanwhile that its cards are being dealt (it asked at once, for cards the player could not yet see),
 * counted from when the deal starts on screen (a busy page's next frame can come late).
 * A turn's new cards, dealt beside those left on the row, hold nothing up: a bid can be made on
 * those meanwhile.
 * The whole game screen (game-screen.tsx) is rendered, with the server's side stood in for, and
 * the page's time held by the test.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { botDecision } from '../../../src/bots/harness.js';
import type { Game } from '../../../src/engine/index.js';
import { CLIENT_MESSAGES } from '../../../src/web/game/selection.js';
import { act as play, newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

const ASK = 'Choose a card on the trade row and your bid.';
/** The trade row's cards a click would pick. */
const pickable = () => within(document.querySelector<HTMLElement>('[data-zone="trade-row"]')!).queryAllByRole('button').length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  // happy-dom lays nothing out: every element stands somewhere, so the cards have places to fly to.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ left: 10, top: 10, width: 80, height: 110, right: 90, bottom: 120, x: 10, y: 10, toJSON: () => ({}) });
  // Nor does it play animations: each one only finishes, on the page's (held) time.
  Element.prototype.animate = function (_keyframes, options) {
    const { delay = 0, duration = 0 } = (typeof options === 'number' ? { duration: options } : (options ?? {})) as { delay?: number; duration?: number };
    const finished = new Promise((resolve) => setTimeout(resolve, delay + duration));
    return { finished, cancel: () => undefined } as unknown as Animation;
  };
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  vi.useRealTimers();
});

/** The game one move before `turn` of `age` begins, and the game at its first bid (easy bots make every choice). */
function into(age: number, turn: number): [Game, Game] {
  let game = newGame();
  for (let i = 0; i < 10_000; i++) {
    const seat = game.players.findIndex((_, s) => botDecision(game, s, 7, 'easy_bot') !== null);
    if (seat < 0) throw new Error('no seat to play');
    const next = play(game, game.players[seat]!.userID, botDecision(game, seat, 7, 'easy_bot')!);
    if (next.age === age && next.turn === turn) return [game, next];
    game = next;
  }
  throw new Error(`no turn ${turn} of age ${age}`);
}

/** Moves the page's time on by `ms`, and lets what it finished say so (a promise's callbacks). */
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

/** Opens the screen on `before`, then `after` arrives from the server, as one step; the action panel. */
function arrives(before: Game, after: Game): HTMLElement {
  expect(after.phase).toBe('PLANNING');
  served.state = screenState(before);
  const { rerender } = render(gamePage(before.id));
  served.state = screenState(after);
  act(() => rerender(gamePage(after.id)));
  return screen.getByRole('region', { name: 'Action panel' });
}

const dealt = (before: Game, after: Game) => after.events.slice(before.events.length).filter((e) => e.type === 'DEAL_CARD').length;

test("the panel asks for a bid on a new age's trade row once the row has been dealt, and says meanwhile that its cards are being dealt", async () => {
  const [before, after] = into(2, 1);
  expect(dealt(before, after)).toBe(after.tableIDs.length);
  const panel = arrives(before, after);
  within(panel).getByText('Age 2 begins: a new trade row, dealt from the age 2 deck.');
  // The row's cards are on their way: no bid is asked for yet, and the row cannot be picked from.
  expect(within(panel).getByRole('status').textContent).toBe(CLIENT_MESSAGES.dealing);
  expect(within(panel).queryByText(ASK)).toBeNull();
  expect(within(panel).queryByRole('button', { name: /^Submit/ })).toBeNull();
  expect(pickable()).toBe(0);
  // The deal ends (the last card lands): the bid is asked for.
  await wait(5_000);
  within(panel).getByText(ASK);
  expect(within(panel).queryByText(CLIENT_MESSAGES.dealing)).toBeNull();
  within(panel).getByRole('button', { name: /^Submit/ });
  expect(pickable()).toBeGreaterThan(0);
});

test('on a page too busy to draw its next frame soon, the bid waits for the cards from when their deal starts', async () => {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  const [before, after] = into(2, 1);
  const panel = arrives(before, after);
  expect(within(panel).getByRole('status').textContent).toBe(CLIENT_MESSAGES.dealing);
  // The frame that starts the deal comes 2 s late.
  await wait(2_000);
  act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
  // Past when the cards would have landed had it come at once (about 2.7 s), they are still on their way.
  await wait(2_000);
  expect(within(panel).getByRole('status').textContent).toBe(CLIENT_MESSAGES.dealing);
  expect(within(panel).queryByText(ASK)).toBeNull();
  await wait(3_000);
  within(panel).getByText(ASK);
});

test("a turn's new cards, dealt beside those left on the row, do not hold the bid up", () => {
  const [before, after] = into(1, 2);
  expect(dealt(before, after)).toBeGreaterThan(0);
  expect(dealt(before, after)).toBeLessThan(after.tableIDs.length);
  const panel = arrives(before, after);
  within(panel).getByText(ASK);
  expect(within(panel).queryByText(CLIENT_MESSAGES.dealing)).toBeNull();
  expect(pickable()).toBeGreaterThan(0);
});
