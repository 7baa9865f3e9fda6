/**
 * Small pure formatters shared by the header, the log and the end-of-game view: durations as
 * h:mm:ss, the phases' display names, and who a player is (name and seat colour).
 */
import type { Phase } from '../../../engine/types.js';
import { nameOf, type GameScreenState, type UserID } from '../model.js';
import { SITE } from '../../lib/palette.js';

/** The header timer refreshes this often. */
export const TIMER_REFRESH_MS = 216;

/** Milliseconds as h:mm:ss (never negative; hours are not padded and may exceed 23). */
export function formatDuration(millis: number): string {
  const total = Math.max(0, Math.floor(millis / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Milliseconds as m:ss for short spans (a phase's length in the log). */
export function formatShortDuration(millis: number): string {
  const total = Math.max(0, Math.round(millis / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export const PHASE_NAMES: Record<Phase, string> = {
  SETUP: 'Setup',
  PRODUCTION: 'Production',
  PLANNING: 'Planning',
  WAR: 'War',
  RESOLUTION: 'Resolution',
  TRIBUTE: 'Tribute',
};

export interface PlayerRef {
  userID: UserID;
  name: string;
  color: string;
}

/** A seat as a player's name and colour need it. */
export type Seat = Pick<GameScreenState['game']['players'][number], 'userID' | 'color'>;

type Who = Pick<GameScreenState, 'usersByID'> & { game: { players: readonly Seat[] } };

/** A player's name ('unknown' until loaded) and seat colour (grey for someone not seated). */
export function playerRef(state: Who, userID: UserID): PlayerRef {
  const player = state.game.players.find((p) => p.userID === userID);
  return { userID, name: nameOf(state, userID), color: player?.color ?? SITE.unseated };
}

// Text on a colour is chosen in one place for the whole site (lib/contrast.ts).
export { contrast, textOn } from '../../lib/contrast.js';
