/**
 * The browser's replay rebuilds a finished game from what `replays.get` serves (src/engine/replay.ts,
 * the module the page runs): random games played through the real server (people acting, bots
 * answering, chat steps, a player leaving so stand-ins finish, mixed and unmixed seeds, random
 * options and modules) are rebuilt, and every step the server stored equals the rebuilt state at
 * that step, the last one the stored final state; the fair-dice check passes for each, and each
 * game's exported file is that game as its record says (what /replay checks). A running game's
 * record (and so its seed) is refused.
 */
import { randomBytes } from 'node:crypto';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { validMove } from '../../src/bots/valid-move.js';
import { GAME_OPTION_KEYS, pendingDecision, randomInt, rngFromState, xoroshiroState, type BotType, type Game, type GameOptions, type ModuleKey, type UserID } from '../../src/engine/index.js';
import { firstDifference, rebuild, snapshotOf, verify, type GameRecord } from '../../src/engine/replay.js';
import { momentsOf, turnStep } from '../../src/web/replay/moments.js';
import { siteRecordDifference } from '../../src/web/replay/site-record.js';
import { forfeitsInFile } from '../../src/shared/forfeit.js';
import { gameRecord, notEnded } from '../../src/server/services/replays.js';
import type { StepLog } from '../../src/server/services/step-log.js';
import type { Database } from '../../src/server/db/schema.js';
import { loadGame } from '../../src/server/services/game-store.js';
import { checkReplay } from '../../src/engine/replay-file.js';
import { recordOfReplayFile } from '../../src/engine/replay-record.js';
import { exportedFileText } from '../support/exported-replay.js';
import { runs } from '../support/test-depth.js';
import { useServer } from './databases.js';
import { signInGuest } from './support.js';

const GAMES = Number(process.env.REPLAY_GAMES ?? runs(10, 50));
const BOTS: BotType[] = ['easy_bot', 'valid_move', 'random_card'];

/** Without the card set (compared once a game) and as JSON sees it. */
const comparable = (game: Game) => JSON.parse(JSON.stringify({ ...snapshotOf(game), events: game.events })) as unknown;

