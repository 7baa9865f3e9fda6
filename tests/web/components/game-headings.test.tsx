/**
 * The game screen's outline, for those who move through a page by its headings: the game's title,
 * then each part of the table, the move, the players, their boards (each under its player's name)
 * and the log, in the page's order. The action panel, the players and the boards had region names
 * but no headings, so moving by headings went from the tributes to the log past them.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { newGame, screenState } from '../support/screen-state.js';
import { gamePage } from '../support/game-page.js';
import { served } from '../support/served-game.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));

afterEach(cleanup);

const outline = () => screen.getAllByRole('heading').map((h) => `${'  '.repeat(Number(h.tagName.slice(1)) - 1)}${h.textContent}`);

test("a player's game, by its headings: the table's parts, the move, the players, each board by name, the log", () => {
  const game = newGame();
  served.state = screenState(game);
  render(gamePage(game.id));
  expect(outline()).toEqual(['Game of Ann and Bob', '  Players', '  Game Log', '  Trade row', '  Tributes', '  Basic piles', '  Action panel', '  Boards', '    Ann', '    Bob']);
});
