/** `mythos balance`: a markdown report of cards, leaders, affinities, seats and bot kinds. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { balanceRecord, dominantDeity } from '../../src/cli/balance-game.js';
import { playBotGame } from '../../src/bots/harness.js';
import { gameSetup } from '../../src/cli/match.js';
import { builtinSeat } from '../../src/cli/seat-spec.js';
import { SECTIONS } from '../../src/cli/balance-report.js';
import { formatDuration, pace } from '../../src/cli/progress.js';
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

  it('writes the HTML report (a chart per section, the markdown numbers) and the JSON summary from the same run', async () => {
    const [md, html, json] = ['r.md', 'r.html', 'r.json'].map((f) => join(dir, f));
    const run = await cli('balance', '--seats', 'random_card,easy_bot,random_card,easy_bot', '--games', '300', '--seed', '5', '--workers', '0', '--out', md!, '--out', html!, '--out', json!);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`wrote ${md}, ${html}, ${json}: 300 games`);
    const page = readFileSync(html!, 'utf8');
    const markdown = readFileSync(md!, 'utf8');
    // Self-contained: ApexCharts is inlined and nothing is fetched.
    expect(page.includes('ApexCharts v')).toBe(true);
    const markup = page.replace(/<script>[\s\S]*?<\/script>/g, '');
    expect(markup).not.toMatch(/<script|<link|src=|href=/);
    const headings = [1, 2, 3].map(SECTIONS.age).concat([SECTIONS.basic, SECTIONS.leaders, SECTIONS.affinity, SECTIONS.seats, SECTIONS.kinds, SECTIONS.favor]);
    const charts = [...page.matchAll(/<div class="chart" data-section="([^"]+)">/g)].map((m) => m[1]!.replaceAll('&#39;', "'"));
    expect(charts).toEqual(headings.map((h) => h.replaceAll('&', '&amp;')));
    const chartData = JSON.parse(/const CHARTS = (.*);\n/.exec(page)![1]!) as Record<string, { kind: string }>;
    expect(Object.keys(chartData).sort()).toEqual([...headings].sort());
    // Every cell of every markdown table is in the page.
    const unescape = (t: string) => t.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"');
    const cellsOfPage = new Set([...page.matchAll(/<t[dh](?: class="num")?>(.*?)<\/t[dh]>/g)].map((m) => unescape(m[1]!.replace(/<\/?strong>/g, ''))));
    const mdCells = markdown.split('\n').filter((l) => l.startsWith('| ')).flatMap((l) => l.slice(2, -2).split(' | '));
    expect(mdCells.length).toBeGreaterThan(500);
    for (const cell of mdCells) expect(cellsOfPage.has(cell), cell).toBe(true);

    const summary = JSON.parse(readFileSync(json!, 'utf8')) as { games: number; seats: unknown[] };
    expect(summary.games).toBe(300);
    expect(summary.seats).toHaveLength(4);
  });

  it('compares two JSON summaries card by card, marking only non-overlapping intervals as real', async () => {
    const [a, b] = ['a.json', 'b.json'].map((f) => join(dir, f));
    for (const [out, seats] of [[a!, 'random_card,random_card,random_card,random_card'], [b!, 'easy_bot,easy_bot,easy_bot,easy_bot']] as const) {
      const run = await cli('balance', '--seats', seats, '--games', '200', '--seed', '1', '--workers', '0', '--out', out);
      expect(run.code, run.stderr).toBe(0);
    }
    const same = await cli('balance', '--compare', a!, a!);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('## Age cards (0 real moves first, then by size)');
    expect(same.stdout).not.toMatch(/\| real \|/);
    const moved = await cli('balance', '--compare', a!, b!);
    expect(moved.code, moved.stderr).toBe(0);
    for (const heading of ['## Aims', '## Seats', '## Leaders', '## Affinities', '## Basic cards (gains per game)']) expect(moved.stdout).toContain(heading);
    // A random player and a greedy one pick cards very differently: some moves are real.
    expect(moved.stdout).toMatch(/\| real \|/);
    const bad = await cli('balance', '--compare', a!);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--compare takes two JSON reports');
  });

  it('attributes favor to the cards that produced it, matching the game totals', () => {
    const kinds = ['easy_bot', 'valid_move', 'random_card'] as const;
    const match = { seats: kinds.map(builtinSeat), options: {}, modules: [], baseSeed: 9, cardsDir: null, botTimeoutMs: 0, expertBudget: null };
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

  it('estimates the time left from the average pace since the start', () => {
    expect(pace(0, 10_000, 5)).toEqual({ rate: '0.0', eta: '?' });
    // 2,500 of 10,000 games in 50 s: 50 games/s, 7,500 games left, 150 s.
    expect(pace(2500, 10_000, 50)).toEqual({ rate: '50.0', eta: '2m30s' });
    expect(formatDuration(3725)).toBe('1h02m');
    expect(formatDuration(42.4)).toBe('42s');
  });

  it('names the dominant deity, or tied, or none', () => {
    expect(dominantDeity({ Derion: 3, Tyros: 1, Zeona: 2 })).toBe('Derion');
    expect(dominantDeity({ Derion: 2, Tyros: 2, Zeona: 0 })).toBe('tied');
    expect(dominantDeity({ Derion: 0, Tyros: 0, Zeona: 0 })).toBe('none');
  });
});
