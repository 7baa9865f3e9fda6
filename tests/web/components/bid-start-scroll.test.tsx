/**
 * A bid starts with the trade row in sight (row-in-view.ts). A gain from the basic piles, far down
 * the page, left it scrolled there, and the next turn's bid began with the row out of view: the
 * player scrolled back up to see what to bid on. The page scrolls up to the row at the bid's
 * start, smoothly, or at once for one who asked their system for less motion; not while the
 * player is scrolling, nor when the row is in sight already. A gain starts the same way with the
 * card won in sight.
 * The whole game screen is rendered as a phone's, with the server's side stood in for: the game's
 * state as the page receives it, every query answering nothing yet. happy-dom lays nothing out, so
 * the boxes the hook reads are given: the docked panel 188 px tall at the foot of a 667 px
 * screen, under which the page must stay, and the trade row where the test puts it.
 * Where the row lands on a real screen, a phone's and a desktop's, is
 * tests/web/game-screen-details.test.ts's.
 */
import { act as reactAct, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/index.js';
import { paymentRefusal } from '../../../src/engine/costs.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';
import { stubResizeObserver, stubScreen } from '../support/screen-media.js';

// Hoisted with the mocks, which run before the file's other lines.

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

const SCREEN_HEIGHT = 667;
const DOCK_HEIGHT = 188;
/** The site's sticky header (57 px) and the room kept under it: the page's scroll padding on a phone. */
const UNDER_HEADER = 65;

/** Where the trade row (its heading and cards) stands on the screen, as the test sets it. */
let row = { top: 0, height: 195 };
/** Where each of the row's slots (a card and its cost) stands: in sight, unless the test says otherwise. */
let slot = { top: 120, height: 170 };
let scrollBy: ReturnType<typeof vi.fn>;
/** A phone held sideways: the panel docked down the screen's right side, the screen 360 px tall. */
let sideways = false;
const SIDEWAYS_HEIGHT = 360;

beforeEach(() => {
  slot = { top: 120, height: 170 };
  sideways = false;
  scrollBy = vi.fn();
  vi.stubGlobal('scrollBy', scrollBy);
  // Every element measured by the screen's size hooks: the docked panel its height, the rest a phone's width.
  stubResizeObserver((element) => (element.classList.contains('docked-action-panel') ? DOCK_HEIGHT : 40));
  const box = (top: number, height: number, left = 0, width = 375) => ({ x: left, y: top, left, top, width, right: left + width, height, bottom: top + height, toJSON: () => ({}) }) as DOMRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.matches('section[aria-label="Trade row"]')) return box(row.top, row.height);
    if (this.matches('[data-trade-row-index]')) return box(slot.top, slot.height);
    if (this.matches('.docked-action-panel')) return sideways ? box(0, SIDEWAYS_HEIGHT, 740 - 272, 272) : box(SCREEN_HEIGHT - DOCK_HEIGHT, DOCK_HEIGHT);
    return box(0, 0);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A phone's screen (under 768 px wide), with the system's setting for less motion or without. */
function phone({ reducedMotion = false } = {}) {
  stubScreen({ phone: true, reducedMotion });
}

/** The first turn's gain step (each seat won a card of its own), and the second turn's bid after both gained a basic card. */
function gainThenBid(): [Game, Game] {
  let game = newGame();
  game = act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } });
  game = act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: 1 } });
  const gain = game;
  const free = game.basicPile.find((id) => game.cardsByID[id]!.cost === 0)!;
  for (const seat of [ANN, BOB]) game = act(game, seat, { type: 'RESOLVE', resolve: { cardIDToGain: free } });
  if (game.phase !== 'PLANNING' || game.turn !== 2) throw new Error(`not the next bid: ${game.phase}, turn ${game.turn}`);
  return [gain, game];
}

/** The first turn's gain step, Ann's card won one she can pay for (one she cannot sends her to the basic piles instead). */
function gainOfACardWithinReach(): Game {
  let game = newGame();
  const ann = game.players.find((p) => p.userID === ANN)!;
  const mine = game.tableIDs.findIndex((id) => id !== null && paymentRefusal(game, ann, id) === null);
  const bobs = game.tableIDs.findIndex((id, index) => id !== null && index !== mine);
  game = act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: mine } });
  return act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: bobs } });
}

