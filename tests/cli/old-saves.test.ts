/**
 * Saves of versions 1 and 2 (tests/fixtures, only their own fields) load everywhere a save is
 * read: the server's game store (and the game plays on, stored as version 5), a replay file the
 * CLI re-runs bit for bit, and `games export`, whose file replays too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/index.js';
import { cardSetKey } from '../../src/server/db/card-set-key.js';
import { loadGame } from '../../src/server/services/game-store.js';
import { startServer, type Server } from '../server/support.js';
import { guest } from '../compat/protocol-client.js';
import { cli, tempDir } from './helpers.js';

type Save = Record<string, unknown> & { id: string; sequenceID: number; players: { userID: string }[]; events: unknown[] };

const fixture = (name: string): Save => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as Save;

/** The actions that led to the saves (tests/fixtures/README.md), with the sequenceID each reached. */
const ACTIONS: { userID: string; action: Action; now: number; sequenceID: number }[] = [
  { userID: 'ann', action: { type: 'BID', bid: { military: 0, tradeRowIndex: 0 } }, now: 4_000, sequenceID: 2 },
  { userID: 'bob', action: { type: 'BID', bid: { military: 1, tradeRowIndex: 1 } }, now: 4_000, sequenceID: 4 },
  { userID: 'ann', action: { type: 'RESOLVE', resolve: { cardIDToGain: 202 } }, now: 7_000, sequenceID: 5 },
  { userID: 'bob', action: { type: 'RESOLVE', resolve: { cardIDToGain: 211 } }, now: 7_000, sequenceID: 7 },
];

const dir = tempDir();
let server: Server;

beforeAll(async () => {
  server = await startServer();
  process.env.DATA_DIR = server.config.dataDir;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await server.close();
});

/** Writes a save into the database as the release that made it stored it, under `id`. */
async function store(save: Save, id: string): Promise<void> {
  const db = server.app.services.db.kysely;
  const { cardsByID, tributeCardsByID, events, ...state } = save;
  await db
    .insertInto('games')
    .values({
      id,
      lobby_id: null,
      state_json: JSON.stringify({ ...state, id }),
      sequence_id: save.sequenceID,
      has_bots: 0,
      start_timestamp: 1_000,
      end_timestamp: null,
      updated_at: 7_000,
      seed_commitment: null,
    })
    .execute();
  const cardSet = JSON.stringify({ cardsByID, tributeCardsByID });
  await db
    .insertInto('card_sets')
    .values({ hash: cardSetKey(cardSet), card_set_json: cardSet })
    .onConflict((c) => c.column('hash').doNothing())
    .execute();
  await db.insertInto('game_card_sets').values({ game_id: id, card_set_hash: cardSetKey(cardSet) }).execute();
  await db.insertInto('game_events').values({ game_id: id, sequence_id: save.sequenceID, events_json: JSON.stringify(events) }).execute();
  await db
    .insertInto('game_players')
    .values(save.players.map((p, seat) => ({ game_id: id, seat, user_id: p.userID, bot_type: null, stats_json: null, start_timestamp: 1_000, has_bots: 0 })))
    .execute();
  await db
    .insertInto('game_actions')
    .values(ACTIONS.map((a) => ({ game_id: id, sequence_id: a.sequenceID, user_id: a.userID, action_json: JSON.stringify(a.action), at: a.now })))
    .execute();
}

/** The game after the four actions, as the current release holds it. */
function expectCurrent(game: { version: number } & Record<string, unknown>): void {
  expect(game).toMatchObject({
    version: 5,
    rngState: { kind: 'xoroshiro128+' },
    seed: 1042,
    seedCommitment: null,
    serverSecretCommitment: null,
    serverSecret: null,
    seedContributions: null,
    age: 1,
    turn: 2,
    phase: 'PLANNING',
    tableIDs: [208, 209, 203],
    options: { warTokens: false, rerollTokens: false, retreat1: false, retreat2: false, retreat3: false, unbid: true },
    totalThinkingMillisByPlayerID: { ann: 6_000, bob: 6_000 },
    phaseThinkingMillisByPlayerID: { ann: 0, bob: 0 },
    players: [
      {
        userID: 'ann',
        cards: { Building: [100, 202], Unit: [], Event: [] },
        counters: { gold: 3, favor: 1, military: 1, warTokens: 0, rerollTokens: 0, tributeTokens: 0 },
        favorSources: { cards: 1, tributes: 0, prophecies: 0, resources: 0 },
        clashes: 0,
      },
      {
        userID: 'bob',
        cards: { Building: [101, 211], Unit: [], Event: [] },
        counters: { gold: 1, favor: 1, military: 2, warTokens: 0, rerollTokens: 0, tributeTokens: 0 },
      },
    ],
  });
  expect(game).not.toHaveProperty('table');
  expect(game).not.toHaveProperty('thinkingMillisByPlayerID');
}

