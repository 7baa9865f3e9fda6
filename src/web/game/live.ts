/**
 * Applying the server's updates to what the screen holds: a game is replaced only by a newer
 * sequenceID (SPEC section 4), and new events are spliced in at `fromEvent`. An update that would
 * leave a hole in the event log is a gap: the caller refetches the whole state.
 */
import type { WireUpdate } from '../../server/services/game-views.js';
import type { GameEvent, WireGame } from './model.js';

export interface LiveGame {
  sequenceID: number;
  game: WireGame;
  events: GameEvent[];
  /** Seats played by a stand-in bot while their player is away. */
  away: WireUpdate['away'];
}

export type Applied = { kind: 'applied'; live: LiveGame } | { kind: 'stale' } | { kind: 'gap' };

export function applyUpdate(current: LiveGame | null, update: WireUpdate): Applied {
  if (current && update.sequenceID <= current.sequenceID) return { kind: 'stale' };
  const held = current?.events ?? [];
  if (update.fromEvent > held.length) return { kind: 'gap' };
  const events = update.fromEvent === 0 ? update.events : [...held.slice(0, update.fromEvent), ...update.events];
  return { kind: 'applied', live: { sequenceID: update.sequenceID, game: update.game, events, away: update.away } };
}
