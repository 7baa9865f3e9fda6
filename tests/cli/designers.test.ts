/**
 * For card designers: --cards DIR plays an edited copy of data/, saves replay with the card set
 * they were played with, --current-cards shows what a card change alters, and output paths are
 * checked before a run starts.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

const DATA = resolve(import.meta.dirname, '../../data');

/** A copy of data/ with each basic card's favor changed by `edit`. */
function editedCopy(edit: (card: Record<string, unknown>) => Record<string, unknown>): string {
  const dir = join(tempDir(), 'data');
  cpSync(DATA, dir, { recursive: true });
  const file = join(dir, 'cards/basic.json');
  const cards = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  writeFileSync(file, JSON.stringify(cards.map(edit)));
  return dir;
}

describe('--cards and replays across a card change', () => {
  const cards = editedCopy((card) => ({ ...card, favor: (card.favor as number) + 1 }));
  const saves = tempDir();

  it('plays a tournament with an edited copy of data/, and says so in its JSON', async () => {
    const out = join(tempDir(), 'results.json');
    const run = await cli('tournament', '--cards', cards, '--seats', 'valid_move,easy_bot', '--games', '2', '--workers', '0', '--quiet', '--save-games', saves, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((JSON.parse(readFileSync(out, 'utf8')) as { config: { cards: string } }).config.cards).toBe(cards);
  });

  it('replays a save with the card set stored in it, though today\'s files differ', async () => {
    const file = join(saves, readdirSync(saves)[0]!);
    const run = await cli('replay', '--quiet', file);
    expect(run.stdout).toMatch(/^OK .+: \d+ actions re-run, final state identical\n$/);
    expect(run.code).toBe(0);
  });

  it('--current-cards shows what the change alters; --cards with the same copy alters nothing', async () => {
    const file = join(saves, readdirSync(saves)[0]!);
    const current = await cli('replay', '--quiet', '--current-cards', file);
    expect(current.code).toBe(1);
    const lines = current.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\d+ cards of this game differ in today's card files:$/);
    expect(lines[1]).toMatch(/^ {2}card \d+ \(.+\): favor \d+ -> \d+$/);
    expect(lines.at(-1)).toMatch(/^CHANGED .+: with today's card files (action \d+ .+ is refused: .+|the same actions end differently: favor p1 \d+ -> \d+, p2 \d+ -> \d+; winners .+; first difference at .+)$/);

    const same = await cli('replay', '--quiet', '--cards', cards, file);
    expect(same.stdout).toMatch(new RegExp(`^no card of this game differs in the card files of ${cards.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nOK .+ final state identical\\n$`));
    expect(same.code).toBe(0);
  });

  it('reports every problem of a bad --cards directory at once, before any game', async () => {
    const broken = editedCopy((card) => (card.cost === 0 ? { ...card, cost: -1, favor: 'lots' } : card));
    const run = await cli('tournament', '--cards', broken, '--seats', 'valid_move,valid_move', '--games', '2', '--quiet');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^error: --cards .+: the card files have ${lines.length - 1} problems:$`));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}cards\/basic\.json: card \d+ \(.+\): field (cost|favor): /);
    expect((await cli('balance', '--cards', join(broken, 'nowhere'), '--quiet')).stderr).toMatch(/^error: --cards .+nowhere: no such directory/);
  });

  it('bench measures with a --cards directory', async () => {
    const run = await cli('bench', '--cards', cards, '--seconds', '0.1', '--kinds', 'valid_move', '--players', '2');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('valid_move x2');
  });
});

describe('output paths are checked before the run', () => {
  it('refuses --out under a file, or a directory as --out, without playing a game', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'some-file'), 'x');
    const under = await cli('tournament', '--games', '50', '--quiet', '--out', join(dir, 'some-file/x.json'));
    expect(under.stdout).toBe('');
    expect(under.stderr).toBe(`error: --out ${join(dir, 'some-file/x.json')}: cannot write there, '${join(dir, 'some-file')}' is a file, not a directory\n`);
    expect(under.code).toBe(2);

    const isDir = await cli('balance', '--games', '3', '--workers', '0', '--quiet', '--out', join(dir, 'report.md'));
    expect(isDir.code).toBe(0);
    const again = await cli('balance', '--games', '5', '--quiet', '--out', dir + '/');
    expect(again.code).toBe(2);

    const saveUnder = await cli('tournament', '--games', '5', '--quiet', '--save-games', join(dir, 'some-file/replays'));
    expect(saveUnder.stderr).toBe(`error: --save-games ${join(dir, 'some-file/replays')}: cannot write there, '${join(dir, 'some-file')}' is a file, not a directory\n`);
  });
});
