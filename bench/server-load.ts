/**
 * Server load: the real server process (`src/server/main.ts`, NODE_ENV=production) on loopback,
 * and in this process many concurrent games of websocket clients. Each client is one seat: it is
 * subscribed to games.onGame and sends games.act over the same websocket as soon as its own view
 * has a decision (a seeded random legal move, no think time). The same shape as the boardgame.io
 * yardstick: 4 players, 50 games, 200 clients.
 *
 * Reports moves/s (acknowledged actions per second over a fixed window; a finished game's table
 * starts a new one at once), the act round-trip (send -> acknowledgement) p50/p99, the server's
 * CPU, and the unloaded round-trip (one game alone). On SQLite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set (in a database of its own, `<name>_bench`). Bounded: it stops by itself.
 *
 *   npx tsx bench/server-load.ts [--games 50] [--seconds 10] [--warmup 3] [--runs 3] [--db sqlite|postgres|both]
 *                                [--client raw|trpc] [--data-dir /tmp] [--profile] [--whole K] [--instances N]
 *                                [--turn-timer auto|on|off] [--spectators N]
 *                                [--server-node-option --flag ...] [--tsx] [--allocation]
 *
 * --client raw (the default) speaks the tRPC websocket protocol directly, so the numbers are the
 * server's; --client trpc uses @trpc/client's wsLink, as the web client does (it adds a >= 1 ms
 * timer before each send).
 *
 * --whole K: instead of the timed runs, every table plays K games to their end, once; then the
 * database's action log is checked against what the clients were acknowledged: every acknowledged
 * move stored once, no move stored that was not acknowledged, every game ended.
 * --instances N (PostgreSQL): N server processes on the one database; person i signs in at
 * instance i mod N, so the players of a game are spread over the instances and every step crosses
 * the bus. Server CPU and memory are summed over the instances.
 *
 * --spectators N: N spectators a game, each its own signed-in person on its own websocket, doing
 * what a spectator's game page does on the server: it asks for the game's settings once and
 * subscribes to games.onGame (as a spectator: they hold no seat) until the game ends. It counts
 * the updates but does not apply them: a spectator's browser does that on its own machine, and
 * here it would take the cores the server runs on (in a first run it did, with 1,800 patches a
 * second to apply in this process). Each timed run is then played twice, without spectators and with them (in turns, the
 * order swapped each run), and the table has a row for each. The live odds bar costs the server
 * nothing more than this: it is worked out in the spectator's browser (a Web Worker) from the
 * view the subscription already delivers, so "the bar on" is, for the server, spectators watching.
 *
 * The server runs as `npm start` runs it: compiled ahead of time (dist/server, built first when
 * stale), without tsx. --tsx runs `src/server/main.ts` through tsx's loader instead, as the tests
 * do (about 50 MB more at rest).
 *
 * --allocation (with --whole): what the server allocates a move, counted by V8's sampling heap
 * profiler from after a warm-up game to the end of the whole games (bench/allocation-sampler.mjs),
 * with the sites that allocate most; the profile is kept as
 * <tmpdir>/mythos-server-profiles/<database>/allocation-<n>.heapprofile. Bytes a move depend on the code far more than on the
 * machine's load, unlike the CPU and memory figures.
 *
 * --profile writes the server's CPU profiles (--cpu-prof) to <tmpdir>/mythos-server-profiles/<database>/
 * and prints the heaviest functions of its main thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import WebSocket from 'ws';
import { buildServerIfStale } from '../bin/build-server.mjs';
import type { Action } from '../src/engine/index.js';
import type { WireUpdate } from '../src/server/services/game-views.js';
import type { AppRouter } from '../src/server/trpc/router.js';
import { requestJWT } from '../tests/compat/protocol-client.js';
import { wholeUpdates } from '../tests/support/game-updates.js';
import { decide, dropPrivateDatabase, percentile, playSeat, privateDatabase, seededRng, startServerProcess, type Seat, type SeatClient, type ServerProcess } from '../tests/server-robustness/helpers.js';
import { printAllocations } from './allocation-report.js';
import { LOAD_RUN_OPTIONS, benchOptions, choiceOption, numberOption } from './options.js';

/**
 * The command line, each `--server-node-option` joined to its value: the value is a Node flag
 * (`--max-semi-space-size=32`), which parseArgs would otherwise refuse as an option with no value.
 */
