/**
 * Crash safety: the real server process (the compiled `dist/server/src/server/main.js` that
 * `npm start` runs, SQLite under a temporary DATA_DIR) is killed with SIGKILL in the middle of
 * several games whose bots act on timers, then started again on the same directory. Every action
 * a client saw acknowledged is stored, every update a subscriber saw is durable, and the games run
 * on to their end by themselves (main.ts resumes their bots), re-deriving exactly from their
 * stored actions. And killed at the two points of the step log that matter (kill-point.ts, which
 * patches the TypeScript module, so that server runs through tsx): after a person's step is
 * appended but before its group commits (the step is gone, and was never answered), and after the
 * commit but before the answer (the step is stored, though never answered).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pendingDecision } from '../../src/engine/index.js';
import { openDatabase } from '../../src/server/db/database.js';
import { requestJWT } from '../compat/protocol-client.js';
import { clientFor, signInGuest, type Guest } from '../server/support.js';
import { hasDecision, playSeat, replayStored, seededRng, startServerProcess, until, type Seat, type ServerProcess } from './helpers.js';

const GAMES = 4;
const BOTS_PER_GAME = 3;

/**
 * The server as `npm start` runs it, on a data directory, its bots on 20 ms timers: on a port of
 * the system's choosing, or on `port` (a restart on the port the killed server had, where its
 * clients come back).
 */
const startProcess = (dataDir: string, port?: number) =>
  startServerProcess({ ...(port === undefined ? {} : { PORT: String(port) }), DATA_DIR: dataDir, BOT_DELAY_MS: '20', SESSION_SECRET: 'crash-test-secret', NODE_ENV: 'production' });
/** The port a started server listens on. */
const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

interface Table {
  guest: Guest;
  gameID: string;
  seat: Seat | null;
}

