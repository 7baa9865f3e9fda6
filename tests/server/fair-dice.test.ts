/**
 * Fair dice on the server: each game's seed is 32 random bytes, its commitment is in the view and
 * the history from the start while the seed stays hidden, and its bots draw from seeds derived
 * from the secret seed, not from the public game id.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, deriveSeed, isSeed, type Game } from '../../src/engine/index.js';
import { botSeedOf } from '../../src/server/services/game-service.js';
import { signInGuest, startServer, type Guest, type Server } from './support.js';

let server: Server;
let ann: Guest;
const games: Game[] = [];

async function startedGame(): Promise<string> {
  const { id } = await ann.client.lobbies.create.mutate();
  await ann.client.lobbies.addBot.mutate({ lobbyID: id, botType: 'easy_bot' });
  return (await ann.client.lobbies.start.mutate({ lobbyID: id })).gameID;
}

beforeAll(async () => {
  server = await startServer();
  ann = await signInGuest(server, 'Ann');
  for (let i = 0; i < 2; i++) {
    const game = await server.app.services.games.get(await startedGame());
    games.push(game!);
  }
});

afterAll(async () => {
  ann.close();
  await server.close();
});

describe('fair dice on the server', () => {
  it('seeds each game with 256 random bits, and commits to them', () => {
    const [a, b] = games as [Game, Game];
    for (const game of games) {
      expect(isSeed(game.seed)).toBe(true);
      expect(game.rngState).toMatchObject({ kind: 'chacha20', key: game.seed });
      expect(game.seedCommitment).toBe(commitmentOf(game.seed as string));
    }
    expect(a.seed).not.toBe(b.seed);
  });

  it('shows the commitment from the first turn, and not the seed, in the view and the history', async () => {
    const [game] = games as [Game];
    const { game: view } = await ann.client.games.state.query({ gameID: game.id });
    expect(view.seedCommitment).toBe(game.seedCommitment);
    expect(view.seed).toBeNull();
    expect(JSON.stringify(view)).not.toContain(game.seed as string);
    const history = await ann.client.games.history.query({ includeBots: true });
    expect(history.find((item) => item.id === game.id)?.seedCommitment).toBe(game.seedCommitment);
  });

  it("derives the bots' seed from the secret seed, never from the game id", () => {
    const [game] = games as [Game];
    const botSeed = botSeedOf(game);
    expect(botSeed).toBe(deriveSeed(game.seed as string, 'bots'));
    // The same public game with another secret seed: other bot seeds. The id alone decides nothing.
    expect(botSeedOf({ ...game, seed: games[1]!.seed })).not.toBe(botSeed);
    const fromID = createHash('sha256').update(game.id).digest();
    expect(botSeed).not.toContain(fromID.toString('hex').slice(0, 16));
    expect(botSeed).not.toBe(deriveSeed(fromID.toString('hex'), 'bots'));
  });
});