/** Ann's phone on the gain step, then (once its panel is measured) on the next bid. */
async function fromGainToBid(before?: () => void): Promise<void> {
  const [gain, bid] = gainThenBid();
  served.state = screenState(gain);
  const { rerender } = render(gamePage(gain.id));
  await screen.findByRole('region', { name: 'Basic piles' });
  // The panel measured: the page's scroll padding follows its height (a variable the browser
  // resolves; happy-dom resolves none).
  const root = document.documentElement.style;
  // (None beside a panel docked down the side.)
  const padding = sideways ? '' : 'calc(var(--game-dock-height, -28px) + 28px)';
  await vi.waitFor(() => expect([root.getPropertyValue('--game-dock-height'), root.scrollPaddingBottom]).toEqual([`${DOCK_HEIGHT}px`, padding]));
  expect(scrollBy).not.toHaveBeenCalled();
  before?.();
  served.state = screenState(bid);
  reactAct(() => rerender(gamePage(bid.id)));
  expect(document.querySelector('[data-decision]')!.getAttribute('data-decision')).toBe('BID');
}

describe("a bid's start", () => {
  test('after a gain far down the page: the page goes up to the trade row, smoothly, once', async () => {
    phone();
    // The piles were gained from 500 px down the page: the row is above the screen.
    row = { top: -500, height: 195 };
    await fromGainToBid();
    expect(scrollBy.mock.calls).toEqual([[{ top: -500 - UNDER_HEADER, behavior: 'smooth' }]]);
  });

  test('for one who asked for less motion, at once', async () => {
    phone({ reducedMotion: true });
    row = { top: -500, height: 195 };
    await fromGainToBid();
    expect(scrollBy.mock.calls).toEqual([[{ top: -500 - UNDER_HEADER, behavior: 'auto' }]]);
  });

  test("its costs under the docked panel: down by as little as brings the row's foot above it", async () => {
    phone();
    // A 375x667 phone's first screen: the row's foot (its costs) 503 px down, the panel's top at 479.
    row = { top: 308, height: 195 };
    await fromGainToBid();
    expect(scrollBy.mock.calls).toEqual([[{ top: 503 - (SCREEN_HEIGHT - DOCK_HEIGHT - 8), behavior: 'smooth' }]]);
  });

  test("a phone held sideways, its panel docked down the side: the row's foot goes by the screen's foot, not the panel's top", async () => {
    stubScreen({ phone: true, sideways: true });
    vi.stubGlobal('innerHeight', SIDEWAYS_HEIGHT);
    sideways = true;
    // Whole above the screen's foot (and 8 px of room), beside the panel: the page stays.
    row = { top: 140, height: 195 };
    await fromGainToBid();
    expect(scrollBy).not.toHaveBeenCalled();
    cleanup();
    // Its costs under the screen's foot: down by as little as brings them up (the site's header
    // scrolls away on a screen this short, so only 8 px are kept above).
    row = { top: 250, height: 195 };
    await fromGainToBid();
    expect(scrollBy.mock.calls).toEqual([[{ top: 250 + 195 - (SIDEWAYS_HEIGHT - 8), behavior: 'smooth' }]]);
  });

  test('the row in sight already: the page stays', async () => {
    phone();
    row = { top: 120, height: 195 };
    await fromGainToBid();
    expect(scrollBy).not.toHaveBeenCalled();
  });

  test('a player scrolling as the bid starts keeps the page where they take it', async () => {
    phone();
    row = { top: -500, height: 195 };
    await fromGainToBid(() => window.dispatchEvent(new Event('touchmove')));
    expect(scrollBy).not.toHaveBeenCalled();
  });
});

describe("a gain's start", () => {
  test('the card won under the docked panel: down by as little as brings its foot above it, once', async () => {
    phone();
    // The row's third line (eight seats, ten cards): the won card's cost 84 px under the panel's top.
    slot = { top: 450, height: 121 };
    const gain = gainOfACardWithinReach();
    served.state = screenState(gain);
    const { rerender } = render(gamePage(gain.id));
    await screen.findByRole('region', { name: 'Basic piles' });
    await vi.waitFor(() => expect(scrollBy).toHaveBeenCalled());
    expect(scrollBy.mock.calls).toEqual([[{ top: 450 + 121 - (SCREEN_HEIGHT - DOCK_HEIGHT - 8), behavior: 'smooth' }]]);
    // Drawn again within the same step (a clock's tick, a chat message): the page stays.
    served.state = screenState(gain);
    reactAct(() => rerender(gamePage(gain.id)));
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
