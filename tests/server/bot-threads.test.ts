/**
 * The bots that search decide on worker threads: a thread answers exactly what the bot answers
 * inline (same view, same decision rng), and a live game with an Expert Bot seat is played to
 * its end without the bot ever deciding on the server's event loop.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { playSeats } from '../../src/bots/game-loop.js';
import { botDecision } from '../../src/bots/harness.js';
import { BOTS } from '../../src/bots/index.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { applyAction, pendingDecision, startGame, viewFor, type Game } from '../../src/engine/index.js';
import { BotThreads } from '../../src/server/bots/bot-threads.js';
import { definitionsOf, decisionNow, simpleAction } from './play.js';
import { openLobby, signInRoles } from './roles.js';
import { startServer } from './support.js';

/** Every fourth state of a bot game where seat 0 owes a bid, up to `count`. */
function bidPositions(count: number): Game[] {
  const positions: Game[] = [];
  let bids = 0;
  const start = startGame({ players: [{ userID: 'a', botType: 'basic_bot' }, { userID: 'b', botType: 'easy_bot' }], definitions: GAME_DEFINITIONS }, 11, 0);
  const end = playSeats(start, ({ game, seat }) => {
    if (seat === 0 && pendingDecision(game, 'a')?.type === 'BID' && bids++ % 4 === 0 && positions.length < count) positions.push(game);
    return botDecision(game, seat, 5);
  }, { now: 0, stepMillis: 1_000, refused: () => new Error('refused'), stuck: () => new Error('stuck') });
  expect(end.gameEndTimestamp).not.toBeNull();
  return positions;
}

describe('bot threads', () => {
  const threads = new BotThreads(1);
  afterAll(() => threads.close());

  test('a thread answers what the bot answers inline, for the Expert Bot and a quick bot', async () => {
    const positions = bidPositions(4);
    expect(positions.length).toBe(4);
    for (const game of positions) {
      for (const kind of ['expert_bot', 'basic_bot'] as const) {
        const inline = botDecision(game, 0, 'ab'.repeat(32), kind);
        const view = viewFor(game, 'a');
        const onThread = await threads.decide({ kind, view, userID: 'a', botSeed: 'ab'.repeat(32), seat: 0, sequenceID: game.sequenceID });
        expect(onThread).toEqual(inline);
        expect(onThread?.type).toBe('BID');
      }
    }
  });
});

describe('bot threads shared between people', () => {
  const threads = new BotThreads(1);
  afterAll(() => threads.close());

  test("one person's many games wait their turn: another's request is served next, not after all of theirs", async () => {
    const [game] = bidPositions(1);
    const request = { kind: 'basic_bot' as const, view: viewFor(game!, 'a'), userID: 'a', botSeed: 'ef'.repeat(32), seat: 0, sequenceID: game!.sequenceID };
    const answered: string[] = [];
    const ask = (owner: string, label: string) => threads.decide(request, owner).then(() => answered.push(label));
    // Six of Ann's games ask first (the first is sent to the one thread at once), then one of Bea's.
    const all = [1, 2, 3, 4, 5, 6].map((n) => ask('u_ann', `ann ${n}`));
    all.push(ask('u_bea', 'bea'));
    await Promise.all(all);
    expect(answered).toEqual(['ann 1', 'bea', 'ann 2', 'ann 3', 'ann 4', 'ann 5', 'ann 6']);
  });
});

describe('bot threads with a think time (live play)', () => {
  // One millisecond: every search is cut after its first iteration, the case a busy machine makes.
  const threads = new BotThreads(1, 1);
  afterAll(() => threads.close());

  test('the Expert Bot cut short still answers a bid the rules accept', async () => {
    for (const game of bidPositions(4)) {
      const action = await threads.decide({ kind: 'expert_bot', view: viewFor(game, 'a'), userID: 'a', botSeed: 'cd'.repeat(32), seat: 0, sequenceID: game.sequenceID });
      expect(action?.type).toBe('BID');
      expect(applyAction(game, 'a', action!, game.updateTimestamp + 1).ok).toBe(true);
    }
  });

  test('a bot that does not search answers exactly as inline', async () => {
    for (const game of bidPositions(2)) {
      const inline = botDecision(game, 0, 'cd'.repeat(32), 'basic_bot');
      const onThread = await threads.decide({ kind: 'basic_bot', view: viewFor(game, 'a'), userID: 'a', botSeed: 'cd'.repeat(32), seat: 0, sequenceID: game.sequenceID });
      expect(onThread).toEqual(inline);
    }
  });
});

describe('an Expert Bot at a live table', () => {
  test('its bids are worked out on the bot threads, never on the event loop, and the game plays to its end', { timeout: 300_000 }, async () => {
    // The server runs in this process: the Expert Bot deciding on this thread would throw here.
    const inline = BOTS.expert_bot.decide;
    let onTheLoop = 0;
    BOTS.expert_bot.decide = (view, userID, rng) => {
      if (view.decision?.type === 'BID') onTheLoop++;
      return inline(view, userID, rng);
    };
    // Each search capped at 50 ms (BOT_THINK_MS, 800 live): where the bids are worked out is what
    // this checks, and fifteen of them at the full budget were most of this file's CPU.
    const server = await startServer({ botDelayMs: 5, botThinkMs: 50 });
    const roles = await signInRoles(server);
    try {
      const { dev } = roles;
      const definitions = await definitionsOf(dev.client);
      const lobbyID = await openLobby(dev);
      await dev.client.lobbies.addBot.mutate({ lobbyID, botType: 'expert_bot' });
      const { gameID } = await dev.client.lobbies.start.mutate({ lobbyID });
      for (let step = 0; ; step++) {
        if (step > 400) throw new Error('the game did not end in 400 steps');
        const { update, decision } = await decisionNow(dev.client, gameID, definitions, dev.userID);
        if (update.game.gameEndTimestamp !== null) break;
        const action = simpleAction(decision);
        if (action) await dev.client.games.act.mutate({ gameID, action });
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const final = await dev.client.games.state.query({ gameID });
      const expert = final.game.players.find((p) => p.botType === 'expert_bot')!;
      // Fifteen turns, a bid each (its BID event when revealed), none of them worked out on this thread.
      expect(final.events.filter((e) => e.type === 'BID' && e.payload.userID === expert.userID)).toHaveLength(15);
      expect(onTheLoop).toBe(0);
    } finally {
      BOTS.expert_bot.decide = inline;
      await roles.close();
      await server.close();
    }
  });
});
