/** `mythos bench`: short timed runs of full games, one row per bot kind after the bare engine. */
import { describe, expect, it } from 'vitest';
import { bufferIo } from '../../src/cli/io.js';
import { runBench } from '../../src/cli/bench.js';

describe('bench', () => {
  it('times the engine and each bot kind asked for', () => {
    const io = bufferIo();
    const rows = runBench({ seconds: 0.1, kinds: ['valid_move', 'random_card'], players: 4 }, io);
    expect(rows.map((r) => r.name)).toEqual(['engine (valid_move, no views)', 'valid_move x4', 'random_card x4']);
    for (const row of rows) {
      expect(row.games).toBeGreaterThan(0);
      expect(row.gamesPerSecond).toBeGreaterThan(0);
      expect(row.moves / row.games).toBeGreaterThan(100);
    }
    expect(io.stdout()).toMatch(/^seats +games +games\/s +moves\/s +ms\/game +moves\/game$/m);
  });
});
