/**
 * Applying the server's updates to what the screen holds: a game is replaced only by a newer
 * sequenceID. A whole update's events are spliced in at `fromEvent`; a patch
 * (games.onGame after its first update) applies to the step it names as its base, with the
 * server's own json-patch module. An update that would leave a hole in the event log, a patch on
 * a step the screen does not hold, or one that does not fit, is a gap: the caller refetches.
 * The table beside the game (who is here, each seat's clock) comes with every update, and alone
 * when only it changed: that one replaces the table and leaves the game as it is. A step already
 * held brings only its table, when that was read later than the one held.
 */
import { applyPatch, PatchError } from '../../engine/json-patch.js';
import type { TableView, WireDelivery } from '../../server/services/game-views.js';
import type { GameEvent, WireGame } from './model.js';

export interface LiveGame {
  sequenceID: number;
  game: WireGame;
  events: GameEvent[];
  /** Seats played by a stand-in bot while their player is away. */
  away: TableView['away'];
  /** Every person's seat: presence, the deadline of their decision, their stand-in. */
  seats: TableView['seats'];
  /** The server's clock minus this device's, when the table was sent (deadlines are the server's). */
  clockOffsetMs: number;
  /** The server's clock when it read the table held: of two tables of one step, the later is kept. */
  tableTime: number;
}

export type Applied = { kind: 'applied'; live: LiveGame } | { kind: 'stale' } | { kind: 'gap' };

function tableOf(update: TableView, receivedAt: number): Pick<LiveGame, 'away' | 'seats' | 'clockOffsetMs' | 'tableTime'> {
  return { away: update.away, seats: update.seats, clockOffsetMs: update.serverTime > 0 ? update.serverTime - receivedAt : 0, tableTime: update.serverTime };
}

export function applyUpdate(current: LiveGame | null, update: WireDelivery, receivedAt = Date.now()): Applied {
  if ('table' in update) {
    if (!current || update.sequenceID < current.sequenceID) return { kind: 'stale' };
    return { kind: 'applied', live: { ...current, ...tableOf(update, receivedAt) } };
  }
  if (current && update.sequenceID <= current.sequenceID) {
    // The step held, with a table read later: the subscription's first update after the page's
    // fetch of the same step. Its table is kept: the player's own tab, counted as the subscription
    // started, is "here" in it where the fetch's table said "gone".
    if (update.sequenceID === current.sequenceID && update.serverTime > current.tableTime) return { kind: 'applied', live: { ...current, ...tableOf(update, receivedAt) } };
    return { kind: 'stale' };
  }
  if ('patch' in update) {
    if (!current || update.baseSequenceID !== current.sequenceID) return { kind: 'gap' };
    try {
      const { game, events } = applyPatch({ game: current.game, events: current.events }, update.patch);
      return { kind: 'applied', live: { sequenceID: update.sequenceID, game, events, ...tableOf(update, receivedAt) } };
    } catch (error) {
      if (error instanceof PatchError) return { kind: 'gap' };
      throw error;
    }
  }
  const held = current?.events ?? [];
  if (update.fromEvent > held.length) return { kind: 'gap' };
  const events = update.fromEvent === 0 ? update.events : [...held.slice(0, update.fromEvent), ...update.events];
  return { kind: 'applied', live: { sequenceID: update.sequenceID, game: update.game, events, ...tableOf(update, receivedAt) } };
}
