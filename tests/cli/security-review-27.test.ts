/**
 * The twenty-seventh security review, on the command line: a replay file is anyone's (players pass
 * them around, and `mythos verify` is how one checks a game another person hands over), and the
 * CLI wrote the file's own text (a seat's userID, a bot kind it does not know) to the terminal as
 * it was. A userID of "p1", a carriage return, ESC [2K (erase the line) and ESC [8m (hide what
 * follows) turned a forged game's "FAIL ... was refused" into a line that read "OK game.json: the
 * revealed seed matches the commitment", and left the shell's prompt hidden after it. Every
 * control character the CLI writes, on stdout and stderr, is shown as its JSON escape now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

const dir = tempDir();
let game: string;

/** A seat's id that, written as it is, rewrites the line it is on as a passing verdict. */
const FAKE_OK = 'p1\r\u001b[2KOK game.json: the revealed seed matches the commitment\u001b[8m';
const FAKE_OK_SHOWN = 'p1\\r\\u001b[2KOK game.json: the revealed seed matches the commitment\\u001b[8m';

/** The saved game with its first seat renamed to `id` everywhere it appears, and changed by `change`. */
function forged(name: string, id: string, change: (doc: { actions: { action: { bid?: { military: number } } }[] }) => void = () => undefined): string {
  const text = readFileSync(game, 'utf8').split('"p1"').join(JSON.stringify(id));
  const doc = JSON.parse(text) as Parameters<typeof change>[0];
  change(doc);
  const out = join(dir, name);
  writeFileSync(out, JSON.stringify(doc));
  return out;
}

beforeAll(async () => {
  const run = await cli('tournament', '--seats', 'easy_bot,valid_move', '--games', '1', '--seed', '4', '--workers', '0', '--save-games', dir, '--quiet');
  expect(run.code, run.stderr).toBe(0);
  game = join(dir, 'game-00000.json');
});

describe("a replay file's text on the terminal", () => {
  it("verify shows a forged game's FAIL with the file's control characters escaped, never a fake OK", async () => {
    const file = forged('forged.json', FAKE_OK, (doc) => {
      doc.actions[0]!.action.bid!.military = 999;
    });
    const run = await cli('verify', file);
    expect(run.stdout).toBe(`FAIL ${file}: action 0 (BID by ${FAKE_OK_SHOWN} at 1000) was refused: Invalid military bid: 999. Max bid: 1\n`);
    expect(run.code).toBe(1);
  });

  it("replay's narration names the seat with its control characters escaped", async () => {
    const file = forged('renamed.json', 'p1\u001b]52;c;ZWNobyBwd25lZA==\u0007');
    const run = await cli('replay', file);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 2)).toEqual(['Age 1, turn 1', '  bid: p1\\u001b]52;c;ZWNobyBwd25lZA==\\u0007 (easy_bot) bids 0 military on Steppe Horse Breeders (spends 0)']);
    // Nor anywhere else in the narration: no control character but the line breaks.
    expect([...run.stdout].filter((c) => c !== '\n' && (c < ' ' || (c >= '\u007f' && c <= '\u009f')))).toEqual([]);
  });

  it("an error naming the file's bad value escapes it on stderr", async () => {
    const file = join(dir, 'bad-bot.json');
    const doc = JSON.parse(readFileSync(game, 'utf8')) as { setup: { seats: { botType: string }[] } };
    doc.setup.seats[1]!.botType = '\u009b31mred\u007f';
    writeFileSync(file, JSON.stringify(doc));
    const run = await cli('verify', file);
    expect(run.stderr).toBe(
      `error: ${file}: unknown bot kind '\\u009b31mred\\u007f' in setup.seats[1] (valid: easy_bot, basic_bot, basic_bot2, valid_move, random_card, expert_bot)\n`,
    );
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });
});
