/**
 * Card sets stored once per distinct set (`card_sets`, keyed by the SHA-256 of the set's JSON),
 * each game pointing at its set's key (`game_card_sets`): games with the same modules share one
 * row and each reads back its whole set; two instances starting games with a new set at once
 * store it once; and the migration keys the sets of games stored before, each game still loading
 * with its own set, and its down gives each game its copy back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { describe, expect, test } from 'vitest';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { createGame, type Game, type ModuleKey } from '../../src/engine/index.js';
import { cardSetKey } from '../../src/server/db/card-set-key.js';
import type { Database } from '../../src/server/db/schema.js';
import { loadGame, stateJSON } from '../../src/server/services/game-store.js';
import { DATABASES, useServer } from './databases.js';
import { databaseBefore } from './migrations.js';
import { TEST_DATABASE_URL, type Server } from './support.js';

const START = 1_700_000_000_000;

/** A game as the server prepares one, with a bot and a person, not yet stored. */
function prepared(server: Server, id: string, modules: ModuleKey[]) {
  return server.app.services.games.prepare({
    id,
    lobbyID: null,
    players: [
      { userID: `u_${id}`, botType: null },
      { userID: `b_${id}`, botType: 'easy_bot' },
    ],
    options: {},
    modules,
  });
}

const setJSON = (game: Pick<Game, 'cardsByID' | 'tributeCardsByID'>) => JSON.stringify({ cardsByID: game.cardsByID, tributeCardsByID: game.tributeCardsByID });

/** The game with its first card named as an older release named it: a set this process has not stored. */
function withOlderCard(game: Game): Game {
  const [id, card] = Object.entries(game.cardsByID)[0]!;
  return { ...game, cardsByID: { ...game.cardsByID, [id]: { ...card, name: `${card.name} (older)` } } };
}

async function storedSets(db: Kysely<Database>) {
  return {
    sets: await db.selectFrom('card_sets').select(['hash', 'card_set_json']).orderBy('hash').execute(),
    games: await db.selectFrom('game_card_sets').select(['game_id', 'card_set_hash']).orderBy('game_id').execute(),
  };
}

describe.each(DATABASES)('card sets on %s', (database) => {
  const suite = useServer(database);

  test('games with the same set store it once, and each reads back its whole set', async () => {
    const { server } = suite();
    const { db, games } = server.app.services;
    const first = prepared(server, 'g_same_1', []);
    const second = prepared(server, 'g_same_2', []);
    const conquest = prepared(server, 'g_conquest', ['conquest']);
    for (const game of [first, second, conquest]) await db.kysely.transaction().execute((trx) => games.insert(trx, game, null));

    const plain = setJSON(first.game);
    const withModule = setJSON(conquest.game);
    expect(withModule).not.toBe(plain);
    const { sets, games: pointers } = await storedSets(db.kysely);
    expect(sets).toEqual(
      [
        { hash: cardSetKey(plain), card_set_json: plain },
        { hash: cardSetKey(withModule), card_set_json: withModule },
      ].sort((a, b) => (a.hash < b.hash ? -1 : 1)),
    );
    expect(pointers).toEqual([
      { game_id: 'g_conquest', card_set_hash: cardSetKey(withModule) },
      { game_id: 'g_same_1', card_set_hash: cardSetKey(plain) },
      { game_id: 'g_same_2', card_set_hash: cardSetKey(plain) },
    ]);
    for (const game of [first, second, conquest]) expect(await loadGame(db.kysely, game.game.id)).toEqual(game.game);
    expect(Object.keys((await loadGame(db.kysely, 'g_conquest'))!.cardsByID)).toHaveLength(Object.keys(conquest.game.cardsByID).length);
  });

  test.skipIf(database === 'sqlite')('two instances starting games with a new set at once store it once', async () => {
    const { server } = suite();
    const { db, games } = server.app.services;
    // Each its own object, as two processes would build it: equal sets, one key.
    const a = prepared(server, 'g_race_a', []);
    const b = prepared(server, 'g_race_b', []);
    a.game = withOlderCard(a.game);
    b.game = withOlderCard(b.game);
    let inserted!: () => void;
    let release!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstStart = db.kysely.transaction().execute(async (trx) => {
      await games.insert(trx, a, null);
      inserted();
      await held;
    });
    await firstInserted;
    let secondDone = false;
    const secondStart = db.kysely.transaction().execute((trx) => games.insert(trx, b, null));
    secondStart.then(
      () => (secondDone = true),
      () => (secondDone = true),
    );
    // The second start's insert of the set waits on the first's uncommitted row.
    const waiting = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely)).rows[0]!.n;
    while (!secondDone && (await waiting()) === 0) await sleep(10);
    release();
    await Promise.all([firstStart, secondStart]);

    const json = setJSON(a.game);
    const stored = await db.kysely.selectFrom('card_sets').select('card_set_json').where('hash', '=', cardSetKey(json)).execute();
    expect(stored).toEqual([{ card_set_json: json }]);
    expect((await loadGame(db.kysely, 'g_race_a'))!.cardsByID).toEqual(a.game.cardsByID);
    expect((await loadGame(db.kysely, 'g_race_b'))!.cardsByID).toEqual(b.game.cardsByID);
  });
});