function commandLine(args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--server-node-option' && i + 1 < args.length) joined.push(`--server-node-option=${args[++i]}`);
    else joined.push(args[i]!);
  }
  return joined;
}
const options = benchOptions(
  {
    ...LOAD_RUN_OPTIONS,
    db: { type: 'string', default: 'both' },
    client: { type: 'string', default: 'raw' },
    'data-dir': { type: 'string', default: os.tmpdir() },
    profile: { type: 'boolean', default: false },
    whole: { type: 'string', default: '0' },
    instances: { type: 'string', default: '1' },
    'turn-timer': { type: 'string', default: 'auto' },
    spectators: { type: 'string', default: '0' },
    'server-node-option': { type: 'string', multiple: true, default: [] },
    tsx: { type: 'boolean', default: false },
    allocation: { type: 'boolean', default: false },
  },
  commandLine(process.argv.slice(2)),
);
const GAMES = numberOption('games', options.games);
const SECONDS = numberOption('seconds', options.seconds);
const WARMUP = numberOption('warmup', options.warmup);
const RUNS = numberOption('runs', options.runs);
const PROFILE = options.profile;
/** The server through tsx instead of compiled as `npm start` runs it (built here first if stale). */
const TSX = options.tsx;
const DB = choiceOption('db', options.db, ['sqlite', 'postgres', 'both']);
const CLIENT = choiceOption('client', options.client, ['raw', 'trpc']);
/** Server processes on one database (PostgreSQL only): person i talks to instance i mod N. */
const INSTANCES = numberOption('instances', options.instances);
/** Instead of timed windows, every table plays this many whole games, and the log is checked. */
const WHOLE = numberOption('whole', options.whole);
/** The lobbies' turn timer: 'auto' (on with two people, as a new lobby has it), 'on' or 'off'. */
const TURN_TIMER = choiceOption('turn-timer', options['turn-timer'], ['auto', 'on', 'off']);
const PLAYERS = 4;
/** Spectators a game (0: none, and each run is played once). */
const SPECTATORS = numberOption('spectators', options.spectators);
/** Node options for the server processes only (not these clients), to try a runtime setting. */
const SERVER_NODE_OPTIONS = options['server-node-option'];
/** The server's allocations over the whole games, sampled (bench/allocation-sampler.mjs). */
const ALLOCATION = options.allocation;
if (ALLOCATION && WHOLE === 0) {
  console.error('--allocation counts over whole games: give --whole K too');
  process.exit(2);
}
// Built after the command line is read, so that a mistake in it stops the bench at once.
if (!TSX) buildServerIfStale();

type Client = TRPCClient<AppRouter>;

/** The calls the bench makes: lobby set-up, and the seat's subscription and moves (SeatClient). */
interface Person extends SeatClient {
  userID: string;
  lobbies: {
    create: { mutate(): Promise<{ id: string }> };
    join: { mutate(input: { lobbyID: string }): Promise<unknown> };
    start: { mutate(input: { lobbyID: string }): Promise<{ gameID: string }> };
    setTurnTimer: { mutate(input: { lobbyID: string; turnTimer: 'auto' | 'on' | 'off' }): Promise<unknown> };
  };
  /** What a spectator's game page asks of the server: the game's settings, then its updates. */
  spectate(gameID: string, onUpdate: () => void, onError: (error: unknown) => void): { unsubscribe(): void };
  close(): void;
}

/** A spectator's tab: the page sends its own id and whether it is shown (attendance). */
const spectatorTab = () => Math.random().toString(36).slice(2, 12);

/**
 * A lean client of the same tRPC websocket protocol (JSON-RPC messages on /trpc): one socket per
 * person, for the lobby calls, the subscription and the moves. Unlike @trpc/client, which waits a
 * timer tick (>= 1 ms in Node) before each send to batch, it sends at once, so the round-trip
 * measured is the server's.
 */
class RawClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve(data: unknown): void; reject(error: Error): void }>();
  private readonly streams = new Map<number, { onData(data: unknown): void; onError(error: unknown): void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (text === 'PING') return socket.send('PONG');
      if (text === 'PONG') return;
      const message = JSON.parse(text) as { id: number; result?: { type: string; data?: unknown }; error?: { message: string } };
      const call = this.pending.get(message.id);
      if (call) {
        this.pending.delete(message.id);
        if (message.error) call.reject(new Error(message.error.message));
        else call.resolve(message.result?.data);
        return;
      }
      const stream = this.streams.get(message.id);
      if (!stream) return;
      if (message.error) stream.onError(new Error(message.error.message));
      else if (message.result?.type === 'data') stream.onData(message.result.data);
    });
  }

  static async open(url: string): Promise<RawClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RawClient(socket);
  }

  call<T>(method: 'query' | 'mutation', path: string, input?: unknown): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (data: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params: { path, input } }));
    });
  }

  subscribe(path: string, input: unknown, handlers: { onData(data: unknown): void; onError(error: unknown): void }): { unsubscribe(): void } {
    const id = this.next++;
    this.streams.set(id, handlers);
    this.socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    return {
      unsubscribe: () => {
        if (!this.streams.delete(id)) return;
        if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
      },
    };
  }

  close(): void {
    this.socket.close();
  }
}

