/**
 * An operator's two instances on one PostgreSQL database, one of which goes down: the game it
 * last moved goes on on the other. The instance that commits a step keeps the timer for the
 * bot that answers it; gone with that instance, the bot's turn was nobody's, and the people on the
 * other instance waited for it for ever. PostgreSQL only: skipped, with the reason printed,
 * without TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, TEST_DATABASE_URL, type Server } from '../server/support.js';
import { decide, dropPrivateDatabase, playSeat, privateDatabase, replayStored, seededRng } from './helpers.js';
import { signInOnBoth } from './two-instances.js';

vi.setConfig({ testTimeout: 180_000 });

if (!TEST_DATABASE_URL) console.log('operator-instance-down tests skipped: TEST_DATABASE_URL is not set (two instances need a shared PostgreSQL database)');

describe.skipIf(!TEST_DATABASE_URL)('an instance that goes down with a bot to move', () => {
  let a: Server;
  let b: Server;
  let url: string;

  beforeAll(async () => {
    url = await privateDatabase(TEST_DATABASE_URL!, 'instance-down');
    // A bot answers 3 s after a step, on the instance that committed it.
    a = await startServer({ databaseUrl: url, botDelayMs: 3_000 });
    // b's own bots answer at once, so the game's rest is quick once b has taken over.
    b = await startServer({ databaseUrl: url, botDelayMs: 20 }, { reset: false });
  });

  afterAll(async () => {
    await b?.close();
    if (url) await dropPrivateDatabase(TEST_DATABASE_URL!, url);
  });

  it('the other instance plays the bot whose turn the gone instance held, and the game ends', async () => {
    const pia = await signInOnBoth(a, b, 'Pia');
    try {
      const { id: lobbyID } = await pia.on.a.lobbies.create.mutate();
      await pia.on.a.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      // Started on a: the bot's first bid is a's to play, 3 s from now.
      const { gameID } = await pia.on.a.lobbies.start.mutate({ lobbyID });
      const rng = seededRng(7);
      // Pia bids through a: now only the bot is due, and only a has a timer for it.
      const first = decide(await pia.on.a.games.state.query({ gameID }), pia.guest.userID, rng);
      expect(first?.type).toBe('BID');
      const { sequenceID } = await pia.on.a.games.act.mutate({ gameID, action: first! });
      // Pia's page is served by b too (a second tab, a reconnection): b has read the game there.
      expect((await pia.on.b.games.state.query({ gameID })).sequenceID).toBe(sequenceID);
      // a goes down before its bot moves (a close clears its timers, as a crash loses them).
      await a.close();

      const seat = playSeat(pia.on.b, gameID, pia.guest.userID, rng);
      await Promise.race([
        seat.done,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`the game stopped at step ${seat.last?.sequenceID ?? '?'}: nobody played the bot`)), 120_000)),
      ]);
      const { stored, replayed } = await replayStored(b.app.services.db.kysely, gameID);
      expect(stored.gameEndTimestamp).not.toBeNull();
      expect(replayed).toEqual(stored);
    } finally {
      pia.close();
    }
  });
});