describe.each(DATABASES)('the shared card sets migration on %s', (database) => {
  test.skipIf(database === 'postgres' && TEST_DATABASE_URL === null)('keys the sets of games stored before, and each game loads with its own set', async () => {
    const db = await databaseBefore(database, '2026-12-05-026-shared-card-sets');
    try {

      // Games as the release before stored them, each with its own copy of its set: two with the
      // same set (an older release's, which this process never made), one with a module, and more
      // than a batch of games whose (small) set is a third.
      const players = [{ userID: 'u_ann' }, { userID: 'u_bob' }];
      const game = (id: string, modules: ModuleKey[]) => createGame({ id, players, modules, definitions: GAME_DEFINITIONS }, 7, START);
      const older = [withOlderCard(game('g_old_1', [])), withOlderCard(game('g_old_2', []))];
      const conquest = game('g_old_conquest', ['conquest']);
      const small = JSON.stringify({ cardsByID: {}, tributeCardsByID: {} });
      const copies = new Map<string, string>([...[...older, conquest].map((g) => [g.id, setJSON(g)] as const), ...Array.from({ length: 150 }, (_, i) => [`g_small_${String(i).padStart(3, '0')}`, small] as const)]);
      const states = new Map([...older, conquest].map((g) => [g.id, g]));
      for (const [id, copy] of copies) {
        const stored = states.get(id);
        await sql`insert into games (id, lobby_id, state_json, sequence_id, has_bots, start_timestamp, end_timestamp, updated_at)
                  values (${id}, null, ${stored ? stateJSON(stored) : '{}'}, ${stored?.sequenceID ?? 1}, 0, ${START}, null, ${START})`.execute(db.kysely);
        await sql`insert into game_card_sets (game_id, card_set_json) values (${id}, ${copy})`.execute(db.kysely);
        if (stored && stored.events.length > 0) {
          await sql`insert into game_events (game_id, sequence_id, events_json) values (${id}, ${stored.sequenceID}, ${JSON.stringify(stored.events)})`.execute(db.kysely);
        }
      }
      await db.upgrade();

      const { sets, games: pointers } = await storedSets(db.kysely);
      const distinct = [setJSON(older[0]!), setJSON(conquest), small];
      expect(setJSON(older[1]!)).toBe(distinct[0]);
      expect(sets).toEqual(distinct.map((json) => ({ hash: cardSetKey(json), card_set_json: json })).sort((a, b) => (a.hash < b.hash ? -1 : 1)));
      expect(pointers).toHaveLength(copies.size);
      for (const { game_id, card_set_hash } of pointers) expect(card_set_hash, game_id).toBe(cardSetKey(copies.get(game_id)!));
      for (const stored of [...older, conquest]) expect(await loadGame(db.kysely, stored.id)).toEqual(stored);

      // Down (with any migration after it): each game has its own copy again.
      await db.downgrade();
      const back = await sql<{ game_id: string; card_set_json: string }>`select game_id, card_set_json from game_card_sets`.execute(db.kysely);
      expect(new Map(back.rows.map((r) => [r.game_id, r.card_set_json]))).toEqual(copies);
    } finally {
      await db.close();
    }
  });
});