async function signIn(url: string, name: string, kind: 'raw' | 'trpc'): Promise<Person> {
  const response = await fetch(`${url}/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'guest', redirect: '/' }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`guest login failed: ${response.status}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const jwt = await requestJWT(url, cookie);
  const wsURL = `${url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`;
  if (kind === 'trpc') {
    // Everything over one websocket per person, as a browser tab would.
    const ws = createWSClient({ url: wsURL, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket });
    const client: Client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
    const me = await client.session.me.query();
    return {
      userID: me!.id,
      games: client.games,
      lobbies: client.lobbies,
      spectate(gameID, onUpdate, onError) {
        client.games.settings.query({ gameID }).catch(onError);
        return client.games.onGame.subscribe({ gameID, tab: spectatorTab(), visible: true }, { onData: () => onUpdate(), onError });
      },
      close: () => void ws.close(),
    };
  }
  const raw = await RawClient.open(wsURL);
  const me = await raw.call<{ id: string }>('query', 'session.me');
  return {
    userID: me.id,
    games: {
      act: { mutate: (input) => raw.call('mutation', 'games.act', input) },
      onGame: { subscribe: (input, handlers) => raw.subscribe('games.onGame', input, handlers as { onData(data: unknown): void; onError(error: unknown): void }) },
    },
    lobbies: {
      create: { mutate: () => raw.call('mutation', 'lobbies.create') },
      join: { mutate: (input) => raw.call('mutation', 'lobbies.join', input) },
      start: { mutate: (input) => raw.call('mutation', 'lobbies.start', input) },
      setTurnTimer: { mutate: (input) => raw.call('mutation', 'lobbies.setTurnTimer', input) },
    },
    spectate(gameID, onUpdate, onError) {
      raw.call('query', 'games.settings', { gameID }).catch(onError);
      return raw.subscribe('games.onGame', { gameID, tab: spectatorTab(), visible: true }, { onData: () => onUpdate(), onError });
    },
    close: () => raw.close(),
  };
}

interface Window {
  start: number;
  end: number;
}

interface Outcome {
  moves: number;
  seconds: number;
  roundTrips: number[];
  games: number;
  refusals: number;
  serverCpu: number;
  benchCpu: number;
  /** Spectators a game in this run, the updates they received inside the window, and their errors. */
  spectators: number;
  spectatorUpdates: number;
  spectatorErrors: number;
}

/** A process's resident memory now and at its peak, in MB, from /proc. */
function memoryOf(pid: number): { rssMB: number; peakMB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: kB('VmRSS') / 1024, peakMB: kB('VmHWM') / 1024 };
}

/**
 * The server's V8 heap, which /proc cannot show: each server process is started with this module
 * (`--import`), which writes `process.memoryUsage()` and the largest heapUsed it has seen to a file
 * named by its pid twice a second (sampled, so the peak is approximate).
 */
const memoryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-bench-memory-'));
const memorySampler = path.join(memoryDir, 'sampler.mjs');
fs.writeFileSync(
  memorySampler,
  `import fs from 'node:fs';
const file = ${JSON.stringify(memoryDir)} + '/' + process.pid + '.json';
let peakHeapUsed = 0;
setInterval(() => {
  const m = process.memoryUsage();
  peakHeapUsed = Math.max(peakHeapUsed, m.heapUsed);
  fs.writeFileSync(file + '.tmp', JSON.stringify({ ...m, peakHeapUsed }));
  fs.renameSync(file + '.tmp', file);
}, 500).unref();
`,
);

process.on('exit', () => fs.rmSync(memoryDir, { recursive: true, force: true }));

const allocationSampler = path.join(import.meta.dirname, 'allocation-sampler.mjs');

/** Starts or stops a server's allocation sampling; resolves with the file it writes once it has. */
async function signalSampler(server: ServerProcess, file: 'sampling' | 'heapprofile'): Promise<string> {
  const written = path.join(memoryDir, `${server.child.pid}.${file}`);
  fs.rmSync(written, { force: true });
  server.child.kill('SIGUSR2');
  while (!fs.existsSync(written)) await sleep(50);
  return written;
}

/** The last sample of a server's heap, in MB (NaN if none was written yet). */
function heapOf(pid: number): { heapUsedMB: number; peakHeapUsedMB: number; heapTotalMB: number; externalMB: number; arrayBuffersMB: number } {
  const file = path.join(memoryDir, `${pid}.json`);
  const m = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>) : {};
  const mb = (field: string) => (m[field] ?? NaN) / 1024 / 1024;
  return { heapUsedMB: mb('heapUsed'), peakHeapUsedMB: mb('peakHeapUsed'), heapTotalMB: mb('heapTotal'), externalMB: mb('external'), arrayBuffersMB: mb('arrayBuffers') };
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

