/**
 * The example client of docs/protocol.md (examples/client/play-a-game.mjs) when the server it
 * plays on stops mid-game, as an operator's restart does: it says so and exits with 1, where it
 * ended with no word and Node's exit code 13 (its watch, a promise, never settled).
 */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from '../server/support.js';

let server: Server | null = null;
afterAll(async () => server?.close());

describe('examples/client/play-a-game.mjs, its server stopped mid-game', () => {
  it('says the server closed /channel before the game ended, and exits with 1', async () => {
    // The bot waits 5 s before each move: the game is still on when the server stops.
    server = await startServer({ botDelayMs: 5_000 });
    const child = spawn(process.execPath, ['examples/client/play-a-game.mjs', server.url, 'Restarted', 'easy_bot'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    while (!/^game g_\S+ started against easy_bot$/m.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`the client stopped: ${stdout} ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const gameID = /^game (g_\S+) started/m.exec(stdout)![1]!;
    await server.close();
    server = null;
    expect(await exit).toBe(1);
    expect(stderr).toMatch(new RegExp(`Error: the server closed /channel \\(code \\d+\\) before game ${gameID} ended; it goes on when the server is back`));
  }, 120_000);
});
