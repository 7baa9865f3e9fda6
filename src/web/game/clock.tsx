/**
 * The turn timer on screen: each seat's time left, counted down to the server's deadline (read on
 * this device's clock through the offset the server's time gave, so every screen agrees within a
 * second), in a warning colour for its last 20 s (a fast game's, its last third); and whether
 * each player is here (the game shown), away (hidden) or gone (not open). The owner of a clock
 * hears a short cue at 10 s, unless sounds are muted. With the turn timer off the server sends no
 * deadline, and no clock is drawn.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import type { GameScreenState, UserID } from './model.js';
import { nameOf } from './model.js';
import { formatDuration, formatShortDuration } from './presentation/format.js';
import { useNow } from '../lib/use-now.js';
import { useSoundMuted } from './presentation/prefs.js';
import { SOUND_VOLUME } from './presentation/sound-cues.js';
import { playCue } from './presentation/synth.js';
import { useClashOnBoard } from './presentation/use-event-animations.js';
import classes from './clock.module.css';

/** Under this much time left a clock turns to the warning colour. */
export const WARNING_MS = 20_000;

/**
 * When a clock of `length` (null: not known yet) turns to the warning colour: under 20 s, or under
 * a third of a shorter timer's. A fast game's 30 s clock stood in the warning colour for two thirds
 * of every decision, and a warning that is always on says nothing.
 */
export function warningFrom(length: number | null): number {
  return length === null ? WARNING_MS : Math.min(WARNING_MS, length / 3);
}

/** At this much time left the owner hears the cue. */
export const CUE_MS = 10_000;

/** The time left on a seat's clock now, in ms (0 once run out), or null without a clock. */
export function timeLeft(state: Pick<GameScreenState, 'seatsByUserID' | 'clockOffsetMs' | 'game'>, userID: UserID, now: number): number | null {
  const deadline = state.seatsByUserID[userID]?.deadline ?? null;
  if (deadline === null || state.game.gameEndTimestamp !== null) return null;
  return Math.max(0, deadline - state.clockOffsetMs - now);
}

/**
 * The game's turn timer, in ms (null until known: `games.settings`). A clock never shows more: a
 * decision's deadline also counts the clash's dice shown before it, and the clock waits through
 * them at the timer's whole length. Hidden only while the dice stand over the board, it showed
 * 1:33 and 1:34 of a 90 s timer where the dice had been skipped or were not drawn.
 */
export const TurnTimerLength = createContext<number | null>(null);

/** '1:05', '0:09'; from an hour, '1:00:00' and '47:59:59' (a long turn timer read '2880:00'). */
export function formatClock(ms: number): string {
  // Whole seconds up: a clock reads 0:01 until its last second is gone.
  const seconds = Math.ceil(ms / 1000);
  return seconds < 3_600 ? formatShortDuration(seconds * 1000) : formatDuration(seconds * 1000);
}

/** A seat's time left: in its player summary, and (`label`) in its owner's action panel. */
export function SeatClock({ state, userID, label = false }: { state: GameScreenState; userID: UserID; label?: boolean }) {
  const ticking = (state.seatsByUserID[userID]?.deadline ?? null) !== null && state.game.gameEndTimestamp === null;
  const now = useNow(ticking);
  // While a clash's dice stand over the board the clock waits, as the server's does: a decision's
  // deadline counts the dice's time on top of the turn timer, and counting down through them
  // showed more time than the timer gives (1:07 of a minute's timer).
  const rolling = useClashOnBoard();
  const length = useContext(TurnTimerLength);
  const counted = timeLeft(state, userID, now);
  if (counted === null || rolling) return null;
  const left = length === null ? counted : Math.min(counted, length);
  const warning = left < warningFrom(length);
  const who = userID === state.me ? 'You have' : `${nameOf(state, userID)} has`;
  return (
    <Text
      span
      size={label ? 'sm' : 'xs'}
      fw={700}
      className={`seat-clock ${classes.clock}`}
      data-clock={userID}
      data-deadline={state.seatsByUserID[userID]?.deadline ?? undefined}
      data-clock-offset={state.clockOffsetMs}
      data-clock-warning={warning ? 'true' : 'false'}
      aria-label={`${who} ${formatClock(left)} left`}
      title="Time left for this decision: then a bot chooses"
    >
      {label ? 'Time left ' : ''}
      {formatClock(left)}
    </Text>
  );
}

/** The words for each presence (its dot's colour is in clock.module.css, by data-presence). */
const PRESENCE = {
  here: { words: 'is here' },
  away: { words: 'is away (the game is hidden)' },
  gone: { words: 'is gone (the game is not open)' },
} as const;

/** Whether a person is at the table: a dot in their summary, named for screen readers and on hover. */
export function PresenceMark({ state, userID }: { state: GameScreenState; userID: UserID }) {
  const seat = state.seatsByUserID[userID];
  if (!seat || state.game.gameEndTimestamp !== null) return null;
  const presence = seat.left ? null : PRESENCE[seat.presence];
  const name = nameOf(state, userID);
  if (!presence) {
    return (
      <Text span size="xs" c="dimmed" data-presence="left" className={classes.left}>
        left
      </Text>
    );
  }
  return (
    <span
      role="img"
      data-presence={seat.presence}
      aria-label={`${name} ${presence.words}`}
      title={`${name} ${presence.words}`}
      className={classes.presence}
    />
  );
}

/**
 * Why a game a spectator watches stands still: every person at the table has it hidden or closed,
 * and no clock or stand-in will move it (the turn timer is off, or no one owes a decision with a
 * deadline). Null while anything will move it. A game no person has open is finished by bots after
 * a while; one whose players only hid it waits for them.
 */
export function pausedWords(state: Pick<GameScreenState, 'seatsByUserID'> & { game: Pick<GameScreenState['game'], 'gameEndTimestamp'> }): string | null {
  if (state.game.gameEndTimestamp !== null) return null;
  const seats = Object.values(state.seatsByUserID).filter((seat) => !seat.left);
  if (seats.length === 0) return null;
  if (seats.some((seat) => seat.presence === 'here' || seat.deadline !== null || seat.standIn !== null)) return null;
  return seats.every((seat) => seat.presence === 'gone')
    ? 'Paused: no player has the game open. Bots finish it if no one comes back.'
    : 'Paused: its players are away. It goes on when they come back.';
}

/** The owner's low-time cue: once per decision, when their clock passes 10 s (its sound not while muted); the deadline then, for the game's news. */
export function useLowTimeCue(state: GameScreenState): { deadline: number; seconds: number } | null {
  const muted = useSoundMuted();
  // The deadline whose last seconds have come, for the screen reader's words (the game's news).
  const [low, setLow] = useState<{ deadline: number; seconds: number } | null>(null);
  const me = state.me;
  const deadline = me === null ? null : (state.seatsByUserID[me]?.deadline ?? null);
  const cued = useRef<number | null>(null);
  useEffect(() => {
    if (me === null || deadline === null || cued.current === deadline) return;
    const at = deadline - state.clockOffsetMs - CUE_MS - Date.now();
    // Less than 10 s left already when the deadline came (a short timer): no cue.
    if (at < -1_000) return;
    const timer = window.setTimeout(() => {
      cued.current = deadline;
      document.documentElement.dataset.lowTimeCue = String(deadline);
      if (!muted) playCue('tick', SOUND_VOLUME);
      setLow({ deadline, seconds: CUE_MS / 1_000 });
    }, Math.max(0, at));
    return () => window.clearTimeout(timer);
  }, [me, deadline, state.clockOffsetMs, muted]);
  return low;
}