const serversCpu = (servers: ServerProcess[]) => servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid!), 0);

/**
 * Tables of four play games back to back until the window ends; counts the acknowledgements that
 * arrive inside the window (after a warm-up) and the round-trips of the moves sent inside it.
 */
async function play(servers: ServerProcess[], people: Person[], tables: number, warmupSeconds: number, seconds: number, seed: number, spectators: number): Promise<Outcome> {
  const window: Window = { start: performance.now() + warmupSeconds * 1000, end: performance.now() + (warmupSeconds + seconds) * 1000 };
  const seats: Seat[] = [];
  let games = 0;
  let running = true;
  let spectatorUpdates = 0;
  const spectatorErrors: string[] = [];
  // Spectators sign in after every seat: table t's are the t-th group of SPECTATORS.
  const watchersOf = (t: number) => people.slice(tables * PLAYERS + t * SPECTATORS, tables * PLAYERS + t * SPECTATORS + spectators);

  async function table(t: number): Promise<void> {
    const [host, ...others] = people.slice(t * PLAYERS, t * PLAYERS + PLAYERS) as [Person, ...Person[]];
    for (let round = 0; running; round++) {
      const { id: lobbyID } = await host.lobbies.create.mutate();
      for (const p of others) await p.lobbies.join.mutate({ lobbyID });
      if (TURN_TIMER !== 'auto') await host.lobbies.setTurnTimer.mutate({ lobbyID, turnTimer: TURN_TIMER });
      const { gameID } = await host.lobbies.start.mutate({ lobbyID });
      const watching = watchersOf(t).map((p) =>
        p.spectate(
          gameID,
          () => {
            const at = performance.now();
            if (at >= window.start && at <= window.end) spectatorUpdates++;
          },
          (error) => spectatorErrors.push(String(error)),
        ),
      );
      const mine = [host, ...others].map((p, i) => playSeat(p, gameID, p.userID, seededRng(seed + t * 1000 + round * 10 + i)));
      seats.push(...mine);
      await Promise.all(mine.map((s) => s.done));
      for (const w of watching) w.unsubscribe();
      if (mine.every((s) => s.last !== null && s.last.game.gameEndTimestamp !== null)) games++;
    }
  }

  const cpu0 = { server: 0, bench: process.cpuUsage() };
  const stopper = (async () => {
    await sleep(Math.max(0, window.start - performance.now()));
    cpu0.server = serversCpu(servers);
    cpu0.bench = process.cpuUsage();
    await sleep(Math.max(0, window.end - performance.now()));
    running = false;
    const serverCpu = serversCpu(servers) - cpu0.server;
    const bench = process.cpuUsage(cpu0.bench);
    for (const s of seats) s.stop();
    return { serverCpu, benchCpu: (bench.user + bench.system) / 1e6 };
  })();
  const tablesDone = Promise.all(Array.from({ length: tables }, (_, t) => table(t)));
  const cpu = await stopper;
  await tablesDone;

  const refusals = seats.flatMap((s) => s.refusals);
  if (refusals.length > 0) console.log(`  refusals, e.g.: ${[...new Set(refusals.map((r) => r.replace(/\(on view.*$/, '')))].slice(0, 3).join(' | ')}`);
  if (spectatorErrors.length > 0) console.log(`  spectator errors, e.g.: ${[...new Set(spectatorErrors)].slice(0, 3).join(' | ')}`);
  const acks = seats.flatMap((s) => s.acknowledged);
  const inWindow = acks.filter((a) => a.at >= window.start && a.at <= window.end);
  const sentInWindow = acks.filter((a) => a.at - a.roundTripMs >= window.start && a.at <= window.end);
  return {
    moves: inWindow.length,
    seconds: (window.end - window.start) / 1000,
    roundTrips: sentInWindow.map((a) => a.roundTripMs).sort((x, y) => x - y),
    games,
    refusals: seats.reduce((n, s) => n + s.refusals.length, 0),
    serverCpu: cpu.serverCpu / ((window.end - window.start) / 1000),
    benchCpu: cpu.benchCpu / ((window.end - window.start) / 1000),
    spectators,
    spectatorUpdates,
    spectatorErrors: spectatorErrors.length,
  };
}

/**
 * One game alone, one move at a time: the seat with a decision acts, and the next move waits
 * until every seat's subscription has the update. The round-trip of a move with nothing else
 * going on.
 */
