/**
 * Games on the wire: the viewer's `viewFor`, without the card set (clients build it from the
 * game definitions and the game's modules) and with the event log sent once, then only what is
 * new. Every transport serialises this, never the raw game.
 */
import { eventsFor, openViewFor, type Game, type GameEvent, type OpenView, type UserID } from '../../engine/index.js';
import type { Patch } from '../../engine/json-patch.js';
import type { AwaySeat } from './attendance.js';

export type WireGame = OpenView;

export interface WireUpdate {
  sequenceID: number;
  game: WireGame;
  /** Events after the first `fromEvent` of the log. */
  events: GameEvent[];
  fromEvent: number;
  /** Seats whose player is away, played by a stand-in bot until they come back. */
  away: AwaySeat[];
}

/**
 * A live game's next step as a change to the last one sent: `patch` (RFC 6902, src/engine/json-patch.ts)
 * turns the `{ game, events }` of step `baseSequenceID` (events: the whole log) into those of step
 * `sequenceID`. A client that does not hold step `baseSequenceID` has missed something: it resyncs.
 */
export interface WirePatch {
  sequenceID: number;
  baseSequenceID: number;
  patch: Patch;
  away: AwaySeat[];
}

/** What games.onGame delivers: the whole game first (and after a gap), then patches. */
export type WireDelivery = WireUpdate | WirePatch;

export const isPatch = (delivery: WireDelivery): delivery is WirePatch => 'patch' in delivery;

export function wireUpdate(game: Game, viewerID: UserID | null, fromEvent = 0, away: AwaySeat[] = []): WireUpdate {
  // An event's view depends on that event and the viewer alone: only the ones sent are viewed.
  // The view carries the viewer's own decision (none for a spectator) and whether the game ended.
  return { sequenceID: game.sequenceID, game: openViewFor(game, viewerID), events: eventsFor(game, fromEvent, viewerID), fromEvent, away };
}

/** The viewer id for a game: the user if seated, else a spectator. */
export function viewerOf(game: Game, userID: UserID | null): UserID | null {
  return userID !== null && game.players.some((p) => p.userID === userID) ? userID : null;
}
