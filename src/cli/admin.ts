/**
 * Admin commands against the server's database (the same DATABASE_URL / DATA_DIR as `npm start`):
 * `users list`, `users make-dev <id>`, `games list`, `games export <id>` (a file `replay`
 * accepts), `db migrate`. They work beside a running server (which locks only its own start).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { checkDatabaseUrl } from '../server/config-check.js';
import { configFromEnv } from '../server/config.js';
import { migrateToLatest, openDatabase, type Db } from '../server/db/database.js';
import { DATABASE_FILE } from '../server/db/data-files.js';
import { describeDatabase } from '../server/startup-errors.js';
import { loadGame } from '../server/services/game-store.js';
import { checkOutputFile } from './common-flags.js';
import { CliError } from './errors.js';
import { parseInteger } from './args.js';
import type { Io } from './io.js';
import { storedReplay } from '../server/services/replay-export.js';

/**
 * Runs `work` against the server's database. Without `create`, an SQLite file that is not there is
 * refused, not made: a mistyped DATA_DIR silently listed no users from a new, empty database.
 * A database that cannot be reached is said in one line, as `npm start` says it.
 */
async function withDatabase<T>(work: (db: Db) => Promise<T>, { create = false } = {}): Promise<T> {
  let config: ReturnType<typeof configFromEnv>;
  try {
    config = configFromEnv();
    checkDatabaseUrl(config.databaseUrl);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  if (config.databaseUrl === null && !create && !existsSync(path.join(config.dataDir, DATABASE_FILE))) {
    throw new CliError(`no database at ${path.join(config.dataDir, DATABASE_FILE)}: is DATA_DIR the server's? (\`mythos db migrate\` makes a new one there)`);
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    try {
      await migrateToLatest(db);
    } catch (error) {
      const said = config.databaseUrl === null ? null : describeDatabase(error as Parameters<typeof describeDatabase>[0], config.databaseUrl);
      if (said) throw new CliError(said);
      throw error;
    }
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * Help's closing lines, as every command of the program ends its own: each example a command line.
 * They act on the database `npm start` uses, found by the same DATA_DIR or DATABASE_URL.
 */
const examples = (...lines: string[]): string => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;

export function usersCommand(io: Io): Command {
  const users = new Command('users')
    .description('list users, or make one a developer')
    .addHelpText('after', examples('mythos users list', 'mythos users make-dev u_abc123', 'DATABASE_URL=postgres://127.0.0.1/mythos mythos users list'));
  users
    .command('list')
    .description('every user (bots left out): id, name, login, developer, games played')
    .addHelpText('after', examples('mythos users list', 'DATA_DIR=/srv/mythos mythos users list | grep -i wren'))
    .action(() =>
      withDatabase(async (db) => {
        const rows = await db.kysely.selectFrom('users').selectAll().where('provider', '!=', 'bot').orderBy('created_at').execute();
        const devs = configFromEnv().devUserIDs;
        io.out('id\tname\tlogin\tdeveloper\tgames\n');
        for (const u of rows) {
          const games = (JSON.parse(u.stats_json) as { gamesPlayed?: number }).gamesPlayed ?? 0;
          io.out(`${u.id}\t${u.name}\t${u.provider}\t${u.is_dev === 1 || devs.includes(u.id) ? 'yes' : 'no'}\t${games}\n`);
        }
      }),
    );
  users
    .command('make-dev <userID>')
    .description('give a user developer rights (dev-only bots, options, modules and /dev)')
    .addHelpText('after', examples('mythos users make-dev u_abc123', 'mythos users list && mythos users make-dev u_abc123'))
    .action((userID: string) =>
      withDatabase(async (db) => {
        const user = await db.kysely.selectFrom('users').select('provider').where('id', '=', userID).executeTakeFirst();
        if (!user) throw new CliError(`no user with id ${userID}`);
        // A bot's seat signs in nowhere: made a developer, it only showed as one (GraphQL isDev).
        if (user.provider === 'bot') throw new CliError(`${userID} is a bot's seat, not a person: only people can be developers`);
        await db.kysely.updateTable('users').set({ is_dev: 1 }).where('id', '=', userID).execute();
        io.out(`${userID} is now a developer\n`);
      }),
    );
  return users;
}

export function gamesCommand(io: Io): Command {
  const games = new Command('games')
    .description('list the games of the server, or export one')
    .addHelpText('after', examples('mythos games list --limit 10', 'mythos games export g_abc123 --out game.json && mythos replay game.json'));
  games
    .command('list')
    .description('the latest games, newest first: id, started, ended (or playing), sequenceID, players')
    .addHelpText('after', examples('mythos games list', 'mythos games list --unfinished --limit 20'))
    .option('--limit <n>', 'how many games', '50')
    .option('--unfinished', 'only the games still being played')
    .action((options: { limit: string; unfinished?: boolean }) => {
      const limit = parseInteger(options.limit, '--limit', { min: 1, max: 100_000 });
      return withDatabase(async (db) => {
        let query = db.kysely.selectFrom('games').select(['id', 'start_timestamp', 'end_timestamp', 'sequence_id']);
        if (options.unfinished === true) query = query.where('end_timestamp', 'is', null);
        const rows = await query.orderBy('start_timestamp', 'desc').limit(limit).execute();
        const seats = rows.length === 0 ? [] : await db.kysely
          .selectFrom('game_players')
          .leftJoin('users', 'users.id', 'game_players.user_id')
          .select(['game_players.game_id', 'game_players.seat', 'game_players.bot_type', 'users.name'])
          .where('game_players.game_id', 'in', rows.map((r) => r.id))
          .orderBy('game_players.seat')
          .execute();
        const time = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
        io.out('id\tstarted\tended\tsequence\tplayers\n');
        for (const row of rows) {
          const players = seats.filter((s) => s.game_id === row.id).map((s) => (s.bot_type ? `${s.name ?? s.bot_type} (${s.bot_type})` : (s.name ?? '?')));
          io.out(`${row.id}\t${time(row.start_timestamp)}\t${row.end_timestamp === null ? 'playing' : time(row.end_timestamp)}\t${row.sequence_id}\t${players.join(', ')}\n`);
        }
      });
    });
  games
    .command('export <gameID>')
    .description('write a game as a replay file (check it with: mythos replay <file> or mythos verify <file>)')
    .option('--out <file>', 'where to write it (default: <gameID>.json)')
    .option('--unfinished', "export a game that has not ended, secret seed and all (for debugging: never share it)")
    .addHelpText('after', examples('mythos games export g_abc123', 'mythos games export g_abc123 --out game.json && mythos verify game.json'))
    .action((gameID: string, options: { out?: string; unfinished?: boolean }) => {
      const file = options.out ?? `${gameID}.json`;
      // Checked before the database is opened, as every command checks its output paths.
      checkOutputFile(file, '--out');
      return withDatabase(async (db) => {
        const game = await loadGame(db.kysely, gameID);
        if (!game) throw new CliError(`no game with id ${gameID}`);
        // The file holds the seed: before the end it would tell every future deal and die.
        if (game.gameEndTimestamp === null && options.unfinished !== true) {
          throw new CliError(`game ${gameID} has not ended: its seed stays secret until then (--unfinished exports it anyway)`);
        }
        const replay = await storedReplay(db.kysely, game);
        writeFileSync(file, JSON.stringify(replay));
        io.out(`wrote ${file}: ${replay.actions.length} actions${game.gameEndTimestamp === null ? ' (the game is not over yet)' : ''}\n`);
      });
    });
  return games;
}

export function dbCommand(io: Io): Command {
  const db = new Command('db').description('the database').addHelpText('after', examples('mythos db migrate'));
  db.command('migrate')
    .description('bring the database schema up to date (npm start does this too)')
    .addHelpText('after', examples('mythos db migrate', 'DATABASE_URL=postgres://127.0.0.1/mythos mythos db migrate'))
    .action(() =>
      withDatabase(
        async () => {
          io.out('database is up to date\n');
        },
        { create: true },
      ),
    );
  return db;
}