async function unloaded(people: Person[], seconds: number, seed: number): Promise<Outcome> {
  const four = people.slice(0, PLAYERS);
  const end = performance.now() + seconds * 1000;
  const roundTrips: number[] = [];
  let games = 0;
  while (performance.now() < end) {
    const { id: lobbyID } = await four[0]!.lobbies.create.mutate();
    for (const p of four.slice(1)) await p.lobbies.join.mutate({ lobbyID });
    const { gameID } = await four[0]!.lobbies.start.mutate({ lobbyID });
    const latest: (WireUpdate | null)[] = four.map(() => null);
    let wake: () => void = () => undefined;
    const subscriptions = four.map((p, i) =>
      p.games.onGame.subscribe(
        { gameID },
        {
          onData: wholeUpdates((update) => {
            if (!latest[i] || update.sequenceID > latest[i]!.sequenceID) latest[i] = update;
            wake();
          }),
          onError(error) {
            throw error;
          },
        },
      ),
    );
    const settled = (sequenceID: number) => latest.every((u) => u !== null && u.sequenceID >= sequenceID);
    const waitFor = async (sequenceID: number) => {
      while (!settled(sequenceID)) await new Promise<void>((resolve) => (wake = resolve));
    };
    await waitFor(0);
    const rngs = four.map((_, i) => seededRng(seed + games * 10 + i));
    while (latest[0]!.game.gameEndTimestamp === null && performance.now() < end) {
      let seat = -1;
      let action: Action | null = null;
      for (let i = 0; i < PLAYERS && !action; i++) if ((action = decide(latest[i]!, four[i]!.userID, rngs[i]!))) seat = i;
      if (!action) throw new Error('no seat has a decision');
      const sent = performance.now();
      const ack = await four[seat]!.games.act.mutate({ gameID, action }).catch(() => null);
      if (ack) {
        roundTrips.push(performance.now() - sent);
        await waitFor(ack.sequenceID);
      } else await waitFor(latest[seat]!.sequenceID + 1);
    }
    for (const s of subscriptions) s.unsubscribe();
    games++;
  }
  return { moves: roundTrips.length, seconds, roundTrips: roundTrips.sort((x, y) => x - y), games, refusals: 0, serverCpu: NaN, benchCpu: NaN, spectators: 0, spectatorUpdates: 0, spectatorErrors: 0 };
}

/** Server CPU milliseconds per acknowledged move: steadier than rates on a shared machine. */
const cpuPerMove = (o: Outcome) => (o.serverCpu * o.seconds * 1000) / o.moves;

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

interface Summary {
  database: string;
  loaded: Outcome[];
  unloaded: Outcome[];
}

