/**
 * `mythos tournament`: bots against bots over many games, seats rotating game by game, on worker
 * threads. Prints a table per bot kind; --out writes JSON or CSV, --save-games one replay per game.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Command } from 'commander';
import { addSimulationFlags, checkDirectory, outputKind, parseSimulationFlags, type RawSimulationFlags, type SimulationFlags } from './common-flags.js';
import { describeSetup } from './describe.js';
import type { Io } from './io.js';
import { resolvedOptions, type Match } from './match.js';
import { runGames } from './pool.js';
import { progressBar } from './progress.js';
import type { GameRecord } from './tournament-game.js';
import { kindResults, resultsTable, tournamentCSV, tournamentJSON, type KindResult, type TournamentConfig } from './tournament-report.js';

export interface TournamentArgs extends SimulationFlags {
  out: string | null;
  saveGames: string | null;
}

export interface TournamentOutcome {
  config: TournamentConfig;
  results: KindResult[];
  records: GameRecord[];
  seconds: number;
  gamesPerSecond: number;
}

export async function runTournament(args: TournamentArgs, io: Io): Promise<TournamentOutcome> {
  const outKind = args.out === null ? null : outputKind(args.out, '--out', ['json', 'csv'] as const);
  if (args.saveGames !== null) {
    checkDirectory(args.saveGames, '--save-games');
    mkdirSync(args.saveGames, { recursive: true });
  }
  const match: Match = { seats: args.seats, options: args.options, modules: args.modules, baseSeed: args.seed };
  const config: TournamentConfig = { seats: args.seats, games: args.games, seed: args.seed, options: resolvedOptions(match), modules: args.modules };
  io.out(`tournament: ${args.games} games, ${describeSetup(config)}\n\n`);

  const bar = progressBar(io, args.games, { quiet: args.quiet, label: 'tournament' });
  const started = performance.now();
  let records: GameRecord[];
  try {
    records = await runGames({ kind: 'tournament', match, saveDir: args.saveGames }, args.games, { workers: args.workers, onProgress: (n) => bar.update(n) });
  } finally {
    bar.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const gamesPerSecond = args.games / seconds;

  const results = kindResults(args.seats, records);
  io.out(resultsTable(results));
  if (args.out !== null) {
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, outKind === 'json' ? tournamentJSON(config, results, records) : tournamentCSV(args.seats.length, records));
    io.out(`\nwrote ${args.out}\n`);
  }
  if (args.saveGames !== null) io.out(`saved ${args.games} replays in ${args.saveGames}\n`);
  const threads = args.workers === 0 ? 'in the main thread' : `${Math.min(args.workers, args.games)} worker thread${Math.min(args.workers, args.games) === 1 ? '' : 's'}`;
  io.out(`\n${args.games} games in ${seconds.toFixed(2)} s: ${gamesPerSecond.toFixed(1)} games/s (${threads})\n`);
  return { config, results, records, seconds, gamesPerSecond };
}

interface RawTournamentFlags extends RawSimulationFlags {
  out?: string;
  saveGames?: string;
}

export function tournamentCommand(io: Io): Command {
  const command = new Command('tournament').description('play bots against each other over many games and compare them by kind');
  addSimulationFlags(command, { seats: 'basic_bot,easy_bot,valid_move,random_card', games: '100' })
    .option('--out <file>', 'write results: .json (per kind and per game) or .csv (per game)')
    .option('--save-games <dir>', 'write one replay file per game (see `mythos replay`)')
    .addHelpText(
      'after',
      `
Seats rotate game by game (game i shifts the seat order by i) and game i uses seed + i, so the same
arguments give the same results whatever the number of workers. A tie counts as a shared win (1/k).

Examples:
  $ mythos tournament --seats basic_bot,easy_bot,valid_move,valid_move --games 1000
  $ mythos tournament --seats valid_move,valid_move,valid_move,valid_move --games 1000 --seed 7 --out results.json
  $ mythos tournament --seats easy_bot,basic_bot --option warTokens --option unbid=false --module conquest
  $ mythos tournament --seats basic_bot,basic_bot2,easy_bot --games 50 --save-games replays/ --workers 2`,
    )
    .action(async (raw: RawTournamentFlags) => {
      const flags = parseSimulationFlags(raw);
      await runTournament({ ...flags, out: raw.out ?? null, saveGames: raw.saveGames ?? null }, io);
    });
  return command;
}
