/**
 * Where the presentation layer (src/web/game/presentation, another engineer's) plugs into the
 * screen: one object, so the screen reads as a list of slots.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { ClashDisplay, EventLog, GameChatButton, GameHeader, MythosInfoPanel, useEventAnimations, useGameSounds, usePresentedState, WinnerBanner } from './presentation/index.js';

// The end-of-game view (its standings, pies, rating changes and replay links) loads when a game has
// ended, not with every game's first screen. It shows only after the last turn has played out, so
// the chunk has most often arrived by then.
const LazyEndOfGame = lazy(() => import('./presentation/end-of-game.js').then((m) => ({ default: m.EndOfGame })));
function EndOfGame(props: ComponentProps<typeof LazyEndOfGame>) {
  return (
    <Suspense fallback={null}>
      <LazyEndOfGame {...props} />
    </Suspense>
  );
}

export const Presentation = { GameHeader, EventLog, useEventAnimations, usePresentedState, ClashDisplay, useGameSounds, EndOfGame, WinnerBanner, GameChatButton, MythosInfoPanel };