describe('replays rebuilt in the browser code path', () => {
  const suite = useServer('sqlite');

  it(`equal the server's stored state at every step, for ${GAMES} random finished games`, async () => {
    const { app } = suite().server;
    const games = app.services.games;
    // Every state the server stores, by game and sequenceID: the step log's appends.
    const stored = new Map<string, Map<number, Game>>();
    const keep = (game: Game) => {
      let byStep = stored.get(game.id);
      if (!byStep) stored.set(game.id, (byStep = new Map()));
      byStep.set(game.sequenceID, game);
    };
    const log = (games as unknown as { log: StepLog }).log;
    const append = log.append.bind(log);
    log.append = (step) => {
      keep(step.game);
      return append(step);
    };
    const modules = app.services.definitions.modules.filter((m) => m.state !== 'disabled').map((m) => m.key as ModuleKey);
    const rng = rngFromState(xoroshiroState(32));
    const pick = (n: number) => randomInt(rng, 0, n - 1);
    const chance = (p: number) => randomInt(rng, 0, 999) < p * 1000;

    let compared = 0;
    for (let g = 0; g < GAMES; g++) {
      const people = 1 + pick(2);
      const bots = 1 + pick(3);
      const players = [
        ...Array.from({ length: people }, (_, i) => ({ userID: `person${g}_${i}`, botType: null })),
        ...Array.from({ length: bots }, (_, i) => ({ userID: `bot${g}_${i}`, botType: BOTS[pick(BOTS.length)]! })),
      ];
      const options: Partial<GameOptions> = {};
      for (const key of GAME_OPTION_KEYS) if (chance(0.25)) options[key] = true;
      const chosen = chance(0.3) && modules.length > 0 ? [modules[pick(modules.length)]!] : [];
      const mixed = g % 2 === 0;
      const seedMix = mixed
        ? { serverSecret: randomBytes(32).toString('hex'), contributions: players.map((p) => ({ userID: p.userID, value: p.botType ? '' : `value ${g} ${p.userID}` })) }
        : undefined;
      const id = `replay-${g}`;
      keep(await games.create({ id, lobbyID: null, players, options, modules: chosen, ...(seedMix ? { seedMix } : {}) }));
      const leaveAt = people > 1 && g % 3 === 0 ? 20 + pick(60) : -1;
      let left: UserID | null = null;
      for (let step = 0; step < 5_000; step++) {
        const game = (await games.get(id))!;
        if (game.gameEndTimestamp !== null) break;
        // The first person leaves on or after the chosen step, while owing a decision: a stand-in
        // must then take it (leaving after their last decision of the game would leave nothing to
        // stand in for, and the steps count the loop's waits, which a loaded machine lengthens).
        if (leaveAt >= 0 && left === null && step >= leaveAt && (pendingDecision(game, players[0]!.userID)?.type ?? 'WAIT_FOR_OTHERS') !== 'WAIT_FOR_OTHERS') {
          left = players[0]!.userID;
          await games.leave(id, left);
          continue;
        }
        const mover = players.find((p) => p.botType === null && p.userID !== left && (pendingDecision(game, p.userID)?.type ?? 'WAIT_FOR_OTHERS') !== 'WAIT_FOR_OTHERS');
        if (!mover) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        if (step % 11 === 5) await games.chat(id, mover.userID, `step ${step}`);
        const action = validMove(game, mover.userID, rng)!;
        expect(await games.act(id, mover.userID, action)).toMatchObject({ ok: true });
      }
      await expect.poll(async () => (await games.get(id))!.gameEndTimestamp, { timeout: 30_000 }).not.toBeNull();
      await log.idle();

      const record = await gameRecord(app.services.db, id);
      const rebuilt = rebuild(record);
      expect(rebuilt.stopped).toBeNull();
      const byStep = stored.get(id)!;
      const seen = new Set<number>();
      for (const { game } of rebuilt.steps) {
        const server = byStep.get(game.sequenceID);
        if (!server) continue;
        seen.add(game.sequenceID);
        const difference = firstDifference(comparable(server), comparable(game), `game ${id} step ${game.sequenceID}`);
        expect(difference).toBeNull();
        compared++;
      }
      // Every stored step was rebuilt, and the stored card set is the rebuilt one.
      expect([...byStep.keys()].filter((s) => !seen.has(s))).toEqual([]);
      const last = rebuilt.steps[rebuilt.steps.length - 1]!.game;
      const final = (await loadGame(app.services.db.kysely, id))!;
      expect(last.sequenceID).toBe(final.sequenceID);
      expect(firstDifference(comparable(final), comparable(last), 'final')).toBeNull();
      expect(firstDifference(JSON.parse(JSON.stringify([final.cardsByID, final.tributeCardsByID])), JSON.parse(JSON.stringify([last.cardsByID, last.tributeCardsByID])))).toBeNull();
      expect(verify(record, rebuilt)).toMatchObject({ ok: true, commitment: final.seedCommitment, seed: final.seed });
      if (left) expect(last.events.some((e) => e.type === 'STAND_IN')).toBe(true);
      // The game's own file, opened at /replay, is the game this record is: its chat steps left
      // out, its stand-ins' marks beside their actions, its card set read again, all the same.
      const file = checkReplay(JSON.parse(await exportedFileText(app.services.db, id)));
      expect(siteRecordDifference(record, { record: recordOfReplayFile(file), actions: file.actions, forfeits: forfeitsInFile(file) })).toBeNull();
    }
    expect(compared).toBeGreaterThan(GAMES * 20);
  }, 600_000);

  it("refuses a running game's record, and serves a finished one's through tRPC", async () => {
    const { app } = suite().server;
    const guest = await signInGuest(suite().server, 'Watcher');
    const running = await app.services.games.create({
      id: 'replay-running',
      lobbyID: null,
      players: [{ userID: guest.userID, botType: null }, { userID: 'bot-r', botType: 'easy_bot' }],
      options: {},
      modules: [],
    });
    await expect(guest.client.replays.get.query({ gameID: running.id })).rejects.toThrow(notEnded(running.id));
    await expect(guest.client.replays.get.query({ gameID: 'g_nosuchgame' })).rejects.toThrow('not found');
    const finished = await guest.client.replays.get.query({ gameID: 'replay-0' });
    expect(finished.seed).toBe((await loadGame(app.services.db.kysely, 'replay-0'))!.seed);
    expect(verify(finished).ok).toBe(true);

    // Its file, for a player to download: the one `mythos games export` writes, refused as the record is.
    await expect(guest.client.replays.file.query({ gameID: running.id })).rejects.toThrow(notEnded(running.id));
    await expect(guest.client.replays.file.query({ gameID: 'g_nosuchgame' })).rejects.toThrow('Game g_nosuchgame not found');
    const file = await guest.client.replays.file.query({ gameID: 'replay-0' });
    expect(file).toEqual(JSON.parse(await exportedFileText(app.services.db, 'replay-0')));
    const opened = recordOfReplayFile(checkReplay(file));
    expect(verify(opened)).toMatchObject({ ok: true, seed: finished.seed });
  }, 60_000);

  it('reads a finished game from the database once: asked again, or by many at once, it is served as kept; a refusal is not kept', async () => {
    const { app } = suite().server;
    // The server's database under a Kysely that counts the statements run through it.
    let statements = 0;
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: app.services.db.sqlite! }), log: () => void statements++ });
    const db = { ...app.services.db, kysely };
    const first = await gameRecord(db, 'replay-1');
    expect(statements).toBeGreaterThan(0);
    const reads = statements;
    const again = await Promise.all(Array.from({ length: 5 }, () => gameRecord(db, 'replay-1')));
    expect(statements).toBe(reads);
    for (const record of again) expect(record).toBe(first);
    // Many at once for a record not yet kept: one read between them.
    statements = 0;
    const together = await Promise.all(Array.from({ length: 5 }, () => gameRecord(db, 'replay-2')));
    expect(statements).toBe(reads);
    expect(new Set(together).size).toBe(1);
    // A refusal is asked of the database each time (the game may end, or be stored, later).
    statements = 0;
    await expect(gameRecord(db, 'g_nosuchgame')).rejects.toThrow('not found');
    await expect(gameRecord(db, 'g_nosuchgame')).rejects.toThrow('not found');
    expect(statements).toBe(2);
  }, 60_000);
  it('names the first thing that does not hold: the secret, the seed, a refused action, a die, the final state', async () => {
    const record = await gameRecord(suite().server.app.services.db, 'replay-0');
    const copy = (): GameRecord => JSON.parse(JSON.stringify(record)) as GameRecord;
    const problem = (r: GameRecord) => {
      const v = verify(r);
      return v.ok ? 'ok' : v.problem;
    };
    expect(problem(copy())).toBe('ok');
    const secret = copy();
    secret.serverSecret = secret.serverSecret!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(problem(secret)).toMatch(/^The revealed server secret does not match the commitment its lobby showed/);
    const value = copy();
    value.seedContributions![0]!.value = 'another value';
    expect(problem(value)).toMatch(/^The seed is not the mix of the server's secret and the players' values/);
    const commitment = copy();
    commitment.seedCommitment = '0'.repeat(64);
    expect(problem(commitment)).toMatch(/^The revealed seed does not match the commitment shown from the first turn/);
    const dropped = copy();
    dropped.log = dropped.log.filter((_, i) => i !== 3);
    expect(problem(dropped)).toMatch(/^The game cannot be rebuilt from its seed and actions: log entry 3/);
    // A die changed: in the first game played with a clash (a game may have none).
    let die: GameRecord | null = null;
    for (let g = 0; g < GAMES && !die; g++) {
      const played = await gameRecord(suite().server.app.services.db, `replay-${g}`);
      if (played.events.some((e) => e.type === 'CONFLICT_RESULTS')) die = JSON.parse(JSON.stringify(played)) as GameRecord;
    }
    if (!die) throw new Error(`none of the ${GAMES} games had a clash`);
    const clash = die.events.find((e) => e.type === 'CONFLICT_RESULTS')!;
    if (clash.type !== 'CONFLICT_RESULTS') throw new Error('no clash');
    const rolls = Object.values(clash.payload.rounds[0]!)[0]!.rolls;
    rolls[0] = (rolls[0]! % 6) + 1;
    // The game is dealt from a fresh secret each run: its first clash may come in any turn.
    expect(problem(die)).toMatch(new RegExp(`^A die differs: event ${die.events.indexOf(clash)} \\(CONFLICT_RESULTS, age ${clash.age}, turn ${clash.turn}\\)`));
    // A log that stops short of the events the server says happened: named, not a crash (the
    // end view's odds chart and the replay page read this).
    const short = copy();
    const lastAction = short.log.map((e) => e.kind).lastIndexOf('action');
    short.log = short.log.slice(0, lastAction);
    expect(problem(short)).toMatch(/^The server logged more events than the seed and actions give \(event \d+: [A-Z_]+, age \d, turn \d\)\.$/);
    // And the other way: a log of events that stops short of what the seed and actions give.
    const fewer = copy();
    fewer.events = fewer.events.slice(0, -1);
    expect(problem(fewer)).toMatch(new RegExp(`^The seed and actions give more events than the server logged \\(event ${fewer.events.length}: \\{"type":"${record.events.at(-1)!.type}"`));
    const final = copy();
    final.final = { ...final.final, winnerIDs: ['someone else'] };
    expect(problem(final)).toMatch(/^The final state differs at final.winnerIDs/);
  });

  it('stops at each action, and steps a turn at a time', async () => {
    const record = await gameRecord(suite().server.app.services.db, 'replay-1');
    const moments = momentsOf(rebuild(record));
    expect(moments.length).toBe(record.log.filter((e) => e.kind === 'action').length + 1);
    expect(moments[0]!.entry).toBeNull();
    const turn = (i: number) => [moments[i]!.game.age, moments[i]!.game.turn].join('/');
    for (const at of [0, 7, Math.floor(moments.length / 2), moments.length - 2]) {
      const next = turnStep(moments, at, 1);
      if (turn(at) === turn(moments.length - 1)) {
        // In the last turn, the next turn is the end.
        expect(next).toBe(moments.length - 1);
        continue;
      }
      expect(turn(next)).not.toBe(turn(at));
      for (let i = at + 1; i < next; i++) expect(turn(i)).toBe(turn(at));
      // Back from the next turn's first moment: the first moment of the turn before it.
      const back = turnStep(moments, next, -1);
      expect(turn(back)).toBe(turn(next - 1));
      if (back > 0) expect(turn(back - 1)).not.toBe(turn(back));
    }
    expect(turnStep(moments, moments.length - 1, 1)).toBe(moments.length - 1);
    expect(turnStep(moments, 0, -1)).toBe(0);
  });
});
