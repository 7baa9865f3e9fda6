/**
 * The lobby list's order on the page: open lobbies first, then games being played, then finished
 * ones, each in the server's order (newest first).
 */
import { describe, expect, test } from 'vitest';
import { listOrder } from '../../../src/web/lobby/list-order.js';

describe('the lobby list order', () => {
  test('open, then playing, then finished; newest first within each', () => {
    const sent = [
      { id: 'finished-new', status: 'finished' as const },
      { id: 'playing-new', status: 'playing' as const },
      { id: 'open-new', status: 'open' as const },
      { id: 'finished-old', status: 'finished' as const },
      { id: 'open-old', status: 'open' as const },
      { id: 'playing-old', status: 'playing' as const },
    ];
    expect(listOrder(sent).map((l) => l.id)).toEqual(['open-new', 'open-old', 'playing-new', 'playing-old', 'finished-new', 'finished-old']);
    // The server's list is left as it came.
    expect(sent[0]!.id).toBe('finished-new');
  });
});
