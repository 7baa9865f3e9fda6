/**
 * The example client of docs/protocol.md (examples/client/play-a-game.mjs), run as a program
 * against a real server: it signs in, starts a game against a bot and plays it to the end with
 * nothing but fetch and a websocket.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';

const run = promisify(execFile);
let server: Server;

beforeAll(async () => {
  server = await startServer({ botDelayMs: 0 });
});
afterAll(async () => server.close());

describe('examples/client/play-a-game.mjs', () => {
  it('plays a whole game against easy_bot and prints the result', async () => {
    const { stdout } = await run(process.execPath, ['examples/client/play-a-game.mjs', server.url, 'Example', 'easy_bot'], { timeout: 120_000 });
    const lines = stdout.trim().split('\n');
    const gameID = /^game (g_\S+) started against easy_bot$/m.exec(stdout)?.[1];
    expect(lines[0]).toMatch(/^signed in as Example \(u_\S+\)$/);
    expect(gameID).toBeDefined();
    const game = await server.app.services.games.get(gameID!);
    // Its value for the dice is in the seed, given after the commitment the game keeps.
    const [, commitment, value] = /^lobby l_\S+: the server's commitment ([0-9a-f]{64}), our value ([0-9a-f]{32})$/m.exec(stdout) ?? [];
    expect(game?.serverSecretCommitment).toBe(commitment);
    expect(game?.seedContributions?.map((c) => c.value)).toEqual([value, '']);
    expect(game?.gameEndTimestamp).not.toBeNull();
    // One line per player with the final favor, the winners marked, then the revealed seed.
    const favorOf = (userID: string) => game!.players.find((p) => p.userID === userID)!.counters.favor;
    const me = game!.players.find((p) => p.botType === null)!;
    const bot = game!.players.find((p) => p.botType === 'easy_bot')!;
    expect(lines).toContain(`Example (me): ${favorOf(me.userID)} favor${game!.winnerIDs.includes(me.userID) ? ', winner' : ''}`);
    expect(lines).toContain(`easy_bot: ${favorOf(bot.userID)} favor${game!.winnerIDs.includes(bot.userID) ? ', winner' : ''}`);
    expect(lines.at(-1)).toMatch(/^seed [0-9a-f]{64}; its SHA-256 [0-9a-f]{64} was shown from the start$/);
  });

  it('sends each decision once against a bot that thinks on a worker thread, so nothing is refused', async () => {
    // The Expert Bot's step lands while our action is on its way: a state that does not have our
    // action in it yet, still asking for the decision we have just sent. Answered again, it was
    // refused as a duplicate almost every turn, and the last refusal printed after the result.
    const { stdout } = await run(process.execPath, ['examples/client/play-a-game.mjs', server.url, 'Thinker', 'expert_bot'], { timeout: 120_000 });
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('refused'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^seed [0-9a-f]{64}; its SHA-256 [0-9a-f]{64} was shown from the start$/);
  });
});
