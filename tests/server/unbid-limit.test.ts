/** The count of bids taken back starts again each turn, and each (game, player) counts alone. */
import { describe, expect, test } from 'vitest';
import type { Game } from '../../src/engine/index.js';
import { MAX_UNBIDS_PER_TURN, UnbidLimit } from '../../src/server/services/unbid-limit.js';

const at = (id: string, age: number, turn: number) => ({ id, age, turn }) as Game;
const refusal = 'You may take your bid back at most 3 times a turn.';

describe('UnbidLimit', () => {
  test('three a turn; a new turn or a new age starts again; other players and games are apart', () => {
    const limit = new UnbidLimit();
    const turn1 = at('g_1', 1, 1);
    for (let i = 0; i < MAX_UNBIDS_PER_TURN; i++) {
      limit.check(turn1, 'u_a');
      limit.record(turn1, 'u_a');
    }
    expect(() => limit.check(turn1, 'u_a')).toThrow(refusal);
    expect(() => limit.check(turn1, 'u_b')).not.toThrow();
    expect(() => limit.check(at('g_2', 1, 1), 'u_a')).not.toThrow();
    expect(() => limit.check(at('g_1', 1, 2), 'u_a')).not.toThrow();
    expect(() => limit.check(at('g_1', 2, 1), 'u_a')).not.toThrow();
    limit.record(at('g_1', 1, 2), 'u_a');
    expect(() => limit.check(turn1, 'u_a')).not.toThrow();
  });
});
