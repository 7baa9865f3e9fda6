/**
 * The game screen's line once a game has ended and its last turn has played out: '{names} won!'
 * (nobody who forfeited). Hidden once the end view shows under it, whose title says the same
 * (presentation.module.css); the replay shows it alone.
 */
import { IconTrophy } from '@tabler/icons-react';
import type { GameScreenState } from '../model.js';
import { useWinnerIDs } from './end-rating-source.js';
import { winnerNames } from './format.js';
import { usePresentationPlaying } from './use-event-animations.js';
import classes from './presentation.module.css';

export function WinnerBanner({ state }: { state: GameScreenState }) {
  const playing = usePresentationPlaying();
  // The same winners as the end-of-game view's: nobody who forfeited (the query is the view's, shared).
  const winners = useWinnerIDs(state.game);
  if (state.game.gameEndTimestamp === null || playing) return null;
  return (
    <p className={classes.winnerBanner} role="status">
      <IconTrophy size={20} aria-hidden /> {winnerNames(state, winners)} won!
    </p>
  );
}
