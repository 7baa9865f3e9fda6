/**
 * The game screen is drawn once, in the layout of the screen it opens on. Its first render on a
 * phone was a desktop's (the phone's width was answered in an effect, after it), and the answer
 * threw the whole table away and built it again for the phone, in one task a phone could not
 * slice. Looked at here as the trade rows put into the page, and whether the phone's docked panel
 * was in it as each came: before, a desktop's row came first (no docked panel), and was thrown away.
 * And the page root's style is written no more than the layout needs.
 * The whole game screen with the server's side stood in for, as in bid-start-scroll.test.tsx.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';
import { stubResizeObserver, stubScreen } from '../support/screen-media.js';

// Hoisted with the mocks, which run before the file's other lines.

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

const TRADE_ROW = 'section[aria-label="Trade row"]';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/**
 * Every trade row put into the page while `run` opens the game and it settles, each with whether
 * the phone's docked panel was in the page as it came (looked at as it was put in, before any
 * later render could change the page).
 */
async function tradeRowsAdded(run: () => Promise<void>): Promise<{ row: Element; docked: boolean }[]> {
  const added = new Map<Element, boolean>();
  const look = () => {
    for (const row of document.querySelectorAll(TRADE_ROW)) if (!added.has(row)) added.set(row, document.querySelector('.docked-action-panel') !== null);
  };
  const { appendChild, insertBefore } = Node.prototype;
  vi.spyOn(Node.prototype, 'appendChild').mockImplementation(function <T extends Node>(this: Node, node: T): T {
    const out = appendChild.call(this, node) as T;
    look();
    return out;
  });
  vi.spyOn(Node.prototype, 'insertBefore').mockImplementation(function <T extends Node>(this: Node, node: T, child: Node | null): T {
    const out = insertBefore.call(this, node, child) as T;
    look();
    return out;
  });
  try {
    await run();
    // Whatever the page would still do after its first draw (effects, a media query's answer).
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    vi.restoreAllMocks();
  }
  return [...added].map(([row, docked]) => ({ row, docked }));
}

async function openTheGame(): Promise<void> {
  const game = newGame();
  served.state = screenState(game);
  render(gamePage(game.id));
  await screen.findByRole('region', { name: 'Trade row' });
}

describe('the game opened', () => {
  test("on a phone: its table built once, the phone's docked panel already in the page", async () => {
    stubScreen({ phone: true });
    const rows = await tradeRowsAdded(openTheGame);
    expect(rows.map(({ row, docked }) => ({ connected: row.isConnected, docked }))).toEqual([{ connected: true, docked: true }]);
    expect(screen.getByRole('tab', { name: /table/i })).toBeTruthy();
  });

  test("on a desktop: its table built once, with no phone's docked panel", async () => {
    stubScreen({ phone: false });
    const rows = await tradeRowsAdded(openTheGame);
    expect(rows.map(({ row, docked }) => ({ connected: row.isConnected, docked }))).toEqual([{ connected: true, docked: false }]);
  });

  test("on a phone: the page root's style written once for each thing it holds", async () => {
    // The scroll padding was written, taken off and written again once the docked panel was
    // measured, and that came with a recalculation of the whole page's style in Chromium's traces
    // (about 800 elements, 20-30 ms of a desktop's first load, four times that on a phone).
    stubScreen({ phone: true });
    stubResizeObserver((element) => (element.classList.contains('docked-action-panel') ? 188 : 40));
    const writes: string[] = [];
    const watch = new MutationObserver((records) => writes.push(...records.map(() => document.documentElement.style.cssText)));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    await openTheGame();
    await vi.waitFor(() => expect(document.documentElement.style.getPropertyValue('--game-dock-height')).toBe('188px'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    watch.disconnect();
    // The scroll padding's two sides, then the docked panel's height.
    expect(writes).toHaveLength(3);
    expect(document.documentElement.style.scrollPaddingBottom).toBe('calc(var(--game-dock-height, -28px) + 28px)');
    // The page that makes room for the panel holds its height itself: the variable is not
    // inherited (game-screen.module.css), so that a new height restyles no other element.
    expect(document.querySelector<HTMLElement>('.game-screen')!.style.getPropertyValue('--game-dock-height')).toBe('188px');
  });
});
