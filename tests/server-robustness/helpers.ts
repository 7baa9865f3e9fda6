/**
 * Shared by the robustness tests and the load benchmark: a client's game view rebuilt from the
 * wire, a player that answers its own pending decisions, a private PostgreSQL database per suite
 * (so these files never drop the tables another test file is using) and the consistency check
 * every suite ends with: the stored state re-derives, bit for bit, from the stored actions.
 */
import { SERVER_MAIN } from '../../bin/build-server.mjs';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { validMove } from '../../src/bots/valid-move.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import {
  advance,
  applyAction,
  buildCardSet,
  createGame,
  pendingDecision,
  rngFromState,
  xoroshiroState,
  type Action,
  type Game,
  type GameView,
  type Rng,
} from '../../src/engine/index.js';
import type { Database } from '../../src/server/db/schema.js';
import { loadActions, loadGame, type StoredAction } from '../../src/server/services/game-store.js';
import type { WireDelivery, WireUpdate } from '../../src/server/services/game-views.js';
import { wholeUpdates } from '../support/game-updates.js';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres.js';

/** A client's view of a game from one wire update, with the card set rebuilt from the definitions. */
export function viewOf(update: WireUpdate): GameView {
  const cardSet = buildCardSet(GAME_DEFINITIONS, update.game.modules);
  return { ...update.game, cardsByID: cardSet.cardsByID, tributeCardsByID: cardSet.tributeCardsByID, events: [] };
}

/** What a seated player would do now on its own view (a seeded random legal move), or null. */
export function decide(update: WireUpdate, userID: string, rng: Rng): Action | null {
  const view = viewOf(update);
  const decision = pendingDecision(view, userID);
  if (!decision || decision.type === 'WAIT_FOR_OTHERS') return null;
  return validMove(view, userID, rng);
}

/** Whether a seated player has something to decide on this view. */
export function hasDecision(update: WireUpdate, userID: string): boolean {
  const decision = pendingDecision(viewOf(update), userID);
  return decision !== null && decision.type !== 'WAIT_FOR_OTHERS';
}

export const seededRng = (seed: number): Rng => rngFromState(xoroshiroState(seed));

/**
 * A database of its own next to TEST_DATABASE_URL (tests/support/postgres.ts), so suites that run
 * in parallel never reset each other's tables; `dropPrivateDatabase` drops it.
 */
export async function privateDatabase(baseUrl: string, label: string): Promise<string> {
  const created = await createPostgresDatabase(baseUrl, label);
  made.set(created.url, created);
  return created.url;
}

const made = new Map<string, PostgresDatabase>();

/** Drops what privateDatabase made, so a test run leaves the PostgreSQL server as it found it. */
export async function dropPrivateDatabase(_baseUrl: string, privateUrl: string): Promise<void> {
  await made.get(privateUrl)?.drop();
  made.delete(privateUrl);
}

export interface Replayed {
  stored: Game;
  replayed: Game;
  actions: StoredAction[];
}

/**
 * Replays a stored game's actions through the engine from its seed, setup and start time, and
 * checks each action's stored sequenceID is exactly the step the replay reaches. Throws on any
 * refusal or gap; returns both games for a deep comparison.
 */
export async function replayStored(db: Kysely<Database>, gameID: string): Promise<Replayed> {
  const stored = await loadGame(db, gameID);
  if (!stored) throw new Error(`game ${gameID} is not stored`);
  const actions = await loadActions(db, gameID);
  const start = stored.gameStartTimestamp;
  let game = advance(
    createGame(
      {
        id: stored.id,
        players: stored.players.map((p) => ({ userID: p.userID, botType: p.botType })),
        options: stored.options,
        modules: stored.modules,
        scoring: stored.scoring,
        definitions: GAME_DEFINITIONS,
      },
      // A game started from a lobby was mixed from the server's secret and the seats' values.
      stored.serverSecret !== null && stored.seedContributions !== null ? { serverSecret: stored.serverSecret, contributions: stored.seedContributions } : stored.seed,
      start,
    ),
    start,
  ).game;
  for (const stored of actions) {
    const result = applyAction(game, stored.userID, stored.action, stored.at);
    if (!result.ok) throw new Error(`stored action ${stored.sequenceID} of ${gameID} is refused on replay: ${result.message}`);
    if (result.game.sequenceID !== stored.sequenceID) {
      throw new Error(`stored action of ${gameID} has sequenceID ${stored.sequenceID}, the replay reached ${result.game.sequenceID}`);
    }
    game = advance(result.game, stored.at).game;
  }
  return { stored, replayed: game, actions };
}

/** The raw rows of game_actions, for uniqueness checks independent of loadActions. */
export async function actionRows(db: Kysely<Database>, gameID: string): Promise<{ sequence_id: number; user_id: string; action_json: string }[]> {
  return db.selectFrom('game_actions').select(['sequence_id', 'user_id', 'action_json']).where('game_id', '=', gameID).orderBy('sequence_id').execute();
}

export { until } from '../support/until.js';

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** The two calls a seat needs; any tRPC client of the app router fits. */
export interface SeatClient {
  games: {
    act: { mutate(input: { gameID: string; action: Action }): Promise<{ sequenceID: number }> };
    onGame: {
      subscribe(
        input: { gameID: string },
        handlers: { onData(delivery: WireDelivery): void; onError(error: unknown): void },
      ): { unsubscribe(): void };
    };
  };
}

export interface Acknowledged {
  action: Action;
  /** performance.now() when the acknowledgement arrived. */
  at: number;
  /** The view the decision was made on. */
  viewSequenceID: number;
  /** The game's sequenceID in the acknowledgement. */
  sequenceID: number;
  /** Milliseconds from sending games.act to its acknowledgement. */
  roundTripMs: number;
}

