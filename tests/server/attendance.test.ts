/**
 * Absent players: with the turn timer on, a person who lets a decision run out has it played by
 * a stand-in bot, shown to everyone, until they come back (act, or open the game); a game nobody
 * is connected to is finished by bots.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { GameDefinitions } from '../../src/engine/index.js';
import { gameFeed } from './feeds.js';
import { decisionNow, definitionsOf, simpleAction } from './play.js';
import { gameTopic } from '../../src/server/bus/bus.js';
import { FINISH_STEP_DECISIONS } from '../../src/server/services/game-service.js';
import { closedAfterEach, type Guest } from './support.js';
import { untilRead } from '../support/until.js';

const opened = closedAfterEach();

async function twoPeople(overrides: Parameters<typeof opened.start>[0], turnTimer?: 'auto' | 'on' | 'off') {
  const server = await opened.start(overrides);
  const ann = await opened.signIn(server, 'Ann');
  const bob = await opened.signIn(server, 'Bob');
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await bob.client.lobbies.join.mutate({ lobbyID });
  if (turnTimer) await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer });
  const lobby = await ann.client.lobbies.get.query({ lobbyID });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  return { ann, bob, gameID, lobby, definitions: await definitionsOf(ann.client) };
}

/** Plays `who`'s due decision the simple way; false when nothing is due. */
async function play(who: Guest, gameID: string, definitions: GameDefinitions): Promise<boolean> {
  const { decision } = await decisionNow(who.client, gameID, definitions, who.userID);
  const action = simpleAction(decision);
  if (!action) return false;
  await who.client.games.act.mutate({ gameID, action });
  return true;
}

const until = <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 15_000): Promise<T> => untilRead(read, ok, ms, what);

describe('the turn timer', () => {
  it("is 'auto' for a new lobby, which is on with two people", async () => {
    const { lobby } = await twoPeople({ turnTimerSeconds: 1 });
    expect(lobby.turnTimer).toBe('auto');
  });

  it('plays a late decision with a stand-in, shows the seat away, and gives it back when its player acts', async () => {
    const { ann, bob, gameID, definitions } = await twoPeople({ turnTimerSeconds: 1 });
    const start = await ann.client.games.state.query({ gameID });
    expect(start.away).toEqual([]);
    // Ann bids; Bob does nothing.
    expect(await play(ann, gameID, definitions)).toBe(true);
    const waiting = await ann.client.games.state.query({ gameID });
    const bobWaited = await decisionNow(bob.client, gameID, definitions, bob.userID);
    expect(bobWaited.decision?.type).toBe('BID');

    // A second later a stand-in bids for Bob, and everyone sees why.
    const after = await until(
      () => ann.client.games.state.query({ gameID }),
      (u) => u.sequenceID > waiting.sequenceID,
      "the stand-in's move",
    );
    expect(after.away).toEqual([{ userID: bob.userID, reason: 'turn timer' }]);
    const bids = after.events.filter((e) => e.type === 'BID').map((e) => (e.payload as { userID: string }).userID);
    expect(bids).toEqual(expect.arrayContaining([ann.userID, bob.userID]));

    // Bob acts again when something is due for him: the seat is his.
    await until(() => decisionNow(bob.client, gameID, definitions, bob.userID), ({ decision }) => simpleAction(decision) !== null, 'a decision for Bob');
    expect(await play(bob, gameID, definitions)).toBe(true);
    expect((await ann.client.games.state.query({ gameID })).away).toEqual([]);
  });

  it('a player who opens the game again takes the seat back, and the timer starts again', async () => {
    const { ann, bob, gameID, definitions } = await twoPeople({ turnTimerSeconds: 2 });
    await play(ann, gameID, definitions);
    await until(() => ann.client.games.state.query({ gameID }), (u) => u.away.length === 1, 'Bob away');
    // Bob comes back by watching the game; his next decision waits for him.
    const watching = gameFeed(bob.client.games.onGame, { gameID });
    try {
      await watching.until();
      expect((await ann.client.games.state.query({ gameID })).away).toEqual([]);
      await until(() => decisionNow(bob.client, gameID, definitions, bob.userID), ({ decision }) => simpleAction(decision) !== null, 'a decision for Bob');
      const before = await bob.client.games.state.query({ gameID });
      // Half the 2 s timer's time passes: no stand-in may take the decision meanwhile.
      await sleep(1_000);
      const still = await decisionNow(bob.client, gameID, definitions, bob.userID);
      expect(still.update.sequenceID).toBe(before.sequenceID);
      expect(simpleAction(still.decision)).not.toBeNull();
    } finally {
      watching.close();
    }
  });

  it("'off' waits for ever", async () => {
    const { ann, gameID, definitions } = await twoPeople({ turnTimerSeconds: 1 }, 'off');
    await play(ann, gameID, definitions);
    const waiting = await ann.client.games.state.query({ gameID });
    // Well past the 1 s timer: nothing may move the game meanwhile.
    await sleep(1_800);
    const later = await ann.client.games.state.query({ gameID });
    expect(later.sequenceID).toBe(waiting.sequenceID);
    expect(later.away).toEqual([]);
  });

  it('only the host sets it, to one of auto, on and off', async () => {
    const server = await opened.start({});
    const ann = await opened.signIn(server, 'Ann');
    const bob = await opened.signIn(server, 'Bob');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    await expect(bob.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'off' })).rejects.toThrow('Only the host can do that.');
    await expect(ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'sometimes' as 'on' })).rejects.toThrow();
    await ann.client.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: 'on' });
    expect((await bob.client.lobbies.get.query({ lobbyID })).turnTimer).toBe('on');
  });

  it('only the host sets its pace, to one of fast, normal and slow: a third of the server\'s timer, it, or twice it', async () => {
    const server = await opened.start({ turnTimerSeconds: 90 });
    const ann = await opened.signIn(server, 'Ann');
    const bob = await opened.signIn(server, 'Bob');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID });
    expect(await bob.client.lobbies.get.query({ lobbyID })).toMatchObject({ turnPace: 'normal', turnTimerSeconds: 90 });
    await expect(bob.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'fast' })).rejects.toThrow('Only the host can do that.');
    await expect(ann.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'blitz' as 'fast' })).rejects.toThrow();
    expect(await bob.client.lobbies.get.query({ lobbyID })).toMatchObject({ turnPace: 'normal', turnTimerSeconds: 90 });
    await ann.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'fast' });
    expect(await bob.client.lobbies.get.query({ lobbyID })).toMatchObject({ turnPace: 'fast', turnTimerSeconds: 30 });
    await ann.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'slow' });
    expect(await bob.client.lobbies.get.query({ lobbyID })).toMatchObject({ turnPace: 'slow', turnTimerSeconds: 180 });
  });
});

