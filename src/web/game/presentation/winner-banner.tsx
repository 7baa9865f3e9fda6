/**
 * The game screen's line once a game has ended and its last turn has played out: '{names} won!'
 * (nobody who forfeited). Hidden once the end view shows under it, whose title says the same
 * (presentation.module.css); the replay shows it alone. `speaks`: the banner is what a screen reader
 * hears of who won (the replay's, whose jumps say no news); on the game screen the game's news
 * says it, and a banner saying it too said it twice.
 */
import { IconTrophy } from '@tabler/icons-react';
import { UserNames } from '../../components/user-text.js';
import type { GameScreenState, UserID } from '../model.js';
import { useWinnerIDs } from './end-rating-source.js';
import { playerRef } from './format.js';
import { usePresentationPlaying } from './use-event-animations.js';
import classes from './presentation.module.css';

export function WinnerBanner({ state, speaks = false }: { state: GameScreenState; speaks?: boolean }) {
  const playing = usePresentationPlaying();
  // The same winners as the end-of-game view's: nobody who forfeited (the query is the view's, shared).
  const winners = useWinnerIDs(state.game);
  if (state.game.gameEndTimestamp === null || playing) return null;
  return (
    <p className={classes.winnerBanner} role={speaks ? 'status' : undefined} data-testid="winner-banner">
      <IconTrophy size={20} aria-hidden /> <Winners state={state} winnerIDs={winners} /> won!
    </p>
  );
}

/**
 * The winners' names as the end of a game says them: a tie's joined by ' and ', each name isolated
 * from the words around it; 'Nobody' when every player forfeited. Here, not with the end view's
 * other figures: the banner needs it from the first bid, the end view only once a game has ended.
 */
export function Winners({ state, winnerIDs }: { state: Pick<GameScreenState, 'game' | 'usersByID'>; winnerIDs: readonly UserID[] }) {
  return winnerIDs.length === 0 ? 'Nobody' : <UserNames names={winnerIDs.map((id) => playerRef(state, id).name)} />;
}
