/**
 * The lobby list's messages (src/shared/lobby-list.ts, src/server/delivery/lobby-list-messages.ts):
 * whatever lists follow one another, a watcher that applies what it is sent holds each list, and
 * watchers that were sent the same list share each message.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { listChanges, wholeList } from '../../src/server/delivery/lobby-list-messages.js';
import type { LobbyView } from '../../src/server/services/lobbies.js';
import { applyLobbyListMessage } from '../../src/shared/lobby-list.js';

/** A lobby as far as these rules read it: an id and something that changes. */
const lobby = (id: number, sequenceID: number) => ({ id: `l_${id}`, sequenceID }) as unknown as LobbyView;

/** Lists read afresh each time (new objects), of lobbies drawn from a few ids, in any order. */
const lists = fc.array(
  fc.uniqueArray(fc.record({ id: fc.integer({ min: 0, max: 7 }), sequenceID: fc.integer({ min: 1, max: 3 }) }), { selector: (l) => l.id, maxLength: 6 }),
  { minLength: 1, maxLength: 12 },
);

test('a watcher that joins at any list and applies each message after it holds every list after it', () => {
  fc.assert(
    fc.property(lists, fc.nat(), (drawn, joinAt) => {
      const read = drawn.map((l) => l.map((x) => lobby(x.id, x.sequenceID)));
      const first = joinAt % read.length;
      let held = applyLobbyListMessage(null, wholeList(read[first]!));
      let sent = read[first]!;
      for (const next of read.slice(first + 1)) {
        const message = listChanges(sent, next);
        if (message) held = applyLobbyListMessage(held, message);
        sent = next;
        expect(held).toEqual(next);
      }
    }),
  );
});

test('only the lobbies that differ are sent, the order only when it changed, and nothing when nothing did', () => {
  const before = [lobby(1, 1), lobby(2, 1), lobby(3, 1)];
  expect(listChanges(before, [lobby(1, 1), lobby(2, 2), lobby(3, 1)])).toEqual({ changed: [lobby(2, 2)] });
  expect(listChanges(before, [lobby(1, 1), lobby(2, 1), lobby(3, 1)])).toBeNull();
  expect(listChanges(before, [lobby(4, 1), lobby(1, 1), lobby(3, 1)])).toEqual({ changed: [lobby(4, 1)], order: ['l_4', 'l_1', 'l_3'] });
  expect(listChanges(before, [lobby(2, 1), lobby(1, 1), lobby(3, 1)])).toEqual({ changed: [], order: ['l_2', 'l_1', 'l_3'] });
});

test('watchers sent the same list are sent the same message object, written once for all of them', () => {
  const sent = [lobby(1, 1)];
  const next = [lobby(1, 2)];
  expect(listChanges(sent, next)).toBe(listChanges(sent, next));
  expect(wholeList(next)).toBe(wholeList(next));
});

test('a change before the whole list is refused rather than applied to nothing', () => {
  expect(() => applyLobbyListMessage(null, { changed: [] })).toThrow('The lobby list changed before it was sent whole.');
});
