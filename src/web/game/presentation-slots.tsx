/**
 * Where the presentation layer (src/web/game/presentation, another engineer's) plugs into the
 * screen: one object, so the screen reads as a list of slots.
 */
import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import type * as EndOfGameModule from './presentation/end-of-game.js';
import { Announcer, ClashDisplay, EventLog, GameChatButton, GameHeader, MythosInfoPanel, useEventAnimations, presentationPlaying, useGameSounds, usePresentationPlaying, usePresentedState, WinnerBanner } from './presentation/index.js';

// The end-of-game view (its standings, pies, rating changes and replay links) loads when a game has
// ended, not with every game's first screen. It shows only after the last turn has played out, so
// the chunk has most often arrived by then; a game already over when its page opens waits for it
// (`useEndOfGameChunk`).
type EndOfGameView = typeof EndOfGameModule.EndOfGame;
/** The view's component once its chunk is here: drawn straight away, not through `lazy`. */
let loadedEndOfGame: EndOfGameView | null = null;
const loadEndOfGame = () =>
  import('./presentation/end-of-game.js').then((m) => {
    loadedEndOfGame = m.EndOfGame;
    return m;
  });
const LazyEndOfGame = retryingLazy(() => loadEndOfGame().then((m) => ({ default: m.EndOfGame })));

/**
 * Whether the end-of-game view's chunk is here, starting its load when `wanted`. A page opened on
 * a game that had ended drew the table first and the view on top of it once its chunk came,
 * pushing the table and the odds down by the view's height (a layout shift of 0.55 on a desktop,
 * 0.80 on a phone): the screen waits for it instead (game-screen.tsx).
 */
export function useEndOfGameChunk(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(loadedEndOfGame !== null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    // A chunk that fails to load is the view's own Suspense's to show; the screen goes on.
    void loadEndOfGame()
      .catch(() => undefined)
      .then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded;
}
/**
 * Through `lazy` only while the chunk is still to come: a lazy component suspends on its first
 * render even when its chunk is here, and React then holds the revealed view back for its
 * throttle (300 ms), with the table drawn meanwhile. Which one is chosen once, when the slot is
 * first drawn, so the view is never drawn anew (its minimized state kept).
 */
function EndOfGame(props: ComponentProps<EndOfGameView>) {
  const [Loaded] = useState(() => loadedEndOfGame);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyEndOfGame {...props} />
    </Suspense>
  );
}

export const Presentation = { GameHeader, EventLog, useEventAnimations, usePresentedState, usePresentationPlaying, presentationPlaying, ClashDisplay, useGameSounds, EndOfGame, WinnerBanner, Announcer, GameChatButton, MythosInfoPanel };