async function benchDatabase(database: 'sqlite' | 'postgres'): Promise<Summary | null> {
  const dataDir = fs.mkdtempSync(path.join(options['data-dir'], 'mythos-bench-'));
  const databaseUrl = database === 'postgres' ? await privateDatabase(process.env.TEST_DATABASE_URL!, 'bench') : '';
  const profileDir = path.join(os.tmpdir(), 'mythos-server-profiles');
  if (PROFILE) fs.rmSync(path.join(profileDir, database), { recursive: true, force: true });
  const instances = database === 'postgres' ? INSTANCES : 1;
  const servers: ServerProcess[] = [];
  const people: Person[] = [];
  try {
    for (let n = 0; n < instances; n++) {
      servers.push(
        await startServerProcess(
          // Every simulated player signs in from this machine: lift the per-address guest throttle.
          { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'production', BOT_DELAY_MS: '0', SESSION_SECRET: 'bench-secret', GUEST_LOGINS_PER_ADDRESS: '100000', GAMES_PER_USER_PER_HOUR: '100000', RATE_SHARED_ADDRESSES: '1', MYTHOS_ALLOCATION_DIR: memoryDir },
          ['--import', memorySampler, ...(ALLOCATION ? ['--import', allocationSampler] : []), ...SERVER_NODE_OPTIONS, ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, database)}`] : [])],
          { tsx: TSX },
        ),
      );
    }
    for (let i = 0; i < GAMES * PLAYERS; i++) people.push(await signIn(servers[i % instances]!.url, `P${i}`, CLIENT));
    for (let i = 0; i < GAMES * SPECTATORS; i++) people.push(await signIn(servers[i % instances]!.url, `S${i}`, CLIENT));
    console.log(
      `${database}: ${people.length} clients signed in (${CLIENT} client) at ${instances} server${instances > 1 ? 's' : ''}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
    );
    const showMemory = (when = 'after the runs') => {
      const memory = servers.map((server) => memoryOf(server.child.pid!));
      const mb = (pick: (m: { rssMB: number; peakMB: number }) => number) => memory.map((m) => pick(m).toFixed(0)).join(' + ') + ' MB';
      const heaps = servers.map((server) => heapOf(server.child.pid!));
      const heap = (pick: (h: ReturnType<typeof heapOf>) => number) => heaps.map((h) => pick(h).toFixed(0)).join(' + ') + ' MB';
      console.log(
        `${database} server memory ${when}: resident ${mb((m) => m.rssMB)}, peak ${mb((m) => m.peakMB)}; ` +
          `V8 heap used ${heap((h) => h.heapUsedMB)} (peak sampled ${heap((h) => h.peakHeapUsedMB)}) of ${heap((h) => h.heapTotalMB)}, external ${heap((h) => h.externalMB)} (array buffers ${heap((h) => h.arrayBuffersMB)})`,
      );
    };
    showMemory('with the clients signed in, before any game');

    if (WHOLE > 0) {
      if (ALLOCATION) {
        // One game alone first, so the profile is of the server's optimised code.
        await unloaded(people, 2, 1);
        await Promise.all(servers.map((server) => signalSampler(server, 'sampling')));
      }
      const moves = await playWhole(database, servers, people, databaseUrl || path.join(dataDir, 'mythos.sqlite'));
      if (ALLOCATION) {
        for (const [n, server] of servers.entries()) {
          // Kept beside --profile's CPU profiles: Chrome's DevTools opens it (Memory, Load).
          const kept = path.join(profileDir, database, `allocation-${n + 1}.heapprofile`);
          fs.mkdirSync(path.dirname(kept), { recursive: true });
          fs.copyFileSync(await signalSampler(server, 'heapprofile'), kept);
          console.log(`\nserver ${n + 1}'s allocation profile: ${kept}`);
          printAllocations(kept, moves / servers.length);
        }
      }
      showMemory();
      return null;
    }
    // Warm the server's JIT up with one game alone, then measure one game alone (unloaded).
    await unloaded(people, 2, 1);
    const alone: Outcome[] = [];
    for (let run = 0; run < RUNS; run++) {
      alone.push(await unloaded(people, 3, 100 + run));
      const u = alone.at(-1)!;
      console.log(`${database} unloaded run ${run + 1}: ${(u.moves / u.seconds).toFixed(0)} moves/s, p50 ${ms(percentile(u.roundTrips, 50))} ms, p99 ${ms(percentile(u.roundTrips, 99))} ms`);
    }
    const loaded: Outcome[] = [];
    for (let run = 0; run < RUNS; run++) {
      // With spectators, each run twice: without and with them, the order swapped each run so
      // neither always comes first on a machine whose load drifts.
      const modes = SPECTATORS === 0 ? [0] : run % 2 === 0 ? [0, SPECTATORS] : [SPECTATORS, 0];
      for (const spectators of modes) {
        loaded.push(await play(servers, people, GAMES, WARMUP, SECONDS, 10_000 * (run + 1), spectators));
        const l = loaded.at(-1)!;
        console.log(
          `${database} loaded run ${run + 1}${SPECTATORS === 0 ? '' : `, ${spectators} spectators a game`}: ${(l.moves / l.seconds).toFixed(0)} moves/s, p50 ${ms(percentile(l.roundTrips, 50))} ms, p99 ${ms(percentile(l.roundTrips, 99))} ms, ` +
            `${l.games} games finished, server CPU ${(l.serverCpu * 100).toFixed(0)}% (${cpuPerMove(l).toFixed(2)} ms a move), clients CPU ${(l.benchCpu * 100).toFixed(0)}%, refusals ${l.refusals}` +
            (spectators === 0 ? '' : `, spectator updates ${(l.spectatorUpdates / l.seconds).toFixed(0)}/s, spectator errors ${l.spectatorErrors}`),
        );
      }
    }
    showMemory();
    return { database, loaded, unloaded: alone };
  } finally {
    for (const p of people) p.close();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const server of servers) fs.rmSync(path.join(memoryDir, `${server.child.pid}.json`), { force: true });
    if (databaseUrl) await dropPrivateDatabase(process.env.TEST_DATABASE_URL!, databaseUrl);
    if (PROFILE) {
      // One profile per thread (tsx runs its loader in a worker): the main thread's is the largest.
      const dir = path.join(profileDir, database);
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(dir, f));
      printProfile(files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!);
    }
  }
}

/**
 * Every table plays WHOLE games to their end, all at once; then the stored action log is held
 * against the acknowledgements: each acknowledged move is stored exactly once, nothing else is.
 */
