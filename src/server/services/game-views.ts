/**
 * Games on the wire: the viewer's `viewFor`, without the card set (clients build it from the
 * game definitions and the game's modules) and with the event log sent once, then only what is
 * new. Every transport serialises this, never the raw game.
 */
import { eventsFor, openViewFor, type Game, type GameEvent, type OpenView, type UserID } from '../../engine/index.js';
import type { Patch } from '../../engine/json-patch.js';
import type { Attendance, AwaySeat, SeatView } from './attendance.js';

export type WireGame = OpenView;

/**
 * The table beside the game: who is here, each seat's clock and stand-in. It changes without a
 * step (a tab closed, a deadline passed), so it is sent whole with every delivery, and on its
 * own (`WireTable`) when only it changed.
 */
export interface TableView {
  /** Seats whose player is away, played by a stand-in bot until they come back. */
  away: AwaySeat[];
  /** Every person's seat: presence, the deadline of their current decision, their stand-in. */
  seats: SeatView[];
  /** The server's clock when this was sent (epoch ms), so a client can read deadlines on its own clock. */
  serverTime: number;
}

export interface WireUpdate extends TableView {
  sequenceID: number;
  game: WireGame;
  /** Events after the first `fromEvent` of the log. */
  events: GameEvent[];
  fromEvent: number;
}

/** Only the table changed: `sequenceID` is the step the subscriber was last sent. */
export interface WireTable extends TableView {
  sequenceID: number;
  table: true;
}

/**
 * A live game's next step as a change to the last one sent: `patch` (RFC 6902, src/engine/json-patch.ts)
 * turns the `{ game, events }` of step `baseSequenceID` (events: the whole log) into those of step
 * `sequenceID`. A client that does not hold step `baseSequenceID` has missed something: it resyncs.
 */
export interface WirePatch extends TableView {
  sequenceID: number;
  baseSequenceID: number;
  patch: Patch;
}

/** What games.onGame delivers: the whole game first (and after a gap), then patches, and table changes. */
export type WireDelivery = WireUpdate | WirePatch | WireTable;

export const isPatch = (delivery: WireDelivery): delivery is WirePatch => 'patch' in delivery;
export const isTable = (delivery: WireDelivery): delivery is WireTable => 'table' in delivery;

/** The table as it stands, for any transport. */
export function tableView(attendance: Pick<Attendance, 'away' | 'seats'> | null, gameID: string, now: number): TableView {
  return { away: attendance?.away(gameID) ?? [], seats: attendance?.seats(gameID) ?? [], serverTime: now };
}

/** What a table says, its clock apart: two tables with the same key say the same. */
export const tableKey = (table: TableView): string => JSON.stringify([table.away, table.seats]);

export const sameTable = (a: TableView, b: TableView): boolean => tableKey(a) === tableKey(b);

/** No table: a game nobody keeps one for (tools, benchmarks). */
export const NO_TABLE: TableView = { away: [], seats: [], serverTime: 0 };

export function wireUpdate(game: Game, viewerID: UserID | null, fromEvent = 0, table: TableView = NO_TABLE): WireUpdate {
  // An event's view depends on that event and the viewer alone: only the ones sent are viewed.
  // The view carries the viewer's own decision (none for a spectator) and whether the game ended.
  return { sequenceID: game.sequenceID, game: openViewFor(game, viewerID), events: eventsFor(game, fromEvent, viewerID), fromEvent, ...table };
}

/** The viewer id for a game: the user if seated, else a spectator. */
export function viewerOf(game: Game, userID: UserID | null): UserID | null {
  return userID !== null && game.players.some((p) => p.userID === userID) ? userID : null;
}
