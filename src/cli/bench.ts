/**
 * `mythos bench`: throughput of full games in this thread: the bare engine (valid_move deciding
 * on the whole game, no views), then each bot kind through the harness (every decision from the
 * bot's own view, as the server runs bots). Short timed runs after a warm-up.
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { playBotGame, playRawGame } from '../bots/harness.js';
import { BOT_TYPES, type BotType } from '../engine/index.js';
import { parseInteger, parseKinds, parseSeconds } from './args.js';
import { definitionsFrom } from './card-dir.js';
import type { Io } from './io.js';
import { botSeedFor, gameSetup, SIM_START, SIM_STEP_MILLIS } from './match.js';
import { builtinSeat } from './seat-spec.js';
import { formatTable } from './table.js';

export interface BenchRow {
  name: string;
  games: number;
  moves: number;
  seconds: number;
  gamesPerSecond: number;
  movesPerSecond: number;
}

export interface BenchArgs {
  seconds: number;
  kinds: BotType[];
  players: number;
  /** A copy of data/ to measure with (--cards); by default the game's own card files. */
  cardsDir?: string | null;
}

/** One game of the bare engine: valid_move decides from the whole game, no views. */
function engineGame(players: number, seed: number, cardsDir: string | null): number {
  return playRawGame(definitionsFrom(cardsDir), players, seed, botSeedFor(seed), SIM_START, SIM_STEP_MILLIS);
}

function harnessGame(kind: BotType, players: number, seed: number, cardsDir: string | null): number {
  const match = { seats: Array.from({ length: players }, () => builtinSeat(kind)), options: {}, modules: [], baseSeed: seed, cardsDir, botTimeoutMs: 0, expertBudget: null };
  return playBotGame(gameSetup(match, 0), seed, botSeedFor(seed), SIM_STEP_MILLIS, SIM_START).actions.length;
}

/** Plays games back to back for `warmUpSeconds`, then for `seconds` while counting them. */
export function timeGames(name: string, seconds: number, play: (seed: number) => number, warmUpSeconds = seconds / 4): BenchRow {
  const warmUntil = performance.now() + warmUpSeconds * 1000;
  let seed = 1_000_000;
  while (performance.now() < warmUntil) play(seed++);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let games = 0;
  let moves = 0;
  while (performance.now() < deadline) {
    moves += play(1 + games);
    games++;
  }
  const elapsed = (performance.now() - started) / 1000;
  return { name, games, moves, seconds: elapsed, gamesPerSecond: games / elapsed, movesPerSecond: moves / elapsed };
}

export function runBench(args: BenchArgs, io: Io): BenchRow[] {
  io.out(`bench: full ${args.players}-player games in one thread, ${args.seconds} s per row (node ${process.version})\n\n`);
  // The engine needs some 300 games before V8 has compiled its hot paths: the first row warms up longer.
  const engineWarmUp = Math.min(1.5, args.seconds / 2);
  const rows: BenchRow[] = [timeGames('engine (valid_move, no views)', args.seconds, (seed) => engineGame(args.players, seed, args.cardsDir ?? null), engineWarmUp)];
  for (const kind of args.kinds) rows.push(timeGames(`${kind} x${args.players}`, args.seconds, (seed) => harnessGame(kind, args.players, seed, args.cardsDir ?? null)));
  const table = rows.map((r) => [
    r.name,
    String(r.games),
    r.gamesPerSecond.toFixed(1),
    r.movesPerSecond.toFixed(0),
    (1000 / r.gamesPerSecond).toFixed(2),
    (r.moves / Math.max(1, r.games)).toFixed(1),
  ]);
  io.out(formatTable(['seats', 'games', 'games/s', 'moves/s', 'ms/game', 'moves/game'], table));
  return rows;
}

export function benchCommand(io: Io): Command {
  return new Command('bench')
    .description('measure engine and bot throughput (full games per second, one thread)')
    .option('--seconds <s>', 'timed seconds per row', '2')
    .option('--kinds <list>', `bot kinds to time (${BOT_TYPES.join(', ')})`, BOT_TYPES.join(','))
    .option('--players <n>', 'players per game', '4')
    .option('--cards <dir>', 'play with the card files of this directory (an edited copy of data/)')
    .addHelpText(
      'after',
      `
Examples:
  $ mythos bench
  $ mythos bench --seconds 5 --kinds valid_move,basic_bot
  $ NODE_ENV=production mythos bench --players 2`,
    )
    .action((raw: { seconds: string; kinds: string; players: string; cards?: string }) => {
      const cardsDir = raw.cards === undefined ? null : resolve(raw.cards);
      definitionsFrom(cardsDir);
      runBench(
        {
          cardsDir,
          seconds: parseSeconds(raw.seconds, '--seconds'),
          kinds: parseKinds(raw.kinds, '--kinds'),
          players: parseInteger(raw.players, '--players', { min: 2, max: 8 }),
        },
        io,
      );
    });
}
