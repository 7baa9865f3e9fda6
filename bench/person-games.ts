/**
 * What one person's lists of games cost as they play more: a person with N games (rows inserted
 * directly, a quarter of them without bots) among as many games of other people, and the time of
 * `users.profile` (their five recent games), `users.myGames` (the first page of ten, and the
 * last) and `games.history` with their id (bots left out, as the site asks first), as a tRPC
 * client in this process sees it; and the check a game's start makes of each person seated
 * (their running games and the last hour's: the lobby service's `gameCapRefusal`). On SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set
 * (a database of its own, dropped after). Not a test: times depend on the machine and its load.
 *
 *   npx tsx bench/person-games.ts [--games 10000,100000] [--db sqlite|postgres|both] [--runs 30]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import type { GamePlayersTable } from '../src/server/db/schema.js';
import { createPostgresDatabase } from '../tests/support/postgres.js';
import { signInGuest, startServer, type Guest, type Server } from '../tests/server/support.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10000,100000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '30' },
  },
});
const counts = values.games.split(',').map(Number);
const runs = Number(values.runs);
const databases = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db];

interface BenchGame {
  id: string;
  start: number;
  bots: number;
  /** Each seat's user id, and its bot type (null: a person). */
  seats: [string, string | null][];
}

/**
 * `count` games of `personID`'s, started a second apart in a shuffled order, three in four with a
 * bot; and between each two of them a game of two others.
 */
async function insertGames(server: Server, personID: string, count: number): Promise<void> {
  const db = server.app.services.db.kysely;
  // A stored game's snapshot is some kilobytes; random hex, so PostgreSQL cannot compress it away.
  const state = JSON.stringify({ padding: randomBytes(1_000).toString('hex') });
  const others = Array.from({ length: 20 }, (_, i) => `u_other_${i}`);
  const { stats_json } = (await server.app.services.users.get(personID))!;
  await db
    .insertInto('users')
    .values([...others, 'u_bot'].map((id) => ({ id, name: id, provider: id === 'u_bot' ? 'bot' : 'guest', provider_id: null, profile_picture_url: null, subtitle: null, is_dev: 0, can_change_name: 1, bot_type: id === 'u_bot' ? 'easy_bot' : null, stats_json, created_at: 1 })))
    .execute();
  // Older releases' seats held no copy of their game's start: this script measures them too.
  const columns = (await db.introspection.getTables()).find((t) => t.name === 'game_players')!.columns.map((c) => c.name);
  const copied = columns.includes('start_timestamp');
  const store = async (games: BenchGame[]) => {
    await db
      .insertInto('games')
      .values(games.map((g) => ({ id: g.id, lobby_id: null, state_json: state, sequence_id: 1, has_bots: g.bots, start_timestamp: g.start, end_timestamp: g.start + 600_000, updated_at: g.start + 600_000, seed_commitment: null })))
      .execute();
    const seats = games.flatMap((g) =>
      g.seats.map(([userID, botType], seat) => ({
        game_id: g.id,
        seat,
        user_id: userID,
        bot_type: botType,
        stats_json: JSON.stringify({ score: 12 - seat, won: seat === 0 }),
        ...(copied ? { start_timestamp: g.start, has_bots: g.bots } : {}),
      })),
    );
    await db.insertInto('game_players').values(seats as Insertable<GamePlayersTable>[]).execute();
    // Each game's lobby, started, and its seats, kept for good as a started lobby's are.
    await db
      .insertInto('lobbies')
      .values(games.map((g) => ({ id: `l_${g.id}`, name: 'Started', host_id: g.seats[0]![0], sequence_id: 1, options_json: '{}', modules_json: '[]', game_id: g.id, created_at: g.start, updated_at: g.start })))
      .execute();
    await db
      .insertInto('lobby_players')
      .values(games.flatMap((g) => g.seats.map(([userID, botType], seat) => ({ lobby_id: `l_${g.id}`, seat, user_id: userID, bot_type: botType }))))
      .execute();
  };
  // Inserted in an order other than their starts', as games that start and end at different times are.
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => ((a * 7919) % count) - ((b * 7919) % count));
  for (let i = 0; i < count; i += 500) {
    const batch = order.slice(i, i + 500).map((n) => ({ n, start: 1_700_000_000_000 + n * 1_000, bots: n % 4 === 0 ? 0 : 1 }));
    await store(batch.map(({ n, start, bots }) => ({ id: `g_${n}`, start, bots, seats: [[personID, null], bots ? ['u_bot', 'easy_bot'] : [others[n % others.length]!, null]] })));
    await store(
      batch.map(({ n, start, bots }) => ({ id: `g_other_${n}`, start: start + 500, bots, seats: [[others[(n + 1) % others.length]!, null], bots ? ['u_bot', 'easy_bot'] : [others[(n + 2) % others.length]!, null]] })),
    );
  }
  // A live database's statistics and visibility map are kept up by autovacuum; here, at once.
  if (server.app.services.db.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
}

/** Median and 90th percentile of `runs` calls, in ms, after five to warm up. */
async function timed(call: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  return `${at(0.5)} / ${at(0.9)}`;
}

async function measure(database: string, count: number): Promise<string[]> {
  const created = database === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'bench') : null;
  // An SQLite file of 100,000 such games is near a gigabyte: removed after.
  const dataDir = mkdtempSync(join(tmpdir(), 'mythos-person-games-'));
  const server = await startServer({ databaseUrl: created?.url ?? null, dataDir }, { database: database as 'sqlite' | 'postgres', reset: false });
  let person: Guest | null = null;
  try {
    person = await signInGuest(server, 'Person');
    await insertGames(server, person.userID, count);
    const { client, userID } = person;
    const first = await client.users.myGames.query({ offset: 0, limit: 10 });
    if (first.total !== count) throw new Error(`myGames counted ${first.total} games, not ${count}`);
    return [
      database,
      count.toLocaleString('en'),
      await timed(() => client.users.profile.query({ userID })),
      await timed(() => client.users.myGames.query({ offset: 0, limit: 10 })),
      await timed(() => client.users.myGames.query({ offset: Math.max(0, count - 10), limit: 10 })),
      await timed(() => client.games.history.query({ userID })),
      // The check every game's start makes of each person seated (the service alone, no request).
      await timed(() => server.app.services.lobbies.gameCapRefusal({ id: userID })),
      // Their lobbies waiting to start ("Your games"), read as the cap on open lobbies is at each create and join.
      await timed(() => client.lobbies.waiting.query()),
    ];
  } finally {
    person?.close();
    await server.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (databases.includes('postgres') && !process.env.TEST_DATABASE_URL) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
console.log('| database | games | users.profile | users.myGames, first page | myGames, last page | games.history of theirs | a start\'s game cap check | lobbies.waiting |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const database of databases) {
  for (const count of counts) console.log(`| ${(await measure(database, count)).join(' | ')} |`);
}
console.log(`(ms: median / 90th percentile of ${runs} requests each)`);
