/**
 * The lobby list's note under a lobby's name for a viewer who has a seat in it: where they stand
 * with its game. A finished game's still said "you are seated" beside its FINISHED badge.
 */
type SeatStatus = 'open' | 'playing' | 'finished';

export function seatNote(status: SeatStatus, seat: { left?: boolean }): string {
  if (status === 'open') return 'you are seated';
  if (seat.left) return 'you left this game';
  return status === 'playing' ? 'you are playing' : 'you played';
}
