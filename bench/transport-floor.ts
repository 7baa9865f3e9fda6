/**
 * The floor of the live path's transport: what the stack alone costs a move, with no game in it.
 *
 * A server process of the same stack as ours (fastify, @fastify/websocket, tRPC 11's websocket
 * handler, a zod-checked `act` mutation, an `onGame` subscription fed through the same
 * `listen` iterator, one corked write per socket per turn), but no engine, no database, no views,
 * no sign-in: `act` only numbers the move, answers `{ sequenceID }`, and hands each of the
 * game's four subscribers a patch recorded from a real game (the same bytes the real server
 * sends at that step). In this process, 50 games x 4 websocket clients, each with one move in
 * flight at a time, closed loop: the shape of `npm run bench:server`'s loaded run. Both sides are
 * pinned as the boardgame.io harness pins them (server CPU 0, clients CPU 1) when taskset works.
 *
 * What it answers: the server CPU a move that this transport costs before any game work, and
 * so the most moves a second one core can carry on it. Whatever the real server does besides
 * (rules, views, patches, durable writes, sign-in) comes on top of this.
 *
 *   npx tsx bench/transport-floor.ts [--games 50] [--seconds 10] [--warmup 3] [--runs 3] [--empty] [--plain]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { z } from 'zod';
import { advance, createGame, type Game } from '../src/engine/index.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';
import type { Patch } from '../src/engine/json-patch.js';
import { Version } from '../src/server/delivery/game-versions.js';
import { coalesceServerWrites } from '../src/server/delivery/socket-writes.js';
import { listen } from '../src/server/trpc/bus-iterator.js';
import { playToEnd } from '../tests/support/play.js';
import { LOAD_RUN_OPTIONS, benchOptions, numberOption } from './options.js';

const PLAYERS = 4;
const options = benchOptions({
  ...LOAD_RUN_OPTIONS,
  empty: { type: 'boolean', default: false },
  plain: { type: 'boolean', default: false },
  // The server process: this script started again by main().
  serve: { type: 'boolean', default: false },
});
/** --empty: every patch empty, to see what the messages' size costs against their number. */
const EMPTY = options.empty;
/**
 * --plain: the same wire protocol answered by hand on a bare ws server (no fastify, no tRPC, no
 * zod), to see what the framework's own dispatch costs against the sockets and JSON underneath.
 */
const PLAIN = options.plain;

/** The patches each of four players was sent, step by step, in real games: what the server sends. */
function recordedPatches(games: number): Patch[][] {
  const bySeat: Patch[][] = Array.from({ length: PLAYERS }, () => []);
  for (let seed = 1; seed <= games; seed++) {
    const start = createGame({ players: ['a', 'b', 'c', 'd'].map((userID) => ({ userID })), options: {}, modules: [], definitions: GAME_DEFINITIONS }, seed, 1_700_000_000_000);
    const states: Game[] = [advance(start, start.updateTimestamp).game];
    playToEnd(states[0]!, seed + 1, (game) => {
      if (game.sequenceID !== states.at(-1)!.sequenceID) states.push(game);
    });
    ['a', 'b', 'c', 'd'].forEach((viewer, seat) => {
      let version: Version | null = null;
      for (const state of states) {
        version = new Version(state, viewer, version);
        if (version.patch) bySeat[seat]!.push(version.patch);
      }
    });
  }
  return bySeat;
}

// ---------------------------------------------------------------------------------------- server

