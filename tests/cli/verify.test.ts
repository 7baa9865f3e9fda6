/**
 * `mythos verify`: a finished game's revealed seed matches its commitment and, with the setup and
 * actions, gives every deal and die of the file (exit 0); a changed die, a changed deal or a wrong
 * seed fails naming the first difference (exit 1); a file that cannot be verified exits 2. A game
 * started from a lobby: its revealed server secret matches the commitment its lobby showed and
 * its seed is the mix of the secret and the players' values; a changed value fails, naming it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, mixedSeed, seedFromNumber, type GameEvent } from '../../src/engine/index.js';
import type { ReplayFile } from '../../src/cli/replay-file.js';
import { signInGuest, startServer, type Server } from '../server/support.js';
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

  it('passes an export written before seeds were mixed (save version 4: no secret, no values)', async () => {
    const old = tampered('v4.json', (doc) => {
      const final = doc.final as unknown as Record<string, unknown>;
      for (const key of ['serverSecretCommitment', 'serverSecret', 'seedContributions']) delete final[key];
      final.version = 4;
    });
    const run = await cli('verify', old);
    expect(run.stdout).toMatch(/^OK .+: the revealed seed matches the commitment [0-9a-f]{64}; \d+ actions re-run give all/);
    expect(run.code).toBe(0);
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

describe('verify, a game whose seed was mixed in its lobby', () => {
  let server: Server;
  let exported: string;
  let lobbyCommitment: string;
  let annID: string;
  let botID: string;

  beforeAll(async () => {
    server = await startServer();
    process.env.DATA_DIR = server.config.dataDir;
    const ann = await signInGuest(server, 'Ann');
    annID = ann.userID;
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    lobbyCommitment = (await ann.client.lobbies.get.query({ lobbyID })).serverSecretCommitment!;
    await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    await ann.client.lobbies.contribute.mutate({ lobbyID, value: 'lucky 7' });
    botID = (await ann.client.lobbies.get.query({ lobbyID })).playerIDToBotType[0]![0];
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    // Ann takes a basic card every turn until the game ends.
    for (let guard = 0; guard < 200; guard++) {
      const { game } = await ann.client.games.state.query({ gameID });
      if (game.gameEndTimestamp !== null) break;
      const action =
        game.phase === 'PLANNING'
          ? ({ type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } as const)
          : game.phase === 'WAR'
            ? ({ type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: game.rerollRound } } as const)
            : ({ type: 'RESOLVE', resolve: { cardIDToGain: game.basicPile[0]! } } as const);
      await ann.client.games.act.mutate({ gameID, action }).catch(() => undefined);
    }
    ann.close();
    exported = join(dir, 'mixed.json');
    const run = await cli('games', 'export', gameID, '--out', exported);
    expect(run.stderr).toBe('');
  });

  afterAll(async () => {
    delete process.env.DATA_DIR;
    await server?.close();
  });

  const tamperedMix = (name: string, change: (doc: ReplayFile) => void): string => {
    const doc = read(exported);
    change(doc);
    const out = join(dir, name);
    writeFileSync(out, JSON.stringify(doc));
    return out;
  };

  it('passes, printing the commitment the lobby showed and every seat\'s value', async () => {
    const doc = read(exported);
    expect(doc.final.serverSecretCommitment).toBe(lobbyCommitment);
    expect(doc.final.seedContributions).toEqual([
      { userID: annID, value: 'lucky 7' },
      { userID: botID, value: '' },
    ]);
    expect(doc.seed).toBe(mixedSeed({ serverSecret: doc.final.serverSecret!, contributions: doc.final.seedContributions! }));
    const run = await cli('verify', exported);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      new RegExp(
        `^OK .+: the revealed seed matches the commitment ${doc.final.seedCommitment}; ` +
          `the revealed server secret matches the commitment its lobby showed ${lobbyCommitment}, ` +
          `and the seed is the mix of it and the players' values \\(seat 1 ${annID} "lucky 7", seat 2 ${botID} none\\); ` +
          `\\d+ actions re-run give all \\d+ events`,
      ),
    );
    expect(run.code).toBe(0);
  });

  it("fails on a changed player's value, naming the values and the seed they give", async () => {
    const doc = read(exported);
    const bad = tamperedMix('value.json', (d) => (d.final.seedContributions![0]!.value = 'lucky 8'));
    const other = mixedSeed({ serverSecret: doc.final.serverSecret!, contributions: [{ userID: annID, value: 'lucky 8' }, { userID: botID, value: '' }] });
    const run = await cli('verify', bad);
    expect(run.stdout).toBe(
      `FAIL ${bad}: the seed is not the mix of the server's secret and the players' values: with the values the file has ` +
        `(seat 1 ${annID} "lucky 8", seat 2 ${botID} none) they give ${other}, the file's seed is ${doc.seed}\n`,
    );
    expect(run.code).toBe(1);
  });

  it('fails on a value given to a bot\'s seat, or values out of seat order', async () => {
    const botValue = tamperedMix('bot-value.json', (d) => (d.final.seedContributions![1]!.value = 'x'));
    expect((await cli('verify', botValue)).stdout).toBe(
      `FAIL ${botValue}: seat 2 is a bot (${botID}), whose seat adds nothing to the seed, but the file gives it the value "x"\n`,
    );
    const swapped = tamperedMix('swapped.json', (d) => d.final.seedContributions!.reverse());
    const run = await cli('verify', swapped);
    expect(run.stdout).toBe(
      `FAIL ${swapped}: the players' value for seat 1 should be {"userID": "${annID}", "value": text}, the file has {"userID":"${botID}","value":""}\n`,
    );
    expect(run.code).toBe(1);
  });

  it('fails on a server secret that is not the one the lobby committed to', async () => {
    const other = seedFromNumber(9);
    const bad = tamperedMix('secret.json', (d) => (d.final.serverSecret = other));
    const run = await cli('verify', bad);
    expect(run.stdout).toBe(
      `FAIL ${bad}: the revealed server secret does not match the commitment its lobby showed (its SHA-256 is ${commitmentOf(other)}, the lobby committed to ${lobbyCommitment})\n`,
    );
    expect(run.code).toBe(1);
  });

  it('fails on a secret, values and seed all forged to fit a changed value: the commitment or the game no longer follows', async () => {
    const doc = read(exported);
    const contributions = [{ userID: annID, value: 'lucky 8' }, { userID: botID, value: '' }];
    const forged = mixedSeed({ serverSecret: doc.final.serverSecret!, contributions });
    const bad = tamperedMix('forged-mix.json', (d) => {
      d.final.seedContributions = contributions;
      d.seed = forged;
    });
    expect((await cli('verify', bad)).stdout).toMatch(/^FAIL .+: the revealed seed does not match the commitment/);
    const deeper = tamperedMix('forged-all.json', (d) => {
      d.final.seedContributions = contributions;
      d.seed = forged;
      d.final.seed = forged;
      d.final.seedCommitment = commitmentOf(forged);
    });
    expect((await cli('verify', deeper)).stdout).toMatch(/^FAIL .+: (action \d+ \(.+\) was refused|a deal differs|a die differs)/);
  });
});
