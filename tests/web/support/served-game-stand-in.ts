/**
 * The `components-served-game` project's setup, after tests/web/support/stand-ins.ts: the game
 * screen's live state replaced by the one its files serve, for every file of the project whichever
 * came first (as stand-ins.ts says why), and nothing served as each file starts.
 */
import { vi } from 'vitest';
import { resetServedGame } from './served-game.js';

vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('./served-game.js')).servedGameState }));

resetServedGame();
