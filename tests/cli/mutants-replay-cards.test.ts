/**
 * `replay --cards DIR` when an action of the game is refused under the other card files: the
 * CHANGED line names the refused action, and the exit code is 1 (the designers' test accepts either
 * ending, and its game ends differently rather than with a refusal).
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

const DATA = resolve(import.meta.dirname, '../../data');

describe('replay --cards with a card no longer affordable', () => {
  const saves = tempDir();
  // Every basic card that cost gold now costs 25 (the most a card may cost; each age keeps its free
  // card): the game's first gain of one is refused.
  const dear = join(tempDir(), 'data');
  cpSync(DATA, dear, { recursive: true });
  const file = join(dear, 'cards/basic.json');
  const cards = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  writeFileSync(file, JSON.stringify(cards.map((card) => (card.cost === 0 ? card : { ...card, cost: 25 }))));

  it('names the refused action on its CHANGED line and exits with code 1', async () => {
    const played = await cli('tournament', '--seats', 'valid_move,easy_bot', '--games', '1', '--workers', '0', '--quiet', '--save-games', saves);
    expect(played.code).toBe(0);
    const save = join(saves, readdirSync(saves)[0]!);
    const run = await cli('replay', '--quiet', '--cards', dear, save);
    expect(run.stderr).toBe('');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^CHANGED ${save.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: with the card files of ${dear.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, action \\d+ \\(RESOLVE by \\S+ at \\d+\\) is refused: Not enough gold$`),
    );
    expect(run.code).toBe(1);
  });
});
