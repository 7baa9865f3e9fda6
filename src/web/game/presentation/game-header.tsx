/**
 * The header bar: the phase's name and icon, 'Age n/3', 'Turn n/turnsPerAge' (the age first, as
 * the action panel says it: ages hold turns) and the game timer (refreshed every 216 ms, h:mm:ss).
 * Once the game has ended and its last turn has played out on screen (as the end-of-game view
 * waits), the compact 'Game Over!' variant with the total duration. The sounds' mute switch sits
 * at its end.
 *
 * It tells the game as the table does: the screen gives it the presented state
 * (`usePresentedState`), so while a clash's dice roll it names the phase, turn and age they are
 * rolled in, not the ones the server has moved on to.
 */
import { memo } from 'react';
import { IconCards, IconCoins, IconCrown, IconHourglassHigh, IconMap2, IconSwords, IconTrophy } from '@tabler/icons-react';
import type { Phase } from '../../../engine/types.js';
import { AGE_COUNT } from '../../../engine/state.js';
import type { GameScreenState } from '../model.js';
import { useNow } from '../../lib/use-now.js';
import { formatDuration, PHASE_NAMES, TIMER_REFRESH_MS } from './format.js';
import classes from './presentation.module.css';
import { SoundToggle } from './use-game-sounds.js';
import { usePresentationPlaying } from './use-event-animations.js';

const PHASE_ICONS: Record<Phase, typeof IconCoins> = {
  SETUP: IconHourglassHigh,
  PRODUCTION: IconCoins,
  PLANNING: IconMap2,
  WAR: IconSwords,
  RESOLUTION: IconCards,
  TRIBUTE: IconCrown,
};

/** Milliseconds since `start`, refreshed every 216 ms while mounted. */
function useElapsed(start: number): number {
  return useNow(true, TIMER_REFRESH_MS) - start;
}

/** The running game's time: a component of its own, so its ticks redraw it alone, not the header. */
function GameTimer({ start }: { start: number }) {
  const elapsed = useElapsed(start);
  return (
    <span className={classes.timer} role="timer" aria-label="Game time">
      {formatDuration(elapsed)}
    </span>
  );
}

export function GameHeader({ state }: { state: GameScreenState }) {
  const { phase, age, turn, turnsPerAge, gameStartTimestamp, gameEndTimestamp } = state.game;
  return <HeaderBar phase={phase} age={age} turn={turn} turnsPerAge={turnsPerAge} gameStartTimestamp={gameStartTimestamp} gameEndTimestamp={gameEndTimestamp} />;
}

type HeaderProps = Pick<GameScreenState['game'], 'phase' | 'age' | 'turn' | 'turnsPerAge' | 'gameStartTimestamp' | 'gameEndTimestamp'>;

/** Memoised on what it shows: every view is a new state, and a click's optimistic one redrew the header unchanged. */
const HeaderBar = memo(function HeaderBar(game: HeaderProps) {
  // 'Game Over!' with the end view and the winner's line, not while the last cards still fly.
  const playing = usePresentationPlaying();
  const ended = game.gameEndTimestamp !== null && !playing;

  if (ended) {
    return (
      <header className={`${classes.header} ${classes.headerCompact}`} data-testid="game-header">
        <span className={classes.headerPhase}>
          <IconTrophy size={20} stroke={1.8} aria-hidden />
          <span>Game Over!</span>
        </span>
        <span className={classes.timer} title="Total duration">
          {formatDuration(game.gameEndTimestamp! - game.gameStartTimestamp)}
        </span>
      </header>
    );
  }

  const Icon = PHASE_ICONS[game.phase];
  const lastTurn = game.turn === game.turnsPerAge;
  return (
    <header className={classes.header} data-testid="game-header" data-phase={game.phase}>
      <span className={classes.headerPhase} aria-live="polite">
        <Icon size={20} stroke={1.8} aria-hidden />
        <span>{PHASE_NAMES[game.phase]}</span>
      </span>
      <span className={classes.headerChip}>
        Age {game.age}/{AGE_COUNT}
      </span>
      <span className={lastTurn ? `${classes.headerChip} ${classes.lastTurn}` : classes.headerChip} title={lastTurn ? 'Last turn of the age' : undefined}>
        Turn {game.turn}/{game.turnsPerAge}
      </span>
      <GameTimer start={game.gameStartTimestamp} />
      <SoundToggle />
    </header>
  );
});
