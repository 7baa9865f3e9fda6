/** Admin commands against a server's database: users, developers, and exporting a played game. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayFile } from '../../src/cli/replay-file.js';
import { signInGuest, startServer, type Server } from '../server/support.js';
import { cli, tempDir } from './helpers.js';

let server: Server;
let gameID: string;
let guestID: string;

beforeAll(async () => {
  server = await startServer();
  process.env.DATA_DIR = server.config.dataDir;
  const ann = await signInGuest(server, 'Ann');
  guestID = ann.userID;
  const { id } = await ann.client.lobbies.create.mutate();
  await ann.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'easy_bot' });
  gameID = (await ann.client.lobbies.start.mutate({ lobbyID: id })).gameID;
  // Ann takes the free basic card every turn until the game ends, and chats now and then: the
  // game's log holds CHAT events, which no action made.
  for (let guard = 0; guard < 200; guard++) {
    const { game } = await ann.client.games.state.query({ gameID });
    if (game.gameEndTimestamp !== null) break;
    if (guard === 0 || guard === 20) await ann.client.chat.send.mutate({ room: `game/${gameID}`, message: `turn ${game.turn}` });
    const action =
      game.phase === 'PLANNING'
        ? ({ type: 'BID', bid: { military: 0, tradeRowIndex: 0 } } as const)
        : game.phase === 'WAR'
          ? ({ type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: game.rerollRound } } as const)
          : ({ type: 'RESOLVE', resolve: { cardIDToGain: game.basicPile.find((card) => card === 128 || card === 129) ?? game.basicPile[0]! } } as const);
    await ann.client.games.act.mutate({ gameID, action }).catch(() => undefined);
  }
  ann.close();
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  await server.close();
});

describe('admin commands', () => {
  it('users list shows guests, not bots', async () => {
    const run = await cli('users', 'list');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${guestID}\tAnn\tguest\tno\t`);
    expect(run.stdout).not.toContain('\tbot\t');
  });

  it('users make-dev makes a developer, and refuses an unknown id', async () => {
    expect((await cli('users', 'make-dev', guestID)).stdout).toBe(`${guestID} is now a developer\n`);
    expect((await cli('users', 'list')).stdout).toContain(`${guestID}\tAnn\tguest\tyes\t`);
    const unknown = await cli('users', 'make-dev', 'u_nobody');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('error: no user with id u_nobody\n');
  });

  it("users make-dev refuses a bot's seat: a bot signs in nowhere, and replay prints bots' ids beside people's", async () => {
    const botID = (await server.app.services.games.get(gameID))!.players.find((p) => p.botType !== null)!.userID;
    const run = await cli('users', 'make-dev', botID);
    expect(run.stderr).toBe(`error: ${botID} is a bot's seat, not a person: only people can be developers\n`);
    expect(run.code).toBe(2);
    expect((await server.app.services.users.get(botID))!.is_dev).toBe(0);
  });

  it('games export writes a file that replay accepts, bit for bit', async () => {
    const chats = (await server.app.services.games.get(gameID))!.events.filter((e) => e.type === 'CHAT');
    expect(chats).toHaveLength(2);
    const file = join(tempDir(), 'game.json');
    const exported = await cli('games', 'export', gameID, '--out', file);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(new RegExp(`^wrote ${file}: \\d+ actions\\n$`));
    const replay = await cli('replay', file, '--quiet');
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
    // The finished game reveals its 256-bit seed, which matches the commitment it published.
    const verify = await cli('verify', file);
    expect(verify.stdout).toMatch(/^OK .+: the revealed seed matches the commitment [0-9a-f]{64}; /);
    expect(verify.code).toBe(0);
  });

  it('games export keeps why a stand-in played a seat, and replay counts the game a loss for the player who left', async () => {
    const bea = await signInGuest(server, 'Bea');
    const { id } = await bea.client.lobbies.create.mutate();
    await bea.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'easy_bot' });
    const leftGame = (await bea.client.lobbies.start.mutate({ lobbyID: id })).gameID;
    // Bea leaves before her first bid: a stand-in plays her seat to the end.
    await bea.client.games.leave.mutate({ gameID: leftGame });
    bea.close();
    await expect.poll(async () => (await server.app.services.games.get(leftGame))!.gameEndTimestamp).not.toBeNull();
    const bot = (await server.app.services.games.get(leftGame))!.players.find((p) => p.botType !== null)!;
    const file = join(tempDir(), 'left.json');
    expect((await cli('games', 'export', leftGame, '--out', file)).code).toBe(0);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as ReplayFile;
    const beas = exported.actions.filter((a) => a.userID === bea.userID);
    expect(beas.length).toBeGreaterThan(0);
    expect(beas.filter((a) => a.standIn !== 'left')).toEqual([]);
    // Who forfeited, as the game's end recorded it.
    expect(exported.forfeits).toEqual({ [bea.userID]: 'left' });
    // Whatever her seat scored, the bot won: she left.
    const replay = await cli('replay', file);
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(new RegExp(`\\n {2}final favor: [^\\n]+\\n {2}forfeit: ${bea.userID} left the game, so it counts as a loss\\n {2}winner: ${bot.userID} \\(easy_bot\\)\\n`));
  });

  it('games export refuses a game that has not ended: its seed is still secret', async () => {
    const ann = await signInGuest(server, 'Ann2');
    const { id } = await ann.client.lobbies.create.mutate();
    await ann.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'easy_bot' });
    const running = (await ann.client.lobbies.start.mutate({ lobbyID: id })).gameID;
    ann.close();
    const run = await cli('games', 'export', running, '--out', join(tempDir(), 'running.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: game ${running} has not ended: its seed stays secret until then (--unfinished exports it anyway)\n`);
    // Exported anyway, it says nothing of forfeits: nobody forfeits a game before its end.
    const file = join(tempDir(), 'unfinished.json');
    expect((await cli('games', 'export', running, '--unfinished', '--out', file)).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as ReplayFile)).not.toContain('forfeits');
  });

  it('games export refuses an --out it cannot write in one line, as every command does, before it reads the game', async () => {
    const dir = tempDir();
    const intoDir = await cli('games', 'export', gameID, '--out', dir);
    expect(intoDir.stderr).toBe(`error: --out ${dir}: is a directory; give a file name\n`);
    expect(intoDir.code).toBe(2);
    const file = join(dir, 'a-file.json');
    writeFileSync(file, '{}');
    const throughFile = await cli('games', 'export', gameID, '--out', join(file, 'game.json'));
    expect(throughFile.stderr).toBe(`error: --out ${join(file, 'game.json')}: cannot write there, '${file}' is a file, not a directory\n`);
    expect(throughFile.code).toBe(2);
    // A missing directory is made, as for tournament's and balance's files.
    const deeper = join(dir, 'new', 'game.json');
    expect((await cli('games', 'export', gameID, '--out', deeper)).code).toBe(0);
    expect(existsSync(deeper)).toBe(true);
  });

  it('games list shows the games newest first, with their players; --unfinished only those being played', async () => {
    const run = await cli('games', 'list');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id\tstarted\tended\tsequence\tplayers');
    const row = lines.find((line) => line.startsWith(`${gameID}\t`))!;
    expect(row).toMatch(new RegExp(`^${gameID}\\t\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z\\t\\d{4}-[^\\t]+Z\\t\\d+\\tAnn, .+ \\(easy_bot\\)$`));
    const unfinished = await cli('games', 'list', '--unfinished');
    expect(unfinished.stdout).not.toContain(gameID);
    expect((await cli('games', 'list', '--limit', '0')).stderr).toBe("error: --limit must be a whole number from 1 to 100000, got '0'\n");
  });

  it('db migrate brings the schema up to date', async () => {
    expect((await cli('db', 'migrate')).stdout).toBe('database is up to date\n');
  });

  it('a DATA_DIR with no database is refused, not given a new empty one; db migrate makes one', async () => {
    // A mistyped DATA_DIR listed no users, from a database it had just made.
    const elsewhere = join(tempDir(), 'typo');
    process.env.DATA_DIR = elsewhere;
    try {
      const run = await cli('users', 'list');
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`error: no database at ${join(elsewhere, 'mythos.sqlite')}: is DATA_DIR the server's? (\`mythos db migrate\` makes a new one there)\n`);
      expect(existsSync(join(elsewhere, 'mythos.sqlite'))).toBe(false);
      expect((await cli('db', 'migrate')).stdout).toBe('database is up to date\n');
      expect((await cli('users', 'list')).code).toBe(0);
    } finally {
      process.env.DATA_DIR = server.config.dataDir;
    }
  });

  it('a PostgreSQL database that is not there is said in one line, as npm start says it', async () => {
    process.env.DATABASE_URL = 'postgres://root@127.0.0.1:1/nosuchdb';
    try {
      const run = await cli('users', 'list');
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('error: cannot reach the PostgreSQL server at 127.0.0.1:1 (ECONNREFUSED): start it, or fix the host and port in DATABASE_URL\n');
    } finally {
      delete process.env.DATABASE_URL;
    }
  });
});
