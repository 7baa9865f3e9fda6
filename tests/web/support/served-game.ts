/**
 * The game screen's live state stood in for, for component tests that render the whole screen
 * (game-screen.tsx) with no server: `useGameState` answers with `served.state`, connected, every
 * action played. A test file replaces the hook with it, and sets `served.state` as the page would
 * receive it, step by step:
 *
 *   vi.mock('../../../src/web/game/use-game-state.js', async () => ({ useGameState: (await import('../support/served-game.js')).servedGameState }));
 *
 * The files that replace nothing else share their worker's modules, `served` among them (the
 * `components-served-game` project, vitest.config.ts): its setup (tests/web/support/served-game-stand-in.ts)
 * makes the replacement for all of them and calls `resetServedGame` before each.
 */
import type { GameScreenState } from '../../../src/web/game/model.js';
import type { GameStateResult } from '../../../src/web/game/use-game-state.js';

export const served: { state: GameScreenState | null } = { state: null };

/** One cell for every render: a new one each time made the screen hand its setter over again at every render. */
const sent: GameStateResult['sent'] = { set: null };

/** No state served and no screen's setter held: as a file starts, whatever the one before it left. */
export function resetServedGame(): void {
  served.state = null;
  sent.set = null;
}

export const servedGameState = (): GameStateResult => ({ state: served.state, sent, error: null, connected: true, refusal: null, act: () => Promise.resolve({ ok: true }), back: () => undefined });