describe('a server killed mid-game', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-crash-'));
  const running: ServerProcess[] = [];
  const closers: (() => void)[] = [];

  afterAll(async () => {
    for (const close of closers) close();
    for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    await Promise.all(running.map((r) => r.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged action and finishes its games after a restart', async () => {
    const first = await startProcess(dataDir);
    running.push(first);
    expect(first.resumed).toBe(0);

    // Several games of one person and three bots each; the person plays from a client.
    const tables: Table[] = [];
    for (let g = 0; g < GAMES; g++) {
      const guest = await signInGuest(first, `Crash${g}`);
      closers.push(guest.close);
      const { id: lobbyID } = await guest.client.lobbies.create.mutate();
      for (let b = 0; b < BOTS_PER_GAME; b++) await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
      const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });
      tables.push({ guest, gameID, seat: null });
    }
    for (const [g, t] of tables.entries()) t.seat = playSeat(t.guest.client, t.gameID, t.guest.userID, seededRng(500 + g));

    // Kill it mid-game: once every game is well under way (none has ended), at a moment the
    // first game waits on its bots (their 20 ms timers are running).
    await until(
      () => tables.every((t) => (t.seat!.last?.sequenceID ?? 0) >= 60) && !hasDecision(tables[0]!.seat!.last!, tables[0]!.guest.userID),
      30_000,
      'every game to reach sequenceID 60 and the first to wait on its bots',
    );
    first.child.kill('SIGKILL');
    await first.exited;
    for (const t of tables) t.seat!.stop();
    const acknowledgedBefore = tables.map((t) => [...t.seat!.acknowledged]);
    const seenBefore = tables.map((t) => Math.max(...t.seat!.seen));
    for (const t of tables) expect(t.seat!.last!.game.gameEndTimestamp).toBeNull();

    // Straight after the kill, before any restart: the file holds everything acknowledged.
    const db = openDatabase({ databaseUrl: null, dataDir });
    /**
     * The games a bot owed a move in when the process died, at the sequenceID it died at (the
     * person may owe one too: in a turn's bidding everyone does, and on a slow machine the
     * person's answer is often still on its way).
     */
    const waitingOnBots = new Map<string, number>();
    try {
      for (const [g, t] of tables.entries()) {
        const { stored, actions } = await replayStored(db.kysely, t.gameID);
        const botOwes = stored.players.some((p) => {
          if (p.botType === null) return false;
          const decision = pendingDecision(stored, p.userID);
          return decision !== null && decision.type !== 'WAIT_FOR_OTHERS';
        });
        if (botOwes) waitingOnBots.set(t.gameID, stored.sequenceID);
        expect(stored.sequenceID).toBeGreaterThanOrEqual(seenBefore[g]!);
        const mine = actions.filter((a) => a.userID === t.guest.userID);
        // Each acknowledged action, in order, committed before its answer; at most one more
        // (sent, stored, never answered).
        expect(mine.slice(0, acknowledgedBefore[g]!.length).map((a) => a.action)).toEqual(acknowledgedBefore[g]!.map((a) => a.action));
        expect(mine.length - acknowledgedBefore[g]!.length).toBeLessThanOrEqual(1);
        for (const [k, ack] of acknowledgedBefore[g]!.entries()) expect(mine[k]!.sequenceID).toBeLessThanOrEqual(ack.sequenceID);
      }
    } finally {
      await db.close();
    }

    // Restart on the same directory: the unfinished games are resumed and run to their end,
    // the person reconnecting with the same session.
    const second = await startProcess(dataDir, portOf(first));
    running.push(second);
    expect(second.resumed).toBe(GAMES);
    // With the person still away, the games whose bots owed a move move on: their bots resumed.
    // (The kill came while the first game waited on its bots, so one did at least.)
    expect(waitingOnBots.size).toBeGreaterThan(0);
    const watcher = await signInGuest(second, 'Watcher');
    closers.push(watcher.close);
    await until(
      async () => {
        for (const [gameID, sequenceID] of waitingOnBots) if ((await watcher.client.games.state.query({ gameID })).sequenceID <= sequenceID) return false;
        return true;
      },
      10_000,
      'the bots of the games they were due to move to act after the restart',
    );
    for (const [g, t] of tables.entries()) {
      const jwt = await requestJWT(second.url, t.guest.cookie);
      const { client, close } = clientFor(second, t.guest.cookie, jwt);
      closers.push(close);
      t.seat = playSeat(client, t.gameID, t.guest.userID, seededRng(900 + g));
    }
    await Promise.race([
      Promise.all(tables.map((t) => t.seat!.done)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the games did not finish in 45 s after the restart')), 45_000)),
    ]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const after = openDatabase({ databaseUrl: null, dataDir });
    try {
      for (const [g, t] of tables.entries()) {
        const { stored, replayed, actions } = await replayStored(after.kysely, t.gameID);
        expect(stored.gameEndTimestamp).not.toBeNull();
        expect(replayed).toEqual(stored);
        expect(t.seat!.last!.sequenceID).toBe(stored.sequenceID);
        const mine = actions.filter((a) => a.userID === t.guest.userID).map((a) => a.action);
        const before = acknowledgedBefore[g]!.map((a) => a.action);
        const afterRestart = t.seat!.acknowledged.map((a) => a.action);
        expect(mine.slice(0, before.length)).toEqual(before);
        expect(mine.slice(mine.length - afterRestart.length)).toEqual(afterRestart);
        expect(mine.length - before.length - afterRestart.length).toBeLessThanOrEqual(1);
        expect(t.seat!.refusals).toEqual([]);
        // The bots made most of the moves, before and after the kill.
        expect(actions.length - mine.length).toBeGreaterThan(2 * mine.length);
      }
    } finally {
      await after.close();
    }
  }, 90_000);
});

describe.each(['append', 'commit'] as const)('a server killed after a step is %sed, before its answer', (point) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mythos-kill-${point}-`));
  const running: ServerProcess[] = [];
  const closers: (() => void)[] = [];
  /** The person's step the process dies on. */
  const KILL_ON_STEP = 5;

  afterAll(async () => {
    for (const close of closers) close();
    for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    await Promise.all(running.map((r) => r.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged action, and the unanswered one only if it committed', async () => {
    const killPoint = pathToFileURL(path.join(import.meta.dirname, 'kill-point.ts')).href;
    const first = await startServerProcess(
      { DATA_DIR: dataDir, BOT_DELAY_MS: '20', SESSION_SECRET: 'crash-test-secret', NODE_ENV: 'production', KILL_POINT: point, KILL_ON_STEP: String(KILL_ON_STEP) },
      ['--import', killPoint],
      // The kill point patches the TypeScript module the server loads: the server through tsx.
      { tsx: true },
    );
    running.push(first);
    const guest = await signInGuest(first, 'Killed');
    closers.push(guest.close);
    const { id: lobbyID } = await guest.client.lobbies.create.mutate();
    for (let b = 0; b < BOTS_PER_GAME; b++) await guest.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
    const { gameID } = await guest.client.lobbies.start.mutate({ lobbyID });
    const seat = playSeat(guest.client, gameID, guest.userID, seededRng(77));
    await Promise.race([first.exited, new Promise((_, reject) => setTimeout(() => reject(new Error('the kill point was not reached in 30 s')), 30_000))]);
    expect(first.child.signalCode).toBe('SIGKILL');
    seat.stop();
    const acknowledged = seat.acknowledged.map((a) => a.action);
    // The person acts one step at a time: the step the process died on was never answered.
    expect(acknowledged).toHaveLength(KILL_ON_STEP - 1);

    const db = openDatabase({ databaseUrl: null, dataDir });
    try {
      const { stored, replayed, actions } = await replayStored(db.kysely, gameID);
      // The stored game (snapshot and logged tail) is the game its log re-runs to from the start.
      expect(replayed).toEqual(stored);
      expect(stored.sequenceID).toBeGreaterThanOrEqual(Math.max(...seat.seen));
      const mine = actions.filter((a) => a.userID === guest.userID).map((a) => a.action);
      expect(mine.slice(0, acknowledged.length)).toEqual(acknowledged);
      expect(mine).toHaveLength(point === 'commit' ? KILL_ON_STEP : KILL_ON_STEP - 1);
    } finally {
      await db.close();
    }

    // Restarted without a kill point, the game runs on to its end from what was stored.
    const second = await startProcess(dataDir, portOf(first));
    running.push(second);
    expect(second.resumed).toBe(1);
    const jwt = await requestJWT(second.url, guest.cookie);
    const { client, close } = clientFor(second, guest.cookie, jwt);
    closers.push(close);
    const again = playSeat(client, gameID, guest.userID, seededRng(78));
    await Promise.race([again.done, new Promise((_, reject) => setTimeout(() => reject(new Error('the game did not finish in 45 s after the restart')), 45_000))]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const after = openDatabase({ databaseUrl: null, dataDir });
    try {
      const { stored, replayed } = await replayStored(after.kysely, gameID);
      expect(stored.gameEndTimestamp).not.toBeNull();
      expect(replayed).toEqual(stored);
      expect(again.refusals).toEqual([]);
    } finally {
      await after.close();
    }
  }, 90_000);
});
