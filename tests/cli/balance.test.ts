/** `mythos balance`: a markdown report of cards, leaders, affinities, seats and bot kinds. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { balanceRecord, dominantDeity } from '../../src/cli/balance-game.js';
import { playBotGame } from '../../src/bots/harness.js';
import { gameSetup } from '../../src/cli/match.js';
import { builtinSeat } from '../../src/cli/seat-spec.js';
import { cli, tempDir } from './helpers.js';

const dir = tempDir();

/** The rows of the markdown table under a heading. */
function tableUnder(markdown: string, heading: string): string[][] {
  const section = markdown.split(`## ${heading}`)[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('|---'))
    .slice(1)
    .map((l) => l.slice(2, -2).split(' | '));
}

describe('balance', () => {
  it('writes a report with every section, the same for any number of workers', async () => {
    const outs = [join(dir, 'a.md'), join(dir, 'b.md')];
    for (const [i, out] of outs.entries()) {
      const run = await cli('balance', '--seats', 'valid_move,random_card,easy_bot,valid_move', '--games', '24', '--seed', '3', '--workers', i === 0 ? '0' : '2', '--out', out);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^wrote ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: 24 games in [\\d.]+ s \\([\\d.]+ games/s\\)\\n$`));
    }
    const report = readFileSync(outs[0]!, 'utf8');
    expect(readFileSync(outs[1]!, 'utf8')).toBe(report);
    for (const heading of ['Definitions', 'Age 1 cards (by pick rate)', 'Age 2 cards', 'Age 3 cards', 'Basic cards (by gains)', 'Leaders (by win rate)', 'Affinity (by win rate)', 'Seat advantage (by seat)', 'Bot kinds (by win rate)']) {
      expect(report).toContain(`## ${heading}`);
    }
    expect(report).toContain('**pick rate**: of the games in which the card was offered');

    const age1 = tableUnder(report, 'Age 1 cards (by pick rate)');
    expect(age1.length).toBeGreaterThan(10);
    const picks = age1.map((r) => r[5]!).filter((p) => p !== '-').map((p) => Number.parseFloat(p));
    expect(picks).toEqual([...picks].sort((a, b) => b - a));
    for (const p of picks) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(100);
    }

    const seats = tableUnder(report, 'Seat advantage (by seat)');
    expect(seats.map((r) => [r[0], r[1]])).toEqual([['seat 1', '24'], ['seat 2', '24'], ['seat 3', '24'], ['seat 4', '24']]);
    const kinds = tableUnder(report, 'Bot kinds (by win rate)');
    expect(kinds.map((r) => r[0]).sort()).toEqual(['easy_bot', 'random_card', 'valid_move']);
    const winShare = kinds.reduce((n, r) => n + (Number.parseFloat(r[3]!) / 100) * Number(r[1]), 0);
    expect(winShare).toBeCloseTo(24, 0);
  });

  it('attributes favor to the cards that produced it, matching the game totals', () => {
    const kinds = ['easy_bot', 'valid_move', 'random_card'] as const;
    const match = { seats: kinds.map(builtinSeat), options: {}, modules: [], baseSeed: 9, cardsDir: null, botTimeoutMs: 0 };
    const { game } = playBotGame(gameSetup(match, 0), 9, 77, 1000, 0);
    const record = balanceRecord(game, 0, kinds);
    game.players.forEach((p, seat) => {
      const fromCards = record.favor.filter(([s, , source]) => s === seat && source !== 'prophecy').reduce((n, f) => n + f[3], 0);
      const fromProphecies = record.favor.filter(([s, , source]) => s === seat && source === 'prophecy').reduce((n, f) => n + f[3], 0);
      expect(fromCards).toBe(p.favorSources.cards);
      expect(fromProphecies).toBe(p.favorSources.prophecies);
    });
    expect(record.gains.length).toBe(15 * 3);
    expect(record.seats.map((s) => s.leaderID)).toEqual(game.players.map((p) => p.cardIDs[0]));
  });

  it('names the dominant deity, or tied, or none', () => {
    expect(dominantDeity({ Derion: 3, Tyros: 1, Zeona: 2 })).toBe('Derion');
    expect(dominantDeity({ Derion: 2, Tyros: 2, Zeona: 0 })).toBe('tied');
    expect(dominantDeity({ Derion: 0, Tyros: 0, Zeona: 0 })).toBe('none');
  });
});