export interface Seat {
  acknowledged: Acknowledged[];
  refusals: string[];
  /** Every sequenceID this seat's subscription delivered, in order. */
  seen: number[];
  last: WireUpdate | null;
  /** Settles when the game has ended (or the subscription failed). */
  done: Promise<void>;
  stop(): void;
}

/**
 * A human at a seat: subscribed to games.onGame, acting on its own view as soon as it has a
 * decision, one action at a time, never twice on the same view, nor on a view older than its
 * last acknowledgement. A refusal is recorded; the seat then waits for a newer view.
 */
export function playSeat(client: SeatClient, gameID: string, userID: string, rng: Rng, options: { until?: (update: WireUpdate) => boolean } = {}): Seat {
  const seat: Seat = { acknowledged: [], refusals: [], seen: [], last: null, done: Promise.resolve(), stop: () => undefined };
  let busy = false;
  let inflight: Promise<unknown> = Promise.resolve();
  let actedOn = -1;
  let finish!: () => void;
  let fail!: (error: unknown) => void;
  seat.done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const stopAt = options.until ?? ((update: WireUpdate) => update.game.gameEndTimestamp !== null);
  let stopped = false;

  const step = (): void => {
    const update = seat.last;
    if (stopped || busy || !update || update.sequenceID <= actedOn) return;
    const action = decide(update, userID, rng);
    if (!action) return;
    busy = true;
    actedOn = update.sequenceID;
    const sent = performance.now();
    inflight = client.games.act.mutate({ gameID, action }).then(
      (ack) => {
        const at = performance.now();
        seat.acknowledged.push({ action, at, viewSequenceID: update.sequenceID, sequenceID: ack.sequenceID, roundTripMs: at - sent });
        // An update older than the acknowledged state may still be on its way (on PostgreSQL the
        // bus lags the answer): a view without this action must not prompt it again.
        actedOn = Math.max(actedOn, ack.sequenceID - 1);
        busy = false;
        step();
      },
      (error: unknown) => {
        seat.refusals.push(`${(error as Error).message} (on view ${update.sequenceID}, latest ${seat.last?.sequenceID})`);
        busy = false;
        step();
      },
    );
  };

  const subscription = client.games.onGame.subscribe(
    { gameID },
    {
      onData: wholeUpdates((update) => {
        seat.seen.push(update.sequenceID);
        if (seat.last && update.sequenceID <= seat.last.sequenceID) return;
        seat.last = update;
        if (stopAt(update)) {
          // The acknowledgement of the move that ended the game may still be on its way.
          stopped = true;
          void inflight.then(finish);
          return;
        }
        step();
      }, (error) => {
        stopped = true;
        fail(error);
      }),
      onError(error) {
        stopped = true;
        fail(error);
      },
    },
  );
  seat.stop = () => {
    stopped = true;
    subscription.unsubscribe();
    finish();
  };
  void seat.done.then(
    () => subscription.unsubscribe(),
    () => subscription.unsubscribe(),
  );
  return seat;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The "N unfinished games resumed" count from the start-up log line. */
  resumed: number;
  exited: Promise<number | null>;
}

/**
 * Starts the real server as `npm start` runs it (`node dist/server/src/server/main.js`, compiled by
 * the node tests' global setup) on loopback and waits for its start-up line, which needs LOG_LEVEL
 * info or lower. Its /channel stays on the main port. Without a PORT the system chooses one as the
 * server listens (read back from that line): a port found free beforehand can be taken by another
 * process before the server binds it, which a loaded machine once did.
 * `tsx: true` runs `src/server/main.ts` through tsx instead, for `nodeOptions` that `--import` a
 * TypeScript module patching the server's own TypeScript modules (the crash test's kill point).
 */
export async function startServerProcess(env: Record<string, string>, nodeOptions: string[] = [], { tsx = false } = {}): Promise<ServerProcess> {
  const entry = tsx ? ['--import', 'tsx', ...nodeOptions, 'src/server/main.ts'] : ['--enable-source-maps', ...nodeOptions, SERVER_MAIN];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    // Every client connects from 127.0.0.1, and hosts start table after table: these limits have
    // tests of their own.
    env: { ...process.env, HOST: '127.0.0.1', CHANNEL_PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'info', MAX_SOCKETS_PER_ADDRESS: '100000', SOCKET_OPENS_PER_ADDRESS: '100000', MAX_CONNECTIONS_PER_ADDRESS: '100000', SUBSCRIPTIONS_PER_ADDRESS: '100000', REQUESTS_PER_ADDRESS: '100000', LOBBY_CHANGES_PER_USER: '100000', GAMES_PER_USER_PER_HOUR: '100000', GAMES_PER_ADDRESS_PER_HOUR: '100000', LOBBIES_PER_ADDRESS: '100000', GAME_OPENS_PER_USER: '100000', RATE_SHARED_ADDRESSES: '1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)));
  const started = await new Promise<{ port: number; resumed: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 30 s: ${errors}`)), 30_000);
    let started = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (started) return; // the per-action log lines are read and dropped
      output = (output + chunk.toString()).slice(-10_000);
      const match = /serving http:\/\/localhost:(\d+) \([^;]*; (\d+) unfinished games resumed/.exec(output);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve({ port: Number(match[1]), resumed: Number(match[2]) });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it started: ${errors}`));
    });
  });
  return { child, url: `http://127.0.0.1:${started.port}`, resumed: started.resumed, exited };
}
