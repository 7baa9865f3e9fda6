/**
 * games.onGame as the tests read it: whole updates. The server sends the whole game first and
 * then patches (src/engine/json-patch.ts); this applies them, as the web client does, and hands
 * each step on as the update the server sent before it sent patches: the whole game, and the
 * events after `fromEvent` (the log's new tail, or all of it when older events changed, as favor
 * does when a hideFavor game ends). A patch on a base it does not hold is an error: the server
 * must never send one. A delivery of the table alone (presence, clocks) is no step: it is only
 * kept, for the next step's update.
 */
import { applyPatch } from '../../src/engine/json-patch.js';
import { isTable, type WireDelivery, type WireUpdate } from '../../src/server/services/game-views.js';

/** An onData handler for onGame deliveries that calls `onUpdate` with each whole update. */
export function wholeUpdates(onUpdate: (update: WireUpdate) => void, onError: (error: Error) => void = (error) => {
  throw error;
}): (delivery: WireDelivery) => void {
  let held: WireUpdate | null = null;
  return (delivery) => {
    if (isTable(delivery)) {
      if (held) held = { ...held, away: delivery.away, seats: delivery.seats, serverTime: delivery.serverTime };
      return;
    }
    if (!('patch' in delivery)) {
      held = { ...delivery, events: held && delivery.fromEvent > 0 ? [...held.events.slice(0, delivery.fromEvent), ...delivery.events] : delivery.events, fromEvent: 0 };
      return onUpdate(delivery);
    }
    if (!held || delivery.baseSequenceID !== held.sequenceID) {
      return onError(new Error(`patch to ${delivery.sequenceID} is on ${delivery.baseSequenceID}, the client holds ${held?.sequenceID ?? 'nothing'}`));
    }
    const base: WireUpdate = held;
    const next = applyPatch({ game: base.game, events: base.events }, delivery.patch);
    const held0 = base.events.length;
    const olderChanged = delivery.patch.some((op) => op.path === '/events' || (op.path.startsWith('/events/') && Number(op.path.split('/')[2]) < held0));
    const fromEvent = olderChanged ? 0 : held0;
    const table = { away: delivery.away, seats: delivery.seats, serverTime: delivery.serverTime };
    held = { sequenceID: delivery.sequenceID, game: next.game, events: next.events, fromEvent: 0, ...table };
    onUpdate({ sequenceID: delivery.sequenceID, game: next.game, events: next.events.slice(fromEvent), fromEvent, ...table });
  };
}