describe.each(['save-v1', 'save-v2'])('%s', (name) => {
  const save = fixture(name);
  const version = Number(name.slice(-1));

  it('holds only the fields of its own version', () => {
    expect(save.version).toBe(version);
    for (const newer of ['seedCommitment', 'seedContributions', 'totalThinkingMillisByPlayerID', 'phaseThinkingMillisByPlayerID', 'soloMillisByPlayerID']) expect(save).not.toHaveProperty(newer);
    expect(save).toHaveProperty('thinkingMillisByPlayerID');
    expect(Array.isArray(save.rngState)).toBe(true);
    for (const player of save.players) for (const newer of ['cards', 'favorSources', 'clashes', 'clashesWon']) expect(player).not.toHaveProperty(newer);
    const options = save.options as Record<string, boolean>;
    expect(options).not.toHaveProperty('rerollTokens');
    if (version === 1) {
      expect(save).toHaveProperty('table');
      expect(save).not.toHaveProperty('tableIDs');
      expect(save.players[0]).not.toHaveProperty('counters');
      for (const newer of ['warTokens', 'retreat1', 'retreat2', 'retreat3']) expect(options).not.toHaveProperty(newer);
    } else {
      expect(save).not.toHaveProperty('table');
      expect(save.players[0]).toHaveProperty('counters', { gold: 3, favor: 1, military: 1, warTokens: 0 });
    }
  });

  it('loads in the server store, is shown, plays on and is stored again as version 5', async () => {
    const id = `${save.id}_store`;
    await store(save, id);
    const game = await server.app.services.games.get(id);
    if (!game) throw new Error('not loaded');
    expectCurrent(game as unknown as { version: number });
    const spectator = await guest(server.url, 'Watcher');
    const view = await spectator.call('GET', `/api/game/${id}/state`);
    expect(view.status, view.text).toBe(200);
    expect(view.json).toMatchObject({ id, phase: 'PLANNING', tableIDs: [208, 209, 203] });
    expect(await server.app.services.games.act(id, 'ann', { type: 'BID', bid: { military: 1, tradeRowIndex: 2 } })).toMatchObject({ ok: true });
    const stored = await server.app.services.db.kysely.selectFrom('games').select('state_json').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.state_json)).toMatchObject({ version: 5, tableIDs: [208, 209, 203] });
    const reloaded = await loadGame(server.app.services.db.kysely, id);
    expect(reloaded?.bidsByPlayerID).toEqual({ ann: { military: 1, tradeRowIndex: 2 } });
  });

  it('replays through the CLI, bit for bit, from a replay file holding it', async () => {
    const file = join(dir, `${name}-replay.json`);
    const seats = save.players.map((p) => ({ userID: p.userID, botType: null }));
    const actions = ACTIONS.map(({ userID, action, now }) => ({ userID, action, now }));
    const setup = { id: save.id, seats, options: save.options, modules: [] };
    writeFileSync(file, JSON.stringify({ format: 'mythos-replay', version: 1, setup, seed: 1042, start: 1_000, actions, final: save }));
    const run = await cli('replay', '--quiet', file);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`OK ${file}: 4 actions re-run, final state identical\n`);
    expect(run.code).toBe(0);
  });

  it('is readable as an export: games export writes it as version 5, and the file replays', async () => {
    const id = `${save.id}_export`;
    await store(save, id);
    const file = join(dir, `${name}-export.json`);
    const exported = await cli('games', 'export', id, '--unfinished', '--out', file);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toBe(`wrote ${file}: 4 actions (the game is not over yet)\n`);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { final: { version: number } & Record<string, unknown>; generator: string };
    expect(written.generator).toBe('xoroshiro128+');
    expectCurrent(written.final);
    const run = await cli('replay', '--quiet', file);
    expect(run.stdout).toBe(`OK ${file}: 4 actions re-run, final state identical\n`);
    expect(run.code).toBe(0);
  });
});
