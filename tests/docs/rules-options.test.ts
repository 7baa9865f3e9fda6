/**
 * The rules' table of game options names each one as the lobby does: a newcomer who reads about
 * `warTokens` in the rules finds "Clash tokens" in the lobby, and the table is where the two meet.
 * The table once gave only the keys, so the rules and the lobby's checkboxes seemed to speak of
 * different options.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTION_LABELS } from '../../src/web/lobby/options.js';

const rules = readFileSync(join(import.meta.dirname, '../../docs/rules.md'), 'utf8');

describe("the rules' game options", () => {
  it("give each option's lobby name beside its key", () => {
    const from = rules.indexOf('## Game options');
    const table = rules.slice(from, rules.indexOf('\n## ', from + 1));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const named = rows.map((row) => row.split(' | ')[0]!.slice(2));
    expect(named).toEqual(Object.entries(OPTION_LABELS).map(([key, label]) => `\`${key}\` (${label})`));
  });
});