async function playWhole(database: 'sqlite' | 'postgres', servers: ServerProcess[], people: Person[], where: string): Promise<number> {
  const played: { gameID: string; seats: Seat[]; userIDs: string[] }[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const cpu0 = serversCpu(servers);
  const tables = Array.from({ length: GAMES }, async (_, t) => {
    const four = people.slice(t * PLAYERS, t * PLAYERS + PLAYERS) as [Person, ...Person[]];
    for (let round = 0; round < WHOLE; round++) {
      const { id: lobbyID } = await four[0].lobbies.create.mutate();
      for (const p of four.slice(1)) await p.lobbies.join.mutate({ lobbyID });
      const { gameID } = await four[0].lobbies.start.mutate({ lobbyID });
      const seats = four.map((p, i) => playSeat(p, gameID, p.userID, seededRng(7 + t * 1000 + round * 10 + i)));
      played.push({ gameID, seats, userIDs: four.map((p) => p.userID) });
      const outcomes = await Promise.allSettled(seats.map((s) => s.done));
      for (const o of outcomes) if (o.status === 'rejected') errors.push(`game ${gameID}: ${(o.reason as Error).message}`);
    }
  });
  await Promise.all(tables);
  const seconds = (performance.now() - started) / 1000;
  const cpu = serversCpu(servers) - cpu0;
  const roundTrips = played.flatMap((g) => g.seats.flatMap((s) => s.acknowledged.map((a) => a.roundTripMs))).sort((a, b) => a - b);
  const refusals = played.flatMap((g) => g.seats.flatMap((s) => s.refusals));
  const ended = played.filter((g) => g.seats.every((s) => s.last?.game.gameEndTimestamp != null)).length;

  // The log as stored, per game and player, against what each player was acknowledged.
  const stored = await storedActions(database, where, played.map((g) => g.gameID));
  let lost = 0;
  let extra = 0;
  for (const game of played) {
    game.userIDs.forEach((userID, i) => {
      const acked = game.seats[i]!.acknowledged.length;
      const rows = stored.actions.get(`${game.gameID} ${userID}`) ?? 0;
      if (rows < acked) lost += acked - rows;
      if (rows > acked) extra += rows - acked;
    });
  }
  console.log(
    `${database} whole games: ${played.length} games of ${PLAYERS} on ${servers.length} server${servers.length > 1 ? 's' : ''}, ${ended} seen to their end by every seat, ` +
      `${stored.ended} ended in the database; ${roundTrips.length} moves in ${seconds.toFixed(1)} s (${(roundTrips.length / seconds).toFixed(0)} moves/s), ` +
      `round trip p50 ${ms(percentile(roundTrips, 50))} ms, p99 ${ms(percentile(roundTrips, 99))} ms, server CPU ${((100 * cpu) / seconds).toFixed(0)}% ` +
      `(${((1000 * cpu) / roundTrips.length).toFixed(2)} ms a move); refusals ${refusals.length}, errors ${errors.length}; ` +
      `acknowledged moves missing from the log ${lost}, logged moves never acknowledged ${extra}`,
  );
  for (const line of [...errors, ...refusals].slice(0, 5)) console.log(`  ${line}`);
  return roundTrips.length;
}

/** Stored actions per `gameID userID`, and how many of the games have ended, read from the database. */
async function storedActions(database: 'sqlite' | 'postgres', where: string, gameIDs: string[]): Promise<{ actions: Map<string, number>; ended: number }> {
  const actions = new Map<string, number>();
  let ended = 0;
  const wanted = new Set(gameIDs);
  const countRows = (rows: { game_id: string; user_id: string; n: number | string }[]) => {
    for (const row of rows) if (wanted.has(row.game_id)) actions.set(`${row.game_id} ${row.user_id}`, Number(row.n));
  };
  const countEnded = (rows: { id: string; end_timestamp: number | string | null }[]) => {
    ended = rows.filter((row) => wanted.has(row.id) && row.end_timestamp !== null).length;
  };
  const byUser = 'SELECT game_id, user_id, count(*) AS n FROM game_actions GROUP BY game_id, user_id';
  const games = 'SELECT id, end_timestamp FROM games';
  if (database === 'postgres') {
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    try {
      countRows((await client.query(byUser)).rows);
      countEnded((await client.query(games)).rows);
    } finally {
      await client.end();
    }
  } else {
    const db = new Sqlite(where, { readonly: true });
    try {
      countRows(db.prepare(byUser).all() as never);
      countEnded(db.prepare(games).all() as never);
    } finally {
      db.close();
    }
  }
  return { actions, ended };
}

/** Where a profile sample's self time belongs: the first package on its stack, from the leaf up. */
const AREAS: [RegExp, string][] = [
  [/better-sqlite3|kysely\/dist\/esm\/dialect\/sqlite/, 'SQLite (better-sqlite3 prepare + run)'],
  [/node_modules\/(pg|pg-protocol|pg-pool)\//, 'PostgreSQL driver'],
  [/kysely/, 'kysely (query building)'],
  [/pino|sonic-boom/, 'logging'],
  [/node_modules\/ws\//, 'ws (frames, socket writes)'],
  [/@trpc/, 'tRPC (dispatch, JSON encoding)'],
  [/src\/engine/, 'engine (applyAction, advance, viewFor)'],
  [/game-store/, 'game store (state JSON)'],
  [/src\/server/, 'server code'],
  [/fastify|find-my-way|light-my-request/, 'fastify'],
  [/node:internal\/modules|tsx/, 'module loading'],
];

/** A V8 CPU profile's self time by area and its heaviest functions. */
function printProfile(file: string): void {
  if (!fs.existsSync(file)) return console.log(`no profile at ${file}`);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const area = (id: number): string => {
    const name = nodes.get(id)!.callFrame.functionName;
    if (name === '(idle)' || name === '(garbage collector)' || name === '(program)') return name;
    // Native frames (writev, a statement's run) count for the package that called them.
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = nodes.get(at)!.callFrame.url;
      const hit = AREAS.find(([pattern]) => pattern.test(url));
      if (hit) return hit[1];
    }
    return 'other';
  };
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const a = area(id);
    byArea.set(a, (byArea.get(a) ?? 0) + time);
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + time);
  }
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
  const show = (entries: Map<string, number>, n: number) => {
    for (const [key, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
  };
  console.log(`\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s of the server's main thread, self time by area:`);
  show(byArea, 15);
  console.log('heaviest functions:');
  show(byFunction, 20);
}

const databases: ('sqlite' | 'postgres')[] = DB === 'both' ? ['sqlite', 'postgres'] : [DB];
if (databases.includes('postgres') && !process.env.TEST_DATABASE_URL) {
  console.log('PostgreSQL skipped: TEST_DATABASE_URL is not set');
  databases.splice(databases.indexOf('postgres'), 1);
}
const summaries: Summary[] = [];
for (const database of databases) {
  const summary = await benchDatabase(database);
  if (summary) summaries.push(summary);
}
if (summaries.length === 0) process.exit(0);

console.log(
  `\nmachine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}; ${GAMES} games x ${PLAYERS} websocket clients (${CLIENT}), ` +
    `${RUNS} runs of ${SECONDS} s after ${WARMUP} s; load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
);
console.log('| database | moves/s | round-trip p50 | p99 | server CPU | server CPU a move | unloaded p50 | unloaded p99 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const s of summaries) {
  const u50 = s.unloaded.map((u) => percentile(u.roundTrips, 50));
  const u99 = s.unloaded.map((u) => percentile(u.roundTrips, 99));
  for (const spectators of SPECTATORS === 0 ? [0] : [0, SPECTATORS]) {
    const runs = s.loaded.filter((l) => l.spectators === spectators);
    const rate = runs.map((l) => l.moves / l.seconds);
    const p50 = runs.map((l) => percentile(l.roundTrips, 50));
    const p99 = runs.map((l) => percentile(l.roundTrips, 99));
    const cpu = runs.map((l) => l.serverCpu * 100);
    const label = SPECTATORS === 0 ? s.database : `${s.database}, ${spectators} spectators a game`;
    console.log(
      `| ${label} | ${median(rate).toFixed(0)} (${Math.min(...rate).toFixed(0)}-${Math.max(...rate).toFixed(0)}) | ${ms(median(p50))} ms | ${ms(median(p99))} ms | ${median(cpu).toFixed(0)}% | ` +
        `${median(runs.map(cpuPerMove)).toFixed(2)} ms | ${ms(median(u50))} ms | ${ms(median(u99))} ms |`,
    );
  }
  if (SPECTATORS > 0) {
    const rateOf = (n: number) => median(s.loaded.filter((l) => l.spectators === n).map((l) => l.moves / l.seconds));
    // Run by run (each pair played back to back), and of the medians.
    const pairs = Array.from({ length: RUNS }, (_, run) => s.loaded.slice(run * 2, run * 2 + 2)).map((pair) => {
      const on = pair.find((l) => l.spectators > 0)!;
      const off = pair.find((l) => l.spectators === 0)!;
      return ((100 * on.moves) / on.seconds / (off.moves / off.seconds)).toFixed(1);
    });
    console.log(`${s.database}: moves/s with ${SPECTATORS} spectators a game are ${((100 * rateOf(SPECTATORS)) / rateOf(0)).toFixed(1)}% of those without (medians; run by run ${pairs.join('%, ')}%)`);
  }
}
process.exit(0);