describe('an abandoned game', () => {
  it('is finished by bots once no person has been connected for ABANDONED_GAME_SECONDS', async () => {
    const { ann, gameID, definitions } = await twoPeople({ turnTimerSeconds: 600, abandonedGameSeconds: 1 }, 'off');
    await play(ann, gameID, definitions);
    // Watched from the lobby list: asking for the game's own state would count as being there.
    const lobby = await until(
      async () => (await ann.client.lobbies.list.query()).find((l) => l.game?.id === gameID),
      (l) => l?.status === 'finished',
      'the end of the game',
      30_000,
    );
    expect(lobby?.game?.endTimestamp).not.toBeNull();
    const ended = await ann.client.games.state.query({ gameID });
    expect(ended.game.gameEndTimestamp).not.toBeNull();
  });

  it('with bots that search is finished as a game everyone left is: the quick stand-in plays, many decisions a step', { timeout: 120_000 }, async () => {
    // Left to the Expert Bots, an abandoned game of seven searched for 61 s of CPU on the one bot
    // thread, each decision a step of its own, ahead of the games people were playing.
    const server = await opened.start({ turnTimerSeconds: 600, abandonedGameSeconds: 1, botDelayMs: 5 });
    const ann = await opened.signIn(server, 'Ann');
    const { id: lobbyID } = await ann.client.lobbies.create.mutate();
    for (let i = 0; i < 3; i++) await ann.client.lobbies.addBot.mutate({ lobbyID, botType: 'expert_bot' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    const steps: number[] = [];
    const stop = server.app.services.bus.subscribe(gameTopic(gameID), ({ sequenceID }) => void steps.push(sequenceID));
    try {
      const lobby = await until(
        async () => (await ann.client.lobbies.list.query()).find((l) => l.game?.id === gameID),
        (l) => l?.status === 'finished',
        'the end of the game',
        100_000,
      );
      expect(lobby?.game?.endTimestamp).not.toBeNull();
    } finally {
      stop();
    }
    const db = server.app.services.db.kysely;
    const actions = (await db.selectFrom('game_actions').select('sequence_id').where('game_id', '=', gameID).execute()).map((r) => r.sequence_id);
    const perStep = steps.map((end, i) => actions.filter((a) => a > (i === 0 ? 0 : steps[i - 1]!) && a <= end).length);
    // Nearly every decision in steps of FINISH_STEP_DECISIONS (the Expert Bots, each its own step before).
    expect(actions.length).toBeGreaterThan(40);
    expect(steps.length).toBeLessThan(actions.length / 4);
    expect(Math.max(...perStep)).toBe(FINISH_STEP_DECISIONS);
  });

  it('is not, while someone watches it', async () => {
    const { ann, bob, gameID, definitions } = await twoPeople({ turnTimerSeconds: 600, abandonedGameSeconds: 1 }, 'off');
    const watching = gameFeed(bob.client.games.onGame, { gameID });
    try {
      await watching.until();
      await play(ann, gameID, definitions);
      const waiting = await ann.client.games.state.query({ gameID });
      // Well past the 1 s the game may be left: it may not be ended meanwhile.
      await sleep(1_800);
      expect((await ann.client.games.state.query({ gameID })).sequenceID).toBe(waiting.sequenceID);
    } finally {
      watching.close();
    }
  });
});