/** The bench's protocol by hand: JSON-RPC messages of tRPC's websocket shape, no framework. */
async function servePlain(patches: Patch[][]): Promise<void> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
  coalesceServerWrites(server);
  const games = new Map<string, { sequenceID: number; seats: { socket: WebSocket; id: number }[] }>();
  const gameOf = (gameID: string) => {
    let game = games.get(gameID);
    if (!game) games.set(gameID, (game = { sequenceID: 0, seats: [] }));
    return game;
  };
  server.on('connection', (socket) => {
    socket.on('message', (raw: Buffer) => {
      const { id, method, params } = JSON.parse(raw.toString()) as { id: number; method: string; params: { path: string; input: { gameID: string } } };
      const game = gameOf(params.input.gameID);
      if (method === 'subscription') {
        game.seats.push({ socket, id });
        socket.send(JSON.stringify({ id, result: { type: 'started' } }));
        return;
      }
      const sequenceID = ++game.sequenceID;
      game.seats.forEach((s, seat) => {
        const recorded = patches[seat % PLAYERS]!;
        const data = { sequenceID, baseSequenceID: sequenceID - 1, patch: EMPTY ? [] : recorded[sequenceID % recorded.length], away: [] };
        s.socket.send(JSON.stringify({ id: s.id, result: { type: 'data', data } }));
      });
      socket.send(JSON.stringify({ id, result: { type: 'data', data: { sequenceID } } }));
    });
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', () => process.exit(0));
}

async function serve(): Promise<void> {
  const patches = recordedPatches(3);
  if (PLAIN) return servePlain(patches);
  const t = initTRPC.create();
  const games = new Map<string, { sequenceID: number; seats: ((message: unknown) => void)[] }>();
  const gameOf = (gameID: string) => {
    let game = games.get(gameID);
    if (!game) games.set(gameID, (game = { sequenceID: 0, seats: [] }));
    return game;
  };
  const gameInput = z.object({ gameID: z.string().min(1).max(64) });
  const actInput = gameInput.extend({ action: z.object({ type: z.string(), tradeRowIndex: z.number().int().optional(), military: z.number().int().optional() }) });
  const router = t.router({
    act: t.procedure.input(actInput).mutation(({ input }) => {
      const game = gameOf(input.gameID);
      const sequenceID = ++game.sequenceID;
      game.seats.forEach((deliver, seat) => {
        const recorded = patches[seat % PLAYERS]!;
        deliver({ sequenceID, baseSequenceID: sequenceID - 1, patch: EMPTY ? [] : recorded[sequenceID % recorded.length], away: [] });
      });
      return { sequenceID };
    }),
    onGame: t.procedure.input(gameInput).subscription(async function* ({ input, signal }) {
      const game = gameOf(input.gameID);
      const feed = listen<unknown>((deliver) => {
        game.seats.push(deliver);
        return () => game.seats.splice(game.seats.indexOf(deliver), 1);
      }, signal);
      try {
        yield* feed;
      } finally {
        feed.close();
      }
    }),
  });
  const fastify = Fastify({ logger: false });
  await fastify.register(websocket, { options: { maxPayload: 64 * 1024 } });
  coalesceServerWrites(fastify.websocketServer);
  await fastify.register(fastifyTRPCPlugin, { prefix: '/trpc', useWSS: true, trpcOptions: { router, ...{ keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 } } } });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  const address = fastify.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------- clients

const canPin = os.cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One seat: subscribed to its game, one `act` in flight at a time, sent again at each answer. */
function seat(port: number, gameID: string, counts: { acked: number; delivered: number }, running: () => boolean): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc`);
  let next = 2;
  const act = () => socket.send(JSON.stringify({ id: next++, method: 'mutation', params: { path: 'act', input: { gameID, action: { type: 'BID', tradeRowIndex: 2, military: 1 } } } }));
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as { id: number; result?: { type: string; data?: unknown } };
    if (message.id === 1) {
      if (message.result?.type === 'started') act();
      else if (message.result?.type === 'data') counts.delivered++;
      return;
    }
    counts.acked++;
    if (running()) act();
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'onGame', input: { gameID } } }));
      resolve(socket);
    });
  });
}

async function main(): Promise<void> {
  const GAMES = numberOption('games', options.games);
  const SECONDS = numberOption('seconds', options.seconds);
  const WARMUP = numberOption('warmup', options.warmup);
  const RUNS = numberOption('runs', options.runs);
  if (canPin) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)]);
  const script = fileURLToPath(import.meta.url);
  const rows: { moves: number; cpu: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const command = canPin ? 'taskset' : process.execPath;
    const args = [...(canPin ? ['-c', '0', process.execPath] : []), '--import', 'tsx', script, '--serve', ...(EMPTY ? ['--empty'] : []), ...(PLAIN ? ['--plain'] : [])];
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } });
    const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
    const counts = { acked: 0, delivered: 0 };
    let running = true;
    const sockets = await Promise.all(Array.from({ length: GAMES * PLAYERS }, (_, i) => seat(port, `game-${Math.floor(i / PLAYERS)}`, counts, () => running)));
    await sleep(WARMUP * 1000);
    const start = { acked: counts.acked, cpu: cpuSeconds(child.pid!), bench: process.cpuUsage(), at: performance.now() };
    await sleep(SECONDS * 1000);
    const seconds = (performance.now() - start.at) / 1000;
    const moves = (counts.acked - start.acked) / seconds;
    const cpu = (cpuSeconds(child.pid!) - start.cpu) / seconds;
    const bench = process.cpuUsage(start.bench);
    running = false;
    rows.push({ moves, cpu });
    console.log(
      `run ${run}: ${moves.toFixed(0)} moves/s, server CPU ${(cpu * 100).toFixed(0)}% (${((cpu / moves) * 1e6).toFixed(0)} us a move), ` +
        `clients CPU ${(((bench.user + bench.system) / 1e6 / seconds) * 100).toFixed(0)}%, ${counts.delivered} patches delivered`,
    );
    for (const s of sockets) s.close();
    child.send('exit');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const perMove = median(rows.map((r) => (r.cpu / r.moves) * 1e6));
  console.log(`\n${GAMES} games x ${PLAYERS} websocket clients, ${canPin ? 'server on CPU 0, clients on CPU 1' : 'not pinned'}, ${RUNS} runs of ${SECONDS} s`);
  console.log('| transport alone | moves/s | server CPU | server CPU a move | most moves/s on one core |');
  console.log('|---|---|---|---|---|');
  console.log(`| ${PLAIN ? 'bare ws, the same protocol by hand' : 'tRPC 11 over ws'}${EMPTY ? ', empty patches' : ', recorded patches'}, median | ${median(rows.map((r) => r.moves)).toFixed(0)} | ${(median(rows.map((r) => r.cpu)) * 100).toFixed(0)}% | ${perMove.toFixed(0)} us | ${(1e6 / perMove).toFixed(0)} |`);
}

if (options.serve) await serve();
else await main();
