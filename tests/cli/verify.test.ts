/**
 * `mythos verify`: a finished game's revealed seed matches its commitment and, with the setup and
 * actions, gives every deal and die of the file (exit 0); a changed die, a changed deal or a wrong
 * seed fails naming the first difference (exit 1); a file that cannot be verified exits 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, seedFromNumber, type GameEvent } from '../../src/engine/index.js';
import type { ReplayFile } from '../../src/cli/replay-file.js';
import { cli, tempDir } from './helpers.js';

const dir = tempDir();
let path: string;

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ReplayFile;

function tampered(name: string, change: (doc: ReplayFile) => void): string {
  const doc = read(path);
  change(doc);
  const out = join(dir, name);
  writeFileSync(out, JSON.stringify(doc));
  return out;
}

function firstEvent<T extends GameEvent['type']>(doc: ReplayFile, type: T, where: (e: Extract<GameEvent, { type: T }>) => boolean = () => true) {
  const index = doc.final.events.findIndex((e): e is Extract<GameEvent, { type: T }> => e.type === type && where(e as Extract<GameEvent, { type: T }>));
  if (index < 0) throw new Error(`the game has no ${type} event`);
  return { index, event: doc.final.events[index] as Extract<GameEvent, { type: T }> };
}

beforeAll(async () => {
  const run = await cli('tournament', '--seats', 'easy_bot,valid_move,random_card,valid_move', '--games', '1', '--seed', '4', '--workers', '0', '--save-games', dir, '--quiet');
  expect(run.code, run.stderr).toBe(0);
  path = join(dir, 'game-00000.json');
});

describe('verify', () => {
  it('passes a finished game: the seed matches the commitment and gives every deal and die', async () => {
    const doc = read(path);
    const run = await cli('verify', path);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(doc.final.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(run.stdout).toMatch(
      new RegExp(`^OK .+: the revealed seed matches the commitment ${doc.final.seedCommitment}; ${doc.actions.length} actions re-run give all ${doc.final.events.length} events \\(\\d+ deals, [1-9]\\d* dice\\) and the final state\\n$`),
    );
  });

  it('fails on one changed die, naming it', async () => {
    const { index, event } = firstEvent(read(path), 'CONFLICT_RESULTS');
    const [seat, result] = Object.entries(event.payload.rounds[0]!).find(([, r]) => r.rolls.length > 0)!;
    const die = result.rolls[0]!;
    const bad = tampered('die.json', (doc) => {
      const changed = firstEvent(doc, 'CONFLICT_RESULTS').event;
      changed.payload.rounds[0]![seat]!.rolls[0] = (die % 6) + 1;
    });
    const run = await cli('verify', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `FAIL ${bad}: a die differs: event ${index} (CONFLICT_RESULTS, age ${event.age}, turn ${event.turn}) at $.final.events[${index}].payload.rounds[0].${seat}.rolls[0]: ` +
        `the file says ${(die % 6) + 1}, the seed and actions give ${die}\n`,
    );
  });

  it('fails on one changed deal, naming it', async () => {
    const { index, event } = firstEvent(read(path), 'DEAL_CARD', (e) => e.turn === 2);
    const bad = tampered('deal.json', (doc) => {
      const changed = firstEvent(doc, 'DEAL_CARD', (e) => e.turn === 2).event;
      changed.payload.cardID += 1;
    });
    const run = await cli('verify', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `FAIL ${bad}: a deal differs: event ${index} (DEAL_CARD, age ${event.age}, turn 2) at $.final.events[${index}].payload.cardID: ` +
        `the file says ${event.payload.cardID + 1}, the seed and actions give ${event.payload.cardID}\n`,
    );
  });

  it('fails on a revealed seed that does not match the commitment', async () => {
    const other = seedFromNumber(5);
    const bad = tampered('seed.json', (doc) => (doc.seed = other));
    const run = await cli('verify', bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^FAIL .+: the revealed seed does not match the commitment \\(its SHA-256 is [0-9a-f]{64}, the game committed to ${read(path).final.seedCommitment}\\)\\n$`));
  });

  it('fails on another seed with a commitment forged to fit it: the game no longer follows', async () => {
    const other = seedFromNumber(5);
    const bad = tampered('forged.json', (doc) => {
      doc.seed = other;
      doc.final.seedCommitment = commitmentOf(other);
    });
    const run = await cli('verify', bad);
    expect(run.code).toBe(1);
    // The logged moves no longer fit the deals (a move is refused), or the deals differ.
    expect(run.stdout).toMatch(/^FAIL .+: (action \d+ \(.+\) was refused|a deal differs)/);
  });

  it('cannot verify a game that has not ended (exit 2)', async () => {
    const bad = tampered('unfinished.json', (doc) => (doc.final.gameEndTimestamp = null));
    const run = await cli('verify', bad);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${bad}: the game has not ended: its seed is revealed only at the end, so it cannot be verified yet\n`);
  });

  it('refuses an unusable file (exit 2)', async () => {
    const bad = join(dir, 'broken.json');
    writeFileSync(bad, '{"format": "mythos-replay"');
    expect((await cli('verify', bad)).code).toBe(2);
    expect((await cli('verify', join(dir, 'missing.json'))).code).toBe(2);
  });
});
